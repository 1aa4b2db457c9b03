// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TASK_MESSAGES } from '@/domain/tasks';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { TASK_TEXTS } from '@/web/features/tasks/texts';
import { memberProjectSource } from '@/web/lib/project-source';
import { commentsApi, tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TaskPanel, type TaskPanelAccess } from './task-panel';
import { aTask } from '@/web/test/fixtures';

// jsdom has no CSS.escape, which the panel's focus on closing uses (the browser has it).
vi.stubGlobal('CSS', { escape: (value: string) => value });

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const TASK = '00000000-0000-4000-8000-0000000000bb';
const source = memberProjectSource(PROJECT);

const task = aTask({ id: TASK, projectId: PROJECT });

const readOnly: TaskPanelAccess = {
  status: { kind: 'none' },
  canEditFields: false,
  showAssignee: false,
  showActivity: false,
  canComment: false,
  canMention: false,
  canFollow: false,
};

const renderPanel = () => renderWithProviders(<TaskPanel source={source} taskId={TASK} access={readOnly} pagePath={`/project/${PROJECT}`} />, { route: `/project/${PROJECT}/tasks/${TASK}` });

describe('TaskPanel load', () => {
  it('says a task that failed to load failed, with Retry; Retry shows it once the server is back (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(tasksApi.get(source.basePath, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : task)), commentsApi.list(source.basePath));
    await renderPanel();
    const panel = await screen.findByRole('dialog');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toContain(en(TASK_TEXTS.panel.loadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await within(panel).findByRole('heading', { name: 'Print menu boards' })).toBeTruthy();
    expect(within(panel).queryByRole('alert')).toBeNull();
  });

  it('says a task that is gone is not found, with nothing to retry', async () => {
    apiServer.use(tasksApi.get(source.basePath, apiError(404, 'not_found', TASK_MESSAGES.notFound)));
    await renderPanel();
    const panel = await screen.findByRole('dialog');
    const alert = await within(panel).findByRole('alert');
    expect(alert.textContent).toBe(TASK_MESSAGES.notFound);
    expect(within(panel).queryByRole('button', { name: en(UI_TEXTS.retry) })).toBeNull();
  });
});
