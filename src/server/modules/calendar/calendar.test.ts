// The calendar feed (issue 30 item 4, decision 023): a member makes a secret address in Settings;
// calendar apps read it without a session and get the member's due dates as RFC 5545 all-day
// events, read back here with ical.js (a parser that is not the library that wrote them).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_FEED_MESSAGES } from '../../../domain/calendar-feed';
import { fixedClock } from '../../platform/clock';
import { organizations, profiles } from '../../platform/db/schema/tenancy';
import { calendarFeeds } from './schema';
import { projects } from '../projects/schema';
import { tasks } from '../tasks/schema';
import { seedAgency, type Agency } from '../../test/agency';
import { asUser, type TestUser } from '../../test/as-user';
import { parseCalendarFeed } from '../../test/calendar-feed';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CALENDAR_FEED_LIMITS } from './routes';
import { FEED_MAX_TASKS, hashFeedToken } from './service';

// 2026-12-01 is "today": the feed keeps due dates from 60 days before, 2026-10-02, on.
const clock = fixedClock(new Date('2026-12-01T09:00:00Z'));
const settings = '/api/settings/calendar';

describe('calendar feed', () => {
  let t: TestApp;
  let a: Agency;
  let addressCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Website Relaunch' });
    await t.db.update(projects).set({ dueDate: '2026-12-20' }).where(eq(projects.id, a.projectId));
    await t.db.update(projects).set({ dueDate: '2026-12-24' }).where(eq(projects.id, a.otherProjectId));
  });
  afterAll(() => t.close());

  /** The path of a feed address (the app's own URL, without the public origin). */
  const pathOf = (url: string) => new URL(url).pathname;
  /** A calendar app: no session, an address of its own so one test's reads don't limit another's. */
  const fetchFeed = (url: string, remoteAddress = `10.99.0.${++addressCount % 250}`) => t.app.inject({ method: 'GET', url: pathOf(url), remoteAddress });
  const create = async (user: TestUser) => {
    const res = await user.inject({ method: 'POST', url: settings, payload: {} });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { url: string; feed: { createdAt: string; lastFetchedAt: string | null } };
  };
  const addTask = async (title: string, input: { projectId?: string; assigneeId?: string; dueDate?: string | null }) => {
    const res = await a.orgAdmin.inject({
      method: 'POST',
      url: `/api/projects/${input.projectId ?? a.projectId}/tasks`,
      payload: { title, assigneeId: input.assigneeId ?? a.developer.profileId, dueDate: input.dueDate ?? null },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const eventsOf = async (url: string) => {
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    return parseCalendarFeed(res.body);
  };

  it('is made in Settings, answers its address once, and stores only the hash of the token', async () => {
    const user = a.executive;
    expect((await user.inject({ method: 'GET', url: settings })).json()).toEqual({ feed: null });

    const { url, feed } = await create(user);
    expect(url).toMatch(new RegExp(`^${t.config.publicUrl}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed).toEqual({ createdAt: clock.now().toISOString(), lastFetchedAt: null });

    const status = await user.inject({ method: 'GET', url: settings });
    expect(status.json()).toEqual({ feed });
    const token = pathOf(url).slice('/api/calendar/'.length, -'.ics'.length);
    expect(status.body).not.toContain(token);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, user.profileId));
    expect(row!.tokenHash).toBe(hashFeedToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it("holds the member's open, dated tasks and the projects they see as all-day events, read without a session", async () => {
    const dev = a.developer;
    const due = await addTask('Write the brief', { dueDate: '2026-12-10' });
    await addTask('Undated task', {});
    const done = await addTask('Finished task', { dueDate: '2026-12-11' });
    await t.db.update(tasks).set({ status: 'completed' }).where(eq(tasks.id, done));
    // Past due dates: 59 days ago is kept, 61 days ago is no longer shown.
    const overdue = await addTask('Overdue task', { dueDate: '2026-12-12' });
    await t.db.update(tasks).set({ dueDate: '2026-10-03' }).where(eq(tasks.id, overdue));
    const ancient = await addTask('Ancient task', { dueDate: '2026-12-12' });
    await t.db.update(tasks).set({ dueDate: '2026-10-01' }).where(eq(tasks.id, ancient));
    // Someone else's task.
    await addTask('Not mine', { assigneeId: a.executive.profileId, dueDate: '2026-12-10' });

    const { url } = await create(dev);
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    // RFC 5545 as written: the envelope, and dates (not date-times) for due dates.
    expect(res.body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(res.body).toContain('DTSTART;VALUE=DATE:20261210\r\n');

    const feed = parseCalendarFeed(res.body);
    expect(feed.name).toMatch(/^Brieflane: /);
    const byUid = Object.fromEntries(feed.events.map((event) => [event.uid, event]));
    // The developer sees their project only, not the other one.
    expect(Object.keys(byUid).sort()).toEqual([`project-${a.projectId}@brieflane`, `task-${due}@brieflane`, `task-${overdue}@brieflane`].sort());

    const task = byUid[`task-${due}@brieflane`]!;
    expect(task).toMatchObject({ summary: 'Write the brief (Website Relaunch)', start: '2026-12-10', end: '2026-12-11', allDay: true });
    expect(task.stamp).toBeTruthy();
    const taskUrl = `${t.config.publicUrl}/project/${a.projectId}/tasks/${due}`;
    expect(task.url).toBe(taskUrl);
    expect(task.description).toContain(taskUrl);
    expect(byUid[`task-${overdue}@brieflane`]!.start).toBe('2026-10-03');

    const project = byUid[`project-${a.projectId}@brieflane`]!;
    expect(project).toMatchObject({ summary: 'Project due: Website Relaunch', start: '2026-12-20', allDay: true, url: `${t.config.publicUrl}/project/${a.projectId}` });
  });

  it("speaks its owner's language: their saved one, else their organization's (issue 48)", async () => {
    const organizationId = a.orgAdmin.organizationId;
    const german = await asUser(t, 'account_executive', { organizationId });
    await t.db.update(profiles).set({ locale: 'de' }).where(eq(profiles.id, german.profileId));
    const due = await addTask('Angebot schreiben', { assigneeId: german.profileId, dueDate: '2026-12-10' });
    const { url } = await create(german);
    const res = await fetchFeed(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('X-WR-CALDESC:Ihre Aufgaben und Projekte nach Fälligkeitsdatum\r\n');
    const feed = parseCalendarFeed(res.body);
    expect(feed.name).toMatch(/^Brieflane: /);
    const byUid = Object.fromEntries(feed.events.map((event) => [event.uid, event]));
    const task = byUid[`task-${due}@brieflane`]!;
    expect(task.summary).toBe('Angebot schreiben (Website Relaunch)');
    expect(task.description.split('\n')[0]).toBe('Aufgabe in Website Relaunch für Acme');
    const project = byUid[`project-${a.projectId}@brieflane`]!;
    expect(project.summary).toBe('Projekt fällig: Website Relaunch');
    expect(project.description.split('\n')[0]).toBe('Projekt für Acme');

    // A member with no language of their own: the organization's.
    const unsaved = await asUser(t, 'account_executive', { organizationId });
    const feedOfUnsaved = (await create(unsaved)).url;
    await t.db.update(organizations).set({ locale: 'es' }).where(eq(organizations.id, organizationId));
    try {
      const events = (await eventsOf(feedOfUnsaved)).events;
      expect(events.find((event) => event.uid === `project-${a.projectId}@brieflane`)?.summary).toBe('Vence el proyecto: Website Relaunch');
    } finally {
      await t.db.update(organizations).set({ locale: 'en' }).where(eq(organizations.id, organizationId));
    }
    expect((await eventsOf(feedOfUnsaved)).events.find((event) => event.uid === `project-${a.projectId}@brieflane`)?.summary).toBe('Project due: Website Relaunch');
  });

  it('keeps each event under the same UID when its due date moves, so a calendar app moves it', async () => {
    const taskId = await addTask('Moving task', { dueDate: '2026-12-15' });
    const { url } = await create(a.developer);
    const before = (await eventsOf(url)).events.find((e) => e.uid === `task-${taskId}@brieflane`);
    expect(before?.start).toBe('2026-12-15');
    const moved = await a.orgAdmin.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${taskId}`, payload: { dueDate: '2026-12-18' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await eventsOf(url)).events.filter((e) => e.summary.startsWith('Moving task'));
    expect(after).toEqual([expect.objectContaining({ uid: `task-${taskId}@brieflane`, start: '2026-12-18' })]);
  });

  it("shows staff every project of the organization, and a developer's only while assigned", async () => {
    const staff = await eventsOf((await create(a.admin)).url);
    expect(staff.events.map((e) => e.uid)).toEqual(expect.arrayContaining([`project-${a.projectId}@brieflane`, `project-${a.otherProjectId}@brieflane`]));
    // Finished projects leave the calendar.
    await t.db.update(projects).set({ status: 'completed' }).where(eq(projects.id, a.otherProjectId));
    expect((await eventsOf((await create(a.admin)).url)).events.map((e) => e.uid)).not.toContain(`project-${a.otherProjectId}@brieflane`);
    await t.db.update(projects).set({ status: 'active' }).where(eq(projects.id, a.otherProjectId));

    // Off the project: its due date and the developer's tasks in it go, though still assigned to them.
    const dev = a.developer;
    const { url } = await create(dev);
    expect((await eventsOf(url)).events.some((e) => e.uid.startsWith('task-'))).toBe(true);
    const off = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}/developers/${dev.profileId}` });
    expect(off.statusCode, off.body).toBe(204);
    expect((await eventsOf(url)).events).toEqual([]);
  });

  it('records when a calendar app last read it', async () => {
    const { url } = await create(a.unassigned);
    clock.advance(60_000);
    await eventsOf(url);
    expect((await a.unassigned.inject({ method: 'GET', url: settings })).json().feed.lastFetchedAt).toBe(clock.now().toISOString());
  });

  it('regenerated: the old address is 404 at once, the new one works, and it starts unread', async () => {
    const user = a.orgAdmin;
    const first = await create(user);
    await eventsOf(first.url);
    clock.advance(1000);
    const second = await create(user);
    expect(second.url).not.toBe(first.url);
    expect(second.feed).toEqual({ createdAt: clock.now().toISOString(), lastFetchedAt: null });

    const old = await fetchFeed(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ error: { code: 'calendar_feed_not_found', message: CALENDAR_FEED_MESSAGES.notFound.message } });
    expect(old.headers['cache-control']).toBeUndefined();
    expect((await fetchFeed(second.url)).statusCode).toBe(200);
  });

  it('turned off: the address is 404 and Settings shows no feed; turning off twice is fine', async () => {
    const user = a.orgAdmin;
    const { url } = await create(user);
    for (let i = 0; i < 2; i++) expect((await user.inject({ method: 'DELETE', url: settings })).statusCode).toBe(204);
    expect((await fetchFeed(url)).statusCode).toBe(404);
    expect((await user.inject({ method: 'GET', url: settings })).json()).toEqual({ feed: null });
  });

  it('dies with the member: removing them from the team removes the feed', async () => {
    const leaving = await create(a.unassigned);
    expect((await fetchFeed(leaving.url)).statusCode).toBe(200);
    const removed = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/team/${a.unassigned.profileId}` });
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await fetchFeed(leaving.url)).statusCode).toBe(404);
    expect(await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.profileId, a.unassigned.profileId))).toEqual([]);
  });

  it('answers unknown tokens and tokens of the wrong shape with 404 in the error shape', async () => {
    // (A path parameter past 100 characters is the router's 414, also in the error shape.)
    for (const token of ['short', 'x'.repeat(43), 'a'.repeat(99), "'%20OR%201=1--", '%00']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/calendar/${token}.ics` });
      expect(res.statusCode, token).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
    // Its message in the caller's language, the code the same (issue 48).
    const german = await t.app.inject({ method: 'GET', url: `/api/calendar/${'x'.repeat(43)}.ics`, headers: { 'accept-language': 'de' } });
    expect(german.json()).toEqual({ error: { code: 'calendar_feed_not_found', message: 'Diesen Kalender-Feed gibt es nicht, oder er wurde ausgeschaltet.' } });
    // Only members manage a feed.
    for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await t.app.inject({ method, url: settings })).statusCode).toBe(401);
  });

  it('is managed signed in only: an API token cannot make, read or turn off a feed', async () => {
    const made = await a.executive.inject({ method: 'POST', url: '/api/settings/api-tokens', payload: { name: 'Script', scope: 'write', expiresInDays: null } });
    expect(made.statusCode, made.body).toBe(201);
    const authorization = `Bearer ${made.json().token as string}`;
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: settings, headers: { authorization } });
      expect(res.statusCode, `${method} ${res.body}`).toBe(403);
      expect(res.json().error.code).toBe('token_not_allowed');
    }
  });

  it('limits reads per address before looking the token up, and per feed', async () => {
    const address = '10.98.0.1';
    const unknown = `/api/calendar/${'u'.repeat(43)}.ics`;
    for (let i = 0; i < CALENDAR_FEED_LIMITS.address.max; i++) {
      expect((await t.app.inject({ method: 'GET', url: unknown, remoteAddress: address })).statusCode).toBe(404);
    }
    const limited = await t.app.inject({ method: 'GET', url: unknown, remoteAddress: address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBeTypeOf('string');

    const { url } = await create(a.executive);
    for (let i = 0; i < CALENDAR_FEED_LIMITS.feed.max; i++) expect((await fetchFeed(url, `10.97.${i >> 8}.${i & 255}`)).statusCode).toBe(200);
    expect((await fetchFeed(url, '10.96.0.1')).statusCode).toBe(429);
    clock.advance(CALENDAR_FEED_LIMITS.feed.windowSeconds * 1000);
    expect((await fetchFeed(url, '10.96.0.1')).statusCode).toBe(200);
  });

  it('writes no control character, line or paragraph separator of a title or name, and keeps their words (issue 46 4b)', async () => {
    // NUL cannot be stored (decision 006), so it never reaches a feed; every other C0 and C1
    // control, DEL and U+2028/U+2029 can, in any name a member or a client typed.
    const owner = a.outsider;
    const marks = '\u0001\u0007\u0008\u000b\u000c\u001b\u001f\u007f\u0080\u0085\u009b\u009f\u2028\u2029\t\r\n';
    await t.db.update(organizations).set({ name: 'Rogue\u0085Agency\u001b[2J' }).where(eq(organizations.id, owner.organizationId));
    const client = await owner.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Client\u2029Corp\u009b' } });
    expect(client.statusCode, client.body).toBe(201);
    const project = await owner.inject({
      method: 'POST',
      url: '/api/projects',
      payload: { name: 'Launch\u0007Plan\u2028x', clientId: client.json().id, dueDate: '2026-12-22' },
    });
    expect(project.statusCode, project.body).toBe(201);
    const title = `\u0007bell\u2028line\u0085next${marks}end`;
    const task = await owner.inject({
      method: 'POST',
      url: `/api/projects/${project.json().id}/tasks`,
      payload: { title, assigneeId: owner.profileId, dueDate: '2026-12-21' },
    });
    expect(task.statusCode, task.body).toBe(201);

    const res = await fetchFeed((await create(owner)).url);
    expect(res.statusCode, res.body).toBe(200);
    // Only the line ends of the format itself: CRLF after each content line.
    const body = res.body.replaceAll('\r\n', '');
    // eslint-disable-next-line no-control-regex -- the characters the feed must not carry
    expect(body).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    const feed = parseCalendarFeed(res.body);
    expect(feed.name).toBe('Brieflane: Rogue Agency [2J');
    const byUid = Object.fromEntries(feed.events.map((event) => [event.uid, event]));
    const taskEvent = byUid[`task-${task.json().id as string}@brieflane`]!;
    expect(taskEvent.summary).toBe('bell line next end (Launch Plan x)');
    expect(taskEvent.description).toContain('Task in Launch Plan x for Client Corp\n');
    expect(byUid[`project-${project.json().id as string}@brieflane`]!.summary).toBe('Project due: Launch Plan x');
  });

  it(`holds at most ${FEED_MAX_TASKS} tasks, the soonest due`, async () => {
    const member = a.admin;
    const many = Array.from({ length: FEED_MAX_TASKS + 5 }, (_, i) => ({
      projectId: a.otherProjectId,
      title: `Bulk ${i}`,
      assigneeId: member.profileId,
      // Days after today, one each: the last five are the furthest.
      dueDate: new Date(Date.UTC(2026, 11, 2 + i)).toISOString().slice(0, 10),
    }));
    await t.db.insert(tasks).values(many);
    const feed = await eventsOf((await create(member)).url);
    const bulk = feed.events.filter((e) => e.summary.startsWith('Bulk '));
    expect(bulk).toHaveLength(FEED_MAX_TASKS);
    expect(bulk.map((e) => e.start).sort().at(-1)).toBe(many[FEED_MAX_TASKS - 1]!.dueDate);
  });
});
