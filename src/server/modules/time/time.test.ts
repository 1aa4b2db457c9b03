import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { withValues } from '../../../domain/locales';
import { dayFullMessage, TIME_MESSAGES, timerLongMessage, timerShortMessage } from '../../../domain/time-entries';
import { translate } from '../../platform/i18n';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { runningTimers, timeEntries } from './schema';
import type { LocalChange } from '../../platform/realtime/local-changes';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, onLocalChange, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));

describe('time API', () => {
  let t: TestApp;
  let a: Agency;
  let taskId: string;
  let otherTaskId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', developer: 'Dana Dev', project: 'Timed Project' });
    taskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Draft the brief' } })).json().id;
    otherTaskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/tasks`, payload: { title: 'Elsewhere' } })).json().id;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock.set(new Date('2026-11-27T09:00:00Z'));
    await t.db.delete(timeEntries);
    await t.db.delete(runningTimers);
    await t.db.delete(activityLogs);
  });

  const log = (user: TestUser, payload: Record<string, unknown>) =>
    user.inject({ method: 'POST', url: '/api/time/entries', payload: { projectId: a.projectId, workDate: '2026-11-27', duration: '1h', ...payload } });
  const entries = async () => t.db.select().from(timeEntries);

  describe('manual entries', () => {
    it('logs typed durations as whole minutes, on a task or on the project itself', async () => {
      const onTask = await log(a.developer, { taskId, duration: '1:30', note: ' Drafting ', billable: false });
      expect(onTask.statusCode, onTask.body).toBe(201);
      expect(onTask.json()).toMatchObject({ projectName: 'Timed Project', taskTitle: 'Draft the brief', memberName: 'Dana Dev', minutes: 90, note: 'Drafting', billable: false, canEdit: true });
      const onProject = await log(a.developer, { duration: '2h 15m' });
      expect(onProject.json()).toMatchObject({ taskId: null, minutes: 135, billable: true });
      expect((await log(a.developer, { duration: 45 })).json().minutes).toBe(45);
      // Logging one's own time is not an activity.
      expect(await t.db.select().from(activityLogs)).toEqual([]);
    });

    it("refuses bad input with 400 and the field's message, writing nothing", async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ duration: '0' }, TIME_MESSAGES.durationZero.message],
        [{ duration: -30 }, TIME_MESSAGES.durationUnreadable.message],
        [{ duration: '25h' }, TIME_MESSAGES.durationTooLong.message],
        [{ duration: '45' }, '45 hours is more than a day. A number alone means hours; type 45m for minutes'],
        [{ duration: 'later' }, TIME_MESSAGES.durationUnreadable.message],
        [{ workDate: '2026-13-01' }, TIME_MESSAGES.dateInvalid.message],
        [{ workDate: '1999-12-31' }, TIME_MESSAGES.dateOutOfRange.message],
        [{ workDate: '2028-01-01' }, TIME_MESSAGES.dateOutOfRange.message],
      ];
      for (const [payload, message] of cases) {
        const res = await log(a.developer, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().error.message).toBe(message);
      }
      // A year ahead is still fine.
      expect((await log(a.developer, { workDate: '2027-11-27' })).statusCode).toBe(201);
      expect(await entries()).toHaveLength(1);
    });

    it("answers a validation message in the caller's language with the same code, its values filled (issue 48)", async () => {
      const ask = (duration: string, acceptLanguage: string) =>
        a.developer.inject({
          method: 'POST',
          url: '/api/time/entries',
          payload: { projectId: a.projectId, workDate: '2026-11-27', duration },
          headers: { 'accept-language': acceptLanguage },
        });
      const [german, spanish, english] = await Promise.all([ask('45', 'de-DE,de;q=0.9'), ask('45', 'es'), ask('45', 'en')]);
      expect(german.statusCode).toBe(400);
      expect(german.json()).toEqual({
        error: { code: english.json().error.code, message: '45 Stunden sind mehr als ein Tag. Eine Zahl allein bedeutet Stunden; geben Sie 45m für Minuten ein', field: 'duration' },
      });
      expect(spanish.json().error).toEqual({ code: 'validation_error', message: '45 horas son más de un día. Un número solo significa horas; escriba 45m para minutos', field: 'duration' });
      expect((await ask('0', 'de')).json().error.message).toBe('Eine Dauer muss mehr als 0 Minuten betragen');
      expect(await entries()).toEqual([]);
      // The timer's question counts its seconds in each language.
      expect(translate('en', timerShortMessage(1))).toBe('The timer ran for 1 second. Discard it, or save it as 0:01?');
      expect(translate('de', timerShortMessage(7))).toBe('Der Timer lief 7 Sekunden. Verwerfen oder als 0:01 speichern?');
    });

    it('holds a member to 24 hours a day, even when two writes race', async () => {
      expect((await log(a.developer, { duration: '20h' })).statusCode).toBe(201);
      const full = await log(a.developer, { duration: '4:01' });
      expect(full.statusCode).toBe(400);
      expect(full.json().error).toEqual({ code: 'day_full', message: translate('en', dayFullMessage('2026-11-27', 1441)) });
      expect((await log(a.developer, { duration: '4h' })).statusCode).toBe(201);
      // Another day is another day.
      expect((await log(a.developer, { duration: '24h', workDate: '2026-11-28' })).statusCode).toBe(201);
      const racing = await Promise.all([log(a.executive, { duration: '13h', workDate: '2026-11-26' }), log(a.executive, { duration: '13h', workDate: '2026-11-26' })]);
      expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 400]);
      const day = (await entries()).filter((e) => e.profileId === a.executive.profileId);
      expect(day.reduce((sum, e) => sum + e.minutes, 0)).toBe(780);
    });

    it('lets a developer log only on assigned projects, and a task only of its project', async () => {
      expect((await log(a.developer, { projectId: a.otherProjectId })).statusCode).toBe(404);
      expect((await log(a.unassigned, {})).statusCode).toBe(404);
      expect((await log(a.outsider, {})).statusCode).toBe(404);
      const wrongTask = await log(a.orgAdmin, { taskId: otherTaskId });
      expect(wrongTask.statusCode).toBe(404);
      expect(await entries()).toEqual([]);
    });

    it("lets staff log, change and delete the time of members ranked below them, each with an activity row; never above or beside", async () => {
      const forDev = await log(a.executive, { profileId: a.developer.profileId, duration: '2h' });
      expect(forDev.statusCode, forDev.body).toBe(201);
      expect(forDev.json()).toMatchObject({ profileId: a.developer.profileId, memberName: 'Dana Dev', canEdit: true });
      expect((await log(a.executive, { profileId: a.admin.profileId })).statusCode).toBe(403);
      expect((await log(a.admin, { profileId: a.admin.profileId })).statusCode).toBe(201);
      expect((await log(a.developer, { profileId: a.executive.profileId })).statusCode).toBe(403);
      // A developer not on the project cannot have time there.
      const unassigned = await log(a.orgAdmin, { profileId: a.unassigned.profileId });
      expect(unassigned.json().error.message).toBe(translate('en', withValues(TIME_MESSAGES.memberNotOnProject, { name: a.unassigned.fullName })));
      expect((await log(a.orgAdmin, { profileId: a.outsider.profileId })).statusCode).toBe(404);

      const id = forDev.json().id;
      const adminsOwn = (await log(a.admin, { workDate: '2026-11-26' })).json().id;
      expect((await a.executive.inject({ method: 'PATCH', url: `/api/time/entries/${adminsOwn}`, payload: { duration: '3h' } })).statusCode).toBe(403);
      const edited = await a.admin.inject({ method: 'PATCH', url: `/api/time/entries/${id}`, payload: { duration: '2:30', note: 'Corrected' } });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ minutes: 150, note: 'Corrected' });
      expect((await a.admin.inject({ method: 'DELETE', url: `/api/time/entries/${id}` })).statusCode).toBe(204);
      const actions = await t.db.select().from(activityLogs).orderBy(activityLogs.createdAt);
      expect(actions.map((row) => [row.action, row.userId])).toEqual([
        ['add_member_time', a.executive.profileId],
        ['edit_member_time', a.admin.profileId],
        ['delete_member_time', a.admin.profileId],
      ]);
      expect(actions[1]!.details).toMatchObject({ member_name: 'Dana Dev', minutes: 150, minutes_before: 120, work_date: '2026-11-27' });
    });

    it("shows developers only their own entries; staff see a member's and a project's", async () => {
      const devEntry = (await log(a.developer, { taskId })).json().id;
      await log(a.executive, { duration: '3h' });
      const range = 'from=2026-11-23&to=2026-11-29';
      const mine = (await a.developer.inject({ method: 'GET', url: `/api/time/entries?${range}` })).json();
      expect(mine.items.map((e: { id: string }) => e.id)).toEqual([devEntry]);
      const project = (await a.developer.inject({ method: 'GET', url: `/api/time/entries?${range}&projectId=${a.projectId}` })).json();
      expect(project.items.map((e: { id: string }) => e.id)).toEqual([devEntry]);
      expect((await a.developer.inject({ method: 'GET', url: `/api/time/entries?${range}&profileId=${a.executive.profileId}` })).statusCode).toBe(403);
      expect((await a.unassigned.inject({ method: 'GET', url: `/api/time/entries?${range}&projectId=${a.projectId}` })).statusCode).toBe(404);
      expect((await a.outsider.inject({ method: 'GET', url: `/api/time/entries?${range}&projectId=${a.projectId}` })).statusCode).toBe(404);
      expect((await a.outsider.inject({ method: 'GET', url: `/api/time/entries?${range}&profileId=${a.developer.profileId}` })).statusCode).toBe(404);
      const staff = (await a.admin.inject({ method: 'GET', url: `/api/time/entries?${range}&projectId=${a.projectId}` })).json();
      expect(staff.items).toHaveLength(2);
      const ofDev = (await a.admin.inject({ method: 'GET', url: `/api/time/entries?${range}&profileId=${a.developer.profileId}` })).json();
      expect(ofDev.items).toMatchObject([{ id: devEntry, canEdit: true }]);
      // An entry of someone else is not found for a developer, and another organization's for anyone.
      const execEntry = staff.items.find((e: { profileId: string }) => e.profileId === a.executive.profileId).id;
      expect((await a.developer.inject({ method: 'PATCH', url: `/api/time/entries/${execEntry}`, payload: { duration: '1m' } })).statusCode).toBe(404);
      expect((await a.outsider.inject({ method: 'DELETE', url: `/api/time/entries/${devEntry}` })).statusCode).toBe(404);
      expect((await a.developer.inject({ method: 'GET', url: '/api/time/entries?from=2026-01-01&to=2026-12-31' })).json().error.message).toBe(TIME_MESSAGES.rangeTooLong.message);
    });

    it('tells only the member whose time changed, live', async () => {
      const heard: LocalChange[] = [];
      const stop = onLocalChange((change) => heard.push(change));
      try {
        await log(a.executive, { profileId: a.developer.profileId });
      } finally {
        stop();
      }
      const time = heard.filter((c) => c.kind === 'published' && c.event.topic === 'time');
      expect(time.map((c) => (c as { event: { recipientId?: string } }).event.recipientId)).toEqual([a.developer.profileId]);
    });
  });

  describe('timer', () => {
    const start = (user: TestUser, payload: Record<string, unknown> = {}) => user.inject({ method: 'POST', url: '/api/time/timer', payload: { projectId: a.projectId, taskId, ...payload } });
    const stopTimer = (user: TestUser, payload: Record<string, unknown> = {}) => user.inject({ method: 'POST', url: '/api/time/timer/stop', payload });
    const mine = async (user: TestUser) => (await user.inject({ method: 'GET', url: '/api/time/timer' })).json().timer;

    it('starts on a task, survives as long as the database, and a second start is a 409 that writes nothing', async () => {
      expect(await mine(a.developer)).toBeNull();
      const res = await start(a.developer, { note: 'Focus' });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().timer).toMatchObject({ projectName: 'Timed Project', taskTitle: 'Draft the brief', note: 'Focus', startedAt: '2026-11-27T09:00:00.000Z' });
      expect(await mine(a.developer)).toMatchObject({ taskId });
      const again = await start(a.developer, { taskId: null, projectId: a.projectId });
      expect(again.statusCode).toBe(409);
      expect(again.json().error).toEqual({ code: 'timer_running', message: TIME_MESSAGES.timerRunning.message });
      expect(await t.db.select().from(runningTimers)).toHaveLength(1);
      expect((await mine(a.developer)).taskId).toBe(taskId);
      // Another member's timer is theirs.
      expect(await mine(a.admin)).toBeNull();
      expect((await start(a.developer, { projectId: a.otherProjectId, taskId: null })).statusCode).toBe(404);
    });

    it('stops into an entry of the minutes it ran, rounded to the nearest, on the day it started', async () => {
      await start(a.developer);
      clock.advance(95 * 60_000 + 29_000);
      const res = await stopTimer(a.developer, { workDate: '2026-11-27' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().entry).toMatchObject({ minutes: 95, taskId, workDate: '2026-11-27' });
      expect(await mine(a.developer)).toBeNull();
      expect((await stopTimer(a.developer)).statusCode).toBe(404);
      // A few seconds, saved anyway, still make a minute.
      await start(a.developer, { taskId: null });
      clock.advance(5_000);
      expect((await stopTimer(a.developer, { confirm: 'save' })).json().entry.minutes).toBe(1);
    });

    it('asks before saving under a minute (issue 49 item 14): 409 timer_short writes nothing; saved anyway it is a minute; exactly 60 s is saved as ever', async () => {
      await start(a.developer);
      clock.advance(59_000);
      const ask = await stopTimer(a.developer, { workDate: '2026-11-27' });
      expect(ask.statusCode).toBe(409);
      expect(ask.json().error).toEqual({ code: 'timer_short', message: 'The timer ran for 59 seconds. Discard it, or save it as 0:01?' });
      expect(await entries()).toEqual([]);
      expect(await mine(a.developer)).toMatchObject({ taskId, startedAt: '2026-11-27T09:00:00.000Z' });
      // "trim" is the long timer's answer: it does not save a short one.
      expect((await stopTimer(a.developer, { confirm: 'trim' })).json().error.code).toBe('timer_short');
      expect(await entries()).toEqual([]);

      const saved = await stopTimer(a.developer, { confirm: 'save', workDate: '2026-11-27' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().entry).toMatchObject({ minutes: 1, taskId, workDate: '2026-11-27', billable: true });
      expect(await entries()).toHaveLength(1);
      expect(await mine(a.developer)).toBeNull();

      // Exactly a minute is not short: saved without a question, as before.
      await start(a.developer, { taskId: null });
      clock.advance(60_000);
      const minute = await stopTimer(a.developer);
      expect(minute.statusCode, minute.body).toBe(200);
      expect(minute.json().entry).toMatchObject({ minutes: 1, taskId: null });
      expect(await entries()).toHaveLength(2);

      // Asked, the member may discard it instead: nothing is saved.
      await start(a.developer);
      clock.advance(7_000);
      expect((await stopTimer(a.developer)).json().error).toEqual({ code: 'timer_short', message: translate('en', timerShortMessage(7)) });
      expect((await a.developer.inject({ method: 'DELETE', url: '/api/time/timer' })).statusCode).toBe(204);
      expect(await mine(a.developer)).toBeNull();
      expect(await entries()).toHaveLength(2);
    });

    it('asks before saving more than 10 hours, and lets the member save all or trim to 10', async () => {
      clock.set(new Date('2026-11-26T17:00:00Z'));
      await start(a.developer);
      clock.set(new Date('2026-11-27T08:30:00Z'));
      const ask = await stopTimer(a.developer);
      expect(ask.statusCode).toBe(409);
      expect(ask.json().error).toEqual({ code: 'timer_long', message: translate('en', timerLongMessage(930)) });
      expect(await entries()).toEqual([]);
      expect(await mine(a.developer)).not.toBeNull();
      const trimmed = await stopTimer(a.developer, { confirm: 'trim' });
      expect(trimmed.json().entry).toMatchObject({ minutes: 600, workDate: '2026-11-26' });

      await start(a.developer);
      clock.advance(11 * 3_600_000);
      expect((await stopTimer(a.developer, { confirm: 'save' })).json().entry.minutes).toBe(660);

      await start(a.developer);
      clock.advance(25 * 3_600_000);
      const overDay = await stopTimer(a.developer, { confirm: 'save' });
      expect(overDay.statusCode).toBe(422);
      expect(overDay.json().error.code).toBe('timer_over_day');
      // A day away from the start is not the day it started.
      expect((await stopTimer(a.developer, { confirm: 'trim', workDate: '2026-11-20' })).statusCode).toBe(400);
    });

    it('is discarded without saving anything', async () => {
      await start(a.executive);
      expect((await a.executive.inject({ method: 'DELETE', url: '/api/time/timer' })).statusCode).toBe(204);
      expect((await a.executive.inject({ method: 'DELETE', url: '/api/time/timer' })).statusCode).toBe(404);
      expect(await entries()).toEqual([]);
    });
  });

  describe('timesheet', () => {
    const week = async (user: TestUser, query = 'week=2026-11-27') => user.inject({ method: 'GET', url: `/api/time/timesheet?${query}` });
    const cell = (user: TestUser, payload: Record<string, unknown>) =>
      user.inject({ method: 'PUT', url: '/api/time/timesheet/cell', payload: { projectId: a.projectId, taskId, workDate: '2026-11-24', ...payload } });

    it('shows a week as rows by days with totals, Monday first', async () => {
      await log(a.developer, { taskId, workDate: '2026-11-23', duration: '1h' });
      await log(a.developer, { taskId, workDate: '2026-11-23', duration: '30m' });
      await log(a.developer, { workDate: '2026-11-29', duration: '2h' });
      await log(a.developer, { workDate: '2026-11-30', duration: '8h' });
      const res = await week(a.developer);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        weekStart: '2026-11-23',
        memberName: 'Dana Dev',
        canEdit: true,
        rows: [
          { taskId: null, projectName: 'Timed Project', minutes: [0, 0, 0, 0, 0, 0, 120], total: 120 },
          { taskId, taskTitle: 'Draft the brief', minutes: [90, 0, 0, 0, 0, 0, 0], total: 90 },
        ],
        dayTotals: [90, 0, 0, 0, 0, 0, 120],
        total: 210,
      });
      expect(res.json().days).toHaveLength(7);
    });

    it("starts the week on the member's first day when asked (issue 48): Sunday to Saturday with firstDay=7", async () => {
      await log(a.developer, { taskId, workDate: '2026-11-22', duration: '1h' });
      await log(a.developer, { taskId, workDate: '2026-11-23', duration: '30m' });
      await log(a.developer, { workDate: '2026-11-28', duration: '2h' });
      await log(a.developer, { workDate: '2026-11-29', duration: '8h' });
      const res = await week(a.developer, 'week=2026-11-27&firstDay=7');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        weekStart: '2026-11-22',
        firstDay: 7,
        days: ['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'],
        rows: [
          { taskId: null, minutes: [0, 0, 0, 0, 0, 0, 120], total: 120 },
          { taskId, minutes: [60, 30, 0, 0, 0, 0, 0], total: 90 },
        ],
        dayTotals: [60, 30, 0, 0, 0, 0, 120],
        total: 210,
      });
      // Without firstDay the same day's week is the ISO one, Monday to Sunday.
      expect((await week(a.developer)).json()).toMatchObject({ weekStart: '2026-11-23', firstDay: 1, dayTotals: [30, 0, 0, 0, 0, 120, 480], total: 630 });
    });

    it("sets a cell on a Sunday and answers the week that Sunday starts when the member's week starts on Sunday", async () => {
      const res = await cell(a.developer, { workDate: '2026-11-29', duration: '1:30', firstDay: 7 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ weekStart: '2026-11-29', firstDay: 7, rows: [{ taskId, minutes: [90, 0, 0, 0, 0, 0, 0], total: 90 }], total: 90 });
      expect(res.json().days).toEqual(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05']);
      // Monday-first, the same Sunday closes the week before.
      const iso = await cell(a.developer, { workDate: '2026-11-29', duration: '2h' });
      expect(iso.json()).toMatchObject({ weekStart: '2026-11-23', firstDay: 1, rows: [{ taskId, minutes: [0, 0, 0, 0, 0, 0, 120] }] });
    });

    it('refuses a first day of the week outside 1 to 7, naming the field, in the reader\'s language', async () => {
      for (const query of ['week=2026-11-27&firstDay=9', 'week=2026-11-27&firstDay=0', 'week=2026-11-27&firstDay=sunday']) {
        const res = await week(a.developer, query);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().error, query).toEqual({ code: 'validation_error', message: TIME_MESSAGES.firstDayInvalid.message, field: 'firstDay' });
      }
      const body = await cell(a.developer, { duration: '1h', firstDay: 9 });
      expect(body.statusCode).toBe(400);
      expect(body.json().error).toMatchObject({ code: 'validation_error', field: 'firstDay' });
      expect(await entries()).toEqual([]);
      const german = await a.developer.inject({ method: 'GET', url: '/api/time/timesheet?week=2026-11-27&firstDay=9', headers: { 'accept-language': 'de' } });
      expect(german.statusCode).toBe(400);
      expect(german.json().error).toEqual({ code: 'validation_error', message: 'Wählen Sie den ersten Tag der Woche als Zahl von 1 (Montag) bis 7 (Sonntag)', field: 'firstDay' });
    });

    it('sets a cell: a new entry, then that entry; several entries grow by one and shrink from the newest', async () => {
      expect((await cell(a.developer, { duration: '2' })).json().rows[0].minutes[1]).toBe(120);
      expect((await cell(a.developer, { duration: '1:15' })).json().rows[0].minutes[1]).toBe(75);
      expect(await entries()).toHaveLength(1);
      // A second entry from elsewhere: the cell now holds two.
      clock.advance(1000);
      await log(a.developer, { taskId, workDate: '2026-11-24', duration: '45m', note: 'Call' });
      clock.advance(1000);
      expect((await cell(a.developer, { duration: '3h' })).json().rows[0].minutes[1]).toBe(180);
      expect((await entries()).map((e) => e.minutes).sort((x, y) => x - y)).toEqual([45, 60, 75]);
      // Down to 1:30: the newest (60) goes, then the note's 45 is trimmed to 15.
      const lowered = await cell(a.developer, { duration: '1:30' });
      expect(lowered.json().rows[0].minutes[1]).toBe(90);
      expect((await entries()).map((e) => [e.minutes, e.note]).sort()).toEqual([[15, 'Call'], [75, null]]);
      const cleared = await cell(a.developer, { duration: '' });
      expect(cleared.json().rows).toEqual([]);
      expect(await entries()).toEqual([]);
    });

    it("refuses a cell that overfills the day or cannot be read, with the cell's message", async () => {
      await log(a.developer, { workDate: '2026-11-24', duration: '23h' });
      const full = await cell(a.developer, { duration: '2h' });
      expect(full.statusCode).toBe(400);
      expect(full.json().error.code).toBe('day_full');
      expect((await cell(a.developer, { duration: 'lots' })).json().error.message).toBe(TIME_MESSAGES.durationUnreadable.message);
      expect(await entries()).toHaveLength(1);
    });

    it("lets staff see any member's week and type into those ranked below them; developers only their own", async () => {
      await log(a.developer, { taskId, workDate: '2026-11-24', duration: '1h' });
      const seen = await week(a.executive, `week=2026-11-24&profileId=${a.developer.profileId}`);
      expect(seen.json()).toMatchObject({ memberName: 'Dana Dev', canEdit: true, total: 60 });
      expect((await week(a.executive, `week=2026-11-24&profileId=${a.admin.profileId}`)).json().canEdit).toBe(false);
      expect((await cell(a.executive, { profileId: a.admin.profileId, duration: '1h' })).statusCode).toBe(403);
      expect((await cell(a.executive, { profileId: a.developer.profileId, duration: '2h' })).statusCode).toBe(200);
      const [row] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.action, 'edit_member_time'), eq(activityLogs.userId, a.executive.profileId)));
      expect(row!.details).toMatchObject({ member_name: 'Dana Dev', minutes: 120, minutes_before: 60 });
      expect((await week(a.developer, `week=2026-11-24&profileId=${a.executive.profileId}`)).statusCode).toBe(403);
      expect((await week(a.outsider, `week=2026-11-24&profileId=${a.developer.profileId}`)).statusCode).toBe(404);
      expect((await cell(a.unassigned, { duration: '1h' })).statusCode).toBe(404);
      expect((await cell(a.outsider, { duration: '1h' })).statusCode).toBe(404);
    });
  });
});
