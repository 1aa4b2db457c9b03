// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RECURRENCE_WORDS } from '@/domain/recurrence-rules';
import type { Task } from '@/domain/tasks';
import { memberProjectSource } from '@/web/lib/project-source';
import { tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, sentRequests } from '@/web/test/api-server';
import { aTask } from '@/web/test/fixtures';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { taskQuery } from '../api';
import { TASK_TEXTS } from '../texts';
import { RepeatControl } from './repeat-control';

const PROJECT = '00000000-0000-4000-8000-0000000000aa';
const source = memberProjectSource(PROJECT);

/** The panel's copy of the task, as the server keeps it: each rule sent is the task's until the next. */
function serve(start: Task) {
  let task = start;
  apiServer.use(
    tasksApi.get(source.basePath, () => task),
    tasksApi.setRecurrence(source.basePath, ({ body }) => {
      task = { ...task, recurrence: { rule: (body as { rule: string }).rule } };
      return task;
    }),
    tasksApi.clearRecurrence(source.basePath, () => {
      task = { ...task, recurrence: null };
      return task;
    }),
  );
}

function Panel({ taskId }: { taskId: string }) {
  const task = useQuery(taskQuery(source, taskId));
  return task.data ? <RepeatControl source={source} task={task.data} /> : null;
}

const rulesSent = () => sentRequests.filter((request) => request.path.endsWith('/recurrence')).map((request) => (request.method === 'DELETE' ? null : (request.body as { rule: string }).rule));

describe('the Repeat control (issue 51 item 4)', () => {
  // 2026-12-03 is the first Thursday of December.
  const task = aTask({ dueDate: '2026-12-03' });

  it('makes a task repeat weekly from its due date’s weekday, adds a day, says it in words, and stops it', async () => {
    serve(task);
    await renderWithProviders(<Panel taskId={task.id} />);
    const repeat = await screen.findByRole('combobox', { name: en(TASK_TEXTS.repeat.label) });
    expect((repeat as HTMLSelectElement).value).toBe('none');

    fireEvent.change(repeat, { target: { value: 'weekly' } });
    const days = await screen.findByRole('group', { name: en(TASK_TEXTS.repeat.days) });
    expect(within(days).getByRole('button', { name: 'Thursday' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(within(days).getByRole('button', { name: 'Monday' }));
    expect(await screen.findByText('Repeats weekly on Mon, Thu')).toBeTruthy();
    expect(within(days).getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(repeat, { target: { value: 'none' } });
    await waitFor(() => expect(screen.queryByRole('group', { name: en(TASK_TEXTS.repeat.days) })).toBeNull());
    expect(rulesSent()).toEqual(['FREQ=WEEKLY;BYDAY=TH', 'FREQ=WEEKLY;BYDAY=MO,TH', null]);
  });

  it('sends no weekly rule without a day: it asks for one', async () => {
    serve({ ...task, recurrence: { rule: 'FREQ=WEEKLY;BYDAY=TH' } });
    await renderWithProviders(<Panel taskId={task.id} />);
    const days = await screen.findByRole('group', { name: en(TASK_TEXTS.repeat.days) });
    fireEvent.click(within(days).getByRole('button', { name: 'Thursday' }));
    expect(await screen.findByText(en(TASK_TEXTS.repeat.chooseDay))).toBeTruthy();
    expect(rulesSent()).toEqual([]);
    fireEvent.click(within(days).getByRole('button', { name: 'Friday' }));
    await waitFor(() => expect(rulesSent()).toEqual(['FREQ=WEEKLY;BYDAY=FR']));
  });

  it('offers every weekday, the day of the month and the n-th weekday, each from the due date', async () => {
    serve(task);
    await renderWithProviders(<Panel taskId={task.id} />);
    const repeat = await screen.findByRole('combobox', { name: en(TASK_TEXTS.repeat.label) });

    fireEvent.change(repeat, { target: { value: 'weekdays' } });
    expect(await screen.findByText(en(RECURRENCE_WORDS.weekdays))).toBeTruthy();

    fireEvent.change(repeat, { target: { value: 'monthly_day' } });
    const day = await screen.findByRole('spinbutton', { name: en(TASK_TEXTS.repeat.dayOfMonth) });
    expect((day as HTMLInputElement).value).toBe('3');
    fireEvent.change(day, { target: { value: '15' } });
    fireEvent.blur(day);
    expect(await screen.findByText('Repeats monthly on day 15')).toBeTruthy();

    fireEvent.change(repeat, { target: { value: 'monthly_weekday' } });
    expect(await screen.findByText('Repeats monthly on the first Thursday')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: en(TASK_TEXTS.repeat.nth) }), { target: { value: '-1' } });
    expect(await screen.findByText('Repeats monthly on the last Thursday')).toBeTruthy();
    expect(rulesSent()).toEqual([
      'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR',
      'FREQ=MONTHLY;BYMONTHDAY=3',
      'FREQ=MONTHLY;BYMONTHDAY=15',
      'FREQ=MONTHLY;BYDAY=TH;BYSETPOS=1',
      'FREQ=MONTHLY;BYDAY=TH;BYSETPOS=-1',
    ]);
  });

  it('says why a rule was refused and keeps the task as it was', async () => {
    apiServer.use(
      tasksApi.get(source.basePath, task),
      tasksApi.setRecurrence(source.basePath, apiError(400, 'validation_error', 'Choose at least one day of the week.')),
    );
    await renderWithProviders(<Panel taskId={task.id} />);
    const repeat = await screen.findByRole('combobox', { name: en(TASK_TEXTS.repeat.label) });
    fireEvent.change(repeat, { target: { value: 'weekly' } });
    expect(await screen.findByText(en(TASK_TEXTS.repeat.saveFailed))).toBeTruthy();
    expect((repeat as HTMLSelectElement).value).toBe('none');
  });
});
