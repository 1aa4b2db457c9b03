// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { en } from '@/web/test/texts';
import { clientsApi, templatesApi } from '@/web/test/api-handlers';
import { apiError, apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { PROJECTS_TEXTS } from '../texts';
import { CreateProjectDialog } from './create-project-dialog';

const unreachable = () => apiError(503, 'service_unavailable', 'The database is not reachable.');

describe('Create New Project', () => {
  it('says clients and templates that failed to load failed, each with Retry, rather than loading for ever or offering no template (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(
      clientsApi.options(() => (down ? unreachable() : { items: [{ id: 'c1', name: 'Harbor Coffee' }], nextCursor: null })),
      templatesApi.list(() =>
        down ? unreachable() : { items: [{ id: 't1', name: 'Brand Brief', description: null, status: 'active', fields: [], createdAt: '2026-01-01T00:00:00.000Z' }], nextCursor: null, matched: 1, total: 1 },
      ),
    );
    await renderWithProviders(<CreateProjectDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    const alerts = async () => (await within(dialog).findAllByRole('alert')).map((alert) => alert.textContent ?? '');
    await expect.poll(alerts).toEqual([expect.stringContaining(en(PROJECTS_TEXTS.templatesLoadFailed)), expect.stringContaining(en(PROJECTS_TEXTS.clientsLoadFailed))]);
    expect(within(dialog).getByRole('combobox', { name: en(UI_TEXTS.clientSelect.label) }).textContent).not.toContain(en(UI_TEXTS.clientSelect.loading));

    down = false;
    for (const alert of within(dialog).getAllByRole('alert')) fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await within(dialog).findByRole('combobox', { name: en(PROJECTS_TEXTS.template) })).toBeTruthy();
    await expect.poll(() => within(dialog).queryAllByRole('alert')).toEqual([]);
    expect(within(dialog).getByRole('combobox', { name: en(UI_TEXTS.clientSelect.label) }).hasAttribute('disabled')).toBe(false);
  });
});
