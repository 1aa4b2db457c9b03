// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES, type Template } from '@/domain/templates';
import { templatesApi } from '@/web/test/api-handlers';
import { apiServer, byCursor } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TEMPLATES_TEXTS } from '../texts';
import { TemplatesTab } from './templates-tab';

async function renderTab(role: 'admin') {
  apiServer.use(templatesApi.list());
  await renderWithProviders(<TemplatesTab role={role} onUseTemplate={() => {}} />);
}

describe('Templates tab, no templates yet (issue 27)', () => {
  it('offers those who manage templates the first one, opening Create Template', async () => {
    await renderTab('admin');
    expect(await screen.findByText(en(TEMPLATE_MESSAGES.noTemplates))).toBeTruthy();
    expect(screen.getByText(en(TEMPLATES_TEXTS.noTemplatesHelp))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(TEMPLATES_TEXTS.createFirst) }));
    expect(await screen.findByRole('dialog', { name: en(TEMPLATES_TEXTS.createTitle) })).toBeTruthy();
  });
});

const aTemplate = (n: number): Template => ({
  id: `t${n}`,
  name: `Template ${n}`,
  description: null,
  status: 'active',
  fields: [],
  createdAt: '2026-01-05T10:00:00.000Z',
});
const templates = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => aTemplate(from + i));

describe('Templates tab, Load more (issue 49 item 6)', () => {
  it('counts the cards on screen, not the templates that match, and gives the first new card the focus', async () => {
    apiServer.use(
      templatesApi.list(
        byCursor({
          '': { items: templates(1, 48), nextCursor: 'page-2', matched: 50, total: 50 },
          'page-2': { items: templates(49, 50), nextCursor: null, matched: 50, total: 50 },
        }),
      ),
    );
    await renderWithProviders(<TemplatesTab role="admin" onUseTemplate={() => {}} />);
    expect(await screen.findByText('Showing 48 of 50 templates')).toBeTruthy();
    expect(screen.getAllByTestId('template-card')).toHaveLength(48);

    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    fireEvent.click(more);
    expect(await screen.findByText('Showing 50 of 50 templates')).toBeTruthy();
    const cards = screen.getAllByTestId('template-card');
    expect(cards).toHaveLength(50);
    await waitFor(() => expect(document.activeElement).toBe(cards[48]));
  });
});
