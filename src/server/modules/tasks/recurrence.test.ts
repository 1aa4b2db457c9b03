// Issue 51 item 4: recurring tasks through the API: a rule set and cleared by staff, refused on
// the `rule` field when outside the model, the next occurrence made exactly once when one is
// completed and when its due date comes (the job, in the organization's time zone), "skip this one".
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECURRENCE_MESSAGES } from '../../../domain/recurrence-rules';
import { fixedClock } from '../../platform/clock';
import { organizations } from '../../platform/db/schema/tenancy';
import type { Platform } from '../../platform/platform';
import { activityLogs } from '../activity/schema';
import { makeDueOccurrences } from './recurrence';
import { tasks } from './schema';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

// A Sunday; 2026-11-26 is a Thursday, 2026-11-30 a Monday.
const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('recurring tasks', () => {
  let t: TestApp;
  let a: Agency;
  let platform: Platform;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { developer: 'Dana Dev', project: 'Recurring Project' });
    platform = { config: t.config, database: t.database, db: t.db, clock, storage: undefined as never };
  });
  afterAll(() => t.close());

  const url = (taskId = '') => `/api/projects/${a.projectId}/tasks${taskId ? `/${taskId}` : ''}`;
  const add = async (payload: Record<string, unknown>) => {
    const res = await a.orgAdmin.inject({ method: 'POST', url: url(), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const repeat = (taskId: string, rule: string, user: TestUser = a.orgAdmin) => user.inject({ method: 'PUT', url: `${url(taskId)}/recurrence`, payload: { rule } });
  const complete = (taskId: string, status: 'completed' | 'pending' = 'completed', user: TestUser = a.developer) =>
    user.inject({ method: 'PATCH', url: url(taskId), payload: { status } });
  const series = async (taskId: string) => {
    const [first] = await t.db.select({ seriesId: tasks.seriesId }).from(tasks).where(eq(tasks.id, taskId));
    return t.db.select().from(tasks).where(eq(tasks.seriesId, first!.seriesId!)).orderBy(asc(tasks.dueDate));
  };

  it('sets a rule (written one way), answers it with the task, logs it, and clears it', async () => {
    const id = await add({ title: 'Weekly report', dueDate: '2026-11-26' });
    const set = await repeat(id, 'RRULE:FREQ=WEEKLY;BYDAY=TH,MO');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id, recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' } });
    expect((await a.developer.inject({ method: 'GET', url: url(id) })).json().recurrence).toEqual({ rule: 'FREQ=WEEKLY;BYDAY=MO,TH' });
    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'update_task')));
    expect(logs.at(-1)!.details).toMatchObject({ task_id: id, changed: 'recurrence' });

    const cleared = await a.orgAdmin.inject({ method: 'DELETE', url: `${url(id)}/recurrence` });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().recurrence).toBeNull();
    // Completing it now makes nothing.
    await complete(id);
    expect(await series(id)).toHaveLength(1);
  });

  it('refuses a rule outside the model on the rule field, in the reader’s language, writing nothing', async () => {
    const id = await add({ title: 'Not yet repeating', dueDate: '2027-02-10' });
    const cases: Array<[string, { message: string }]> = [
      ['FREQ=WEEKLY', RECURRENCE_MESSAGES.noDays],
      ['FREQ=WEEKLY;BYDAY=', RECURRENCE_MESSAGES.noDays],
      ['FREQ=MONTHLY;BYMONTHDAY=32', RECURRENCE_MESSAGES.dayOutOfRange],
      ['FREQ=SECONDLY', RECURRENCE_MESSAGES.invalid],
      ['FREQ=WEEKLY;BYDAY=MO;COUNT=4', RECURRENCE_MESSAGES.invalid],
      ['FREQ=WEEKLY;INTERVAL=13;BYDAY=MO', RECURRENCE_MESSAGES.intervalOutOfRange],
      ['FREQ=WEEKLY;BYDAY=MO;UNTIL=20320101', RECURRENCE_MESSAGES.untilTooFar],
      // Day 30 of every twelfth month from a February: a rule with no dates.
      ['FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=30', RECURRENCE_MESSAGES.noNextDate],
    ];
    for (const [rule, message] of cases) {
      const res = await repeat(id, rule);
      expect(res.statusCode, rule).toBe(400);
      expect(res.json().error, rule).toMatchObject({ code: 'validation_error', field: 'rule', message: message.message });
    }
    const german = await a.orgAdmin.inject({ method: 'PUT', url: `${url(id)}/recurrence`, payload: { rule: 'FREQ=WEEKLY' }, headers: { 'accept-language': 'de' } });
    expect(german.json().error.message).not.toBe(RECURRENCE_MESSAGES.noDays.message);
    expect((await a.orgAdmin.inject({ method: 'PUT', url: `${url(id)}/recurrence`, payload: {} })).statusCode).toBe(400);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row).toMatchObject({ recurrenceRule: null, seriesId: null });
  });

  it('lets only staff set, clear or skip: a developer on the project gets 403', async () => {
    const id = await add({ title: 'Staff decide', dueDate: '2026-11-26' });
    expect((await repeat(id, 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', a.developer)).statusCode).toBe(403);
    expect((await repeat(id, 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR')).statusCode).toBe(200);
    expect((await a.developer.inject({ method: 'DELETE', url: `${url(id)}/recurrence` })).statusCode).toBe(403);
    expect((await a.developer.inject({ method: 'POST', url: `${url(id)}/skip` })).statusCode).toBe(403);
    expect((await a.outsider.inject({ method: 'PUT', url: `${url(id)}/recurrence`, payload: { rule: 'FREQ=DAILY' } })).statusCode).toBe(404);
    const [row] = await t.db.select().from(tasks).where(eq(tasks.id, id));
    expect(row).toMatchObject({ recurrenceRule: 'FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', dueDate: '2026-11-26' });
  });

  it('completing makes the next occurrence exactly once: same fields, the next date, the start as far before it', async () => {
    const id = await add({
      title: 'Client call',
      description: 'Agenda first',
      priority: 'high',
      dueDate: '2026-11-26',
      startDate: '2026-11-24',
      estimateMinutes: 90,
      assigneeId: a.developer.profileId,
    });
    await repeat(id, 'FREQ=WEEKLY;BYDAY=MO,TH');
    expect((await complete(id)).statusCode).toBe(200);
    // Reopened and completed again, twice over: still one next occurrence.
    await complete(id, 'pending');
    await complete(id);
    await complete(id, 'pending');
    await complete(id);
    const occurrences = await series(id);
    expect(occurrences).toHaveLength(2);
    const [done, next] = occurrences;
    expect(done).toMatchObject({ id, status: 'completed' });
    expect(next).toMatchObject({
      title: 'Client call',
      description: 'Agenda first',
      priority: 'high',
      assigneeId: a.developer.profileId,
      estimateMinutes: 90,
      dueDate: '2026-11-30',
      startDate: '2026-11-28',
      status: 'pending',
      recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      seriesId: id,
      createdBy: a.developer.profileId,
    });
    // Listed, and logged as a new task (one event, through emit).
    const listed = (await a.orgAdmin.inject({ method: 'GET', url: url() })).json().items.find((task: { id: string }) => task.id === next!.id);
    expect(listed).toMatchObject({ dueDate: '2026-11-30', recurrence: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' } });
    const created = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'create_task')));
    expect(created.filter((log) => (log.details as { task_id: string }).task_id === next!.id)).toHaveLength(1);
  });

  it('an undated recurring task gets the rule’s next date after today when completed', async () => {
    const id = await add({ title: 'Tidy the backlog' });
    await repeat(id, 'FREQ=MONTHLY;BYDAY=TU;BYSETPOS=2');
    await complete(id);
    await complete(id, 'pending');
    await complete(id);
    const occurrences = await series(id);
    expect(occurrences.map((task) => task.dueDate)).toEqual(['2026-12-08', null]);
  });

  it('skips this one to the rule’s next date, keeping the start’s distance; a task that does not repeat cannot be skipped', async () => {
    const id = await add({ title: 'Standup notes', dueDate: '2026-11-26', startDate: '2026-11-25' });
    await repeat(id, 'FREQ=WEEKLY;BYDAY=MO,TH');
    const skipped = await a.orgAdmin.inject({ method: 'POST', url: `${url(id)}/skip` });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json()).toMatchObject({ dueDate: '2026-11-30', startDate: '2026-11-29' });
    // Another occurrence already on the next date: the skip goes past it.
    const other = await add({ title: 'Standup notes', dueDate: '2026-11-26' });
    await t.db.update(tasks).set({ seriesId: id, recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,TH', dueDate: '2026-12-03' }).where(eq(tasks.id, other));
    expect((await a.orgAdmin.inject({ method: 'POST', url: `${url(id)}/skip` })).json()).toMatchObject({ dueDate: '2026-12-07' });
    // Nor can its due date be moved onto another occurrence's.
    const clash = await a.orgAdmin.inject({ method: 'PATCH', url: url(id), payload: { dueDate: '2026-12-03', startDate: null } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error).toMatchObject({ field: 'dueDate', message: RECURRENCE_MESSAGES.dateTaken.message });

    const plain = await add({ title: 'Once', dueDate: '2026-11-26' });
    const refused = await a.orgAdmin.inject({ method: 'POST', url: `${url(plain)}/skip` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(RECURRENCE_MESSAGES.notRecurring.message);
  });

  it('the job makes the next occurrence when the due date comes in the organization’s time zone, once, across the summer-time change', async () => {
    // 2027-03-28 is a Sunday, the day Europe/Berlin's clocks go forward.
    const id = await add({ title: 'Sunday backup check', dueDate: '2027-03-28', assigneeId: a.developer.profileId });
    await repeat(id, 'FREQ=WEEKLY;BYDAY=SU');
    const ours = async () => (await series(id)).map((task) => task.dueDate);

    // 23:30 UTC on the 27th: still the 27th in UTC, the organization's zone until it has one.
    clock.set(new Date('2027-03-27T23:30:00Z'));
    await makeDueOccurrences(platform);
    expect(await ours()).toEqual(['2027-03-28']);

    // In Berlin it is 00:30 on the 28th: the date has come. Two runs at once make it once.
    expect((await a.developer.inject({ method: 'PUT', url: '/api/organization/time-zone', payload: { timeZone: 'Europe/Berlin' } })).statusCode).toBe(403);
    expect((await a.orgAdmin.inject({ method: 'PUT', url: '/api/organization/time-zone', payload: { timeZone: 'Mars/Olympus' } })).json().error).toMatchObject({ field: 'timeZone' });
    const zone = await a.orgAdmin.inject({ method: 'PUT', url: '/api/organization/time-zone', payload: { timeZone: 'europe/berlin' } });
    expect(zone.json()).toEqual({ timeZone: 'Europe/Berlin' });
    const [org] = await t.db.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, a.orgAdmin.organizationId));
    expect(org!.timeZone).toBe('Europe/Berlin');
    await Promise.all([makeDueOccurrences(platform), makeDueOccurrences(platform)]);
    await makeDueOccurrences(platform);
    expect(await ours()).toEqual(['2027-03-28', '2027-04-04']);
    const [, next] = await series(id);
    expect(next).toMatchObject({ status: 'pending', createdBy: null, assigneeId: a.developer.profileId, recurrenceRule: 'FREQ=WEEKLY;BYDAY=SU' });

    // The first one, still open, is completed later: its next one exists already.
    clock.set(new Date('2027-03-30T09:00:00Z'));
    await complete(id);
    expect(await ours()).toEqual(['2027-03-28', '2027-04-04']);

    // A week later (clocks long changed) the second one's date comes: the third, seven days on.
    clock.set(new Date('2027-04-03T22:10:00Z'));
    await makeDueOccurrences(platform);
    expect(await ours()).toEqual(['2027-03-28', '2027-04-04', '2027-04-11']);
    clock.set(new Date('2026-11-22T12:00:00Z'));
  });
});
