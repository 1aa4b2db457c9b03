// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEMPLATE_MESSAGES } from '@/domain/templates';
import { templatesApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
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
    expect(await screen.findByText(TEMPLATE_MESSAGES.noTemplates)).toBeTruthy();
    expect(screen.getByText(TEMPLATES_TEXTS.noTemplatesHelp)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: TEMPLATES_TEXTS.createFirst }));
    expect(await screen.findByRole('dialog', { name: TEMPLATES_TEXTS.createTitle })).toBeTruthy();
  });
});
