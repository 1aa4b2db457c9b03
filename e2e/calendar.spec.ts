// Issue 30 item 4: a member's calendar feed. The link is made in Settings and read, as a calendar
// app reads it, with no session; ical.js finds the task and the project on their due dates.
import { parseCalendarFeed } from '../src/server/test/calendar-feed';
import { expect, newAccount, signUpThroughApi, test, toast } from './fixtures';

/** The UTC day `days` from now, as the API takes due dates. */
function daysFromNow(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test.describe('Member', () => {
  test('subscribes a calendar to their due dates, and a regenerated link ends the old one', async ({ page, request }) => {
    await signUpThroughApi(page, newAccount('calendar'));
    const me = await (await page.request.get('/api/me')).json();
    const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
    const projectName = `Harbor Calendar ${Date.now().toString(36)}`;
    const projectDue = daysFromNow(20);
    const project = await page.request.post('/api/projects', { data: { name: projectName, clientId: (await client.json()).id, dueDate: projectDue } });
    expect(project.status(), await project.text()).toBe(201);
    const projectId = (await project.json()).id as string;
    const taskDue = daysFromNow(10);
    const task = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title: 'Send the roast schedule', assigneeId: me.profile.id, dueDate: taskDue } });
    expect(task.status(), await task.text()).toBe(201);
    const taskId = (await task.json()).id as string;

    await page.goto('/?tab=settings&section=notifications');
    const card = page.getByTestId('calendar-feed');
    await expect(card.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();
    await card.getByRole('button', { name: 'Create link' }).click();
    const link = card.getByRole('textbox', { name: 'Calendar link' });
    await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expect(card.getByText("it won't be shown again")).toBeVisible();
    const firstUrl = await link.inputValue();

    // A calendar app: its own request context, no cookie.
    const feed = await request.get(firstUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = parseCalendarFeed(await feed.text());
    const taskEvent = events.find((event) => event.uid === `task-${taskId}@brieflane`);
    const projectEvent = events.find((event) => event.uid === `project-${projectId}@brieflane`);
    expect(taskEvent).toMatchObject({ summary: `Send the roast schedule (${projectName})`, start: taskDue, allDay: true });
    expect(projectEvent).toMatchObject({ summary: `Project due: ${projectName}`, start: projectDue, allDay: true });

    // The event's link opens the task in its panel over the project page.
    await page.goto(taskEvent!.url!);
    await expect(page.getByRole('dialog', { name: 'Send the roast schedule' })).toBeVisible();

    // Settings says the feed was read; the link itself is not shown again.
    await page.goto('/?tab=settings&section=notifications');
    await expect(card.getByTestId('calendar-last-fetched')).not.toHaveText('Not yet');
    await expect(card.getByRole('textbox', { name: 'Calendar link' })).toHaveCount(0);

    await card.getByRole('button', { name: 'Regenerate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Regenerate the calendar link?' });
    await confirm.getByRole('button', { name: 'Regenerate' }).click();
    await expect(toast(page, 'New calendar link created')).toBeVisible();
    await expect(link).not.toHaveValue(firstUrl);
    const secondUrl = await link.inputValue();

    const old = await request.get(firstUrl);
    expect(old.status()).toBe(404);
    expect((await old.json()).error.code).toBe('calendar_feed_not_found');
    expect((await request.get(secondUrl)).status()).toBe(200);

    await card.getByRole('button', { name: 'Turn off' }).click();
    await page.getByRole('alertdialog', { name: 'Turn off the calendar feed?' }).getByRole('button', { name: 'Turn off' }).click();
    await expect(card.getByRole('button', { name: 'Create link' })).toBeVisible();
    expect((await request.get(secondUrl)).status()).toBe(404);
  });
});
