import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES } from '../../../domain/budgets';
import { fixedClock } from '../../platform/clock';
import { profiles } from '../../platform/db/schema/tenancy';
import { activityLogs } from '../activity/schema';
import { projects } from '../projects/schema';
import { developerProjectAccess } from '../sharing/schema';
import { notifications } from '../inbox/schema';
import { notificationSettings } from '../settings/schema';
import { timeEntries } from '../time/schema';
import { checkBudgetAlert } from './public';
import { asUser, type TestUser } from '../../test/as-user';
import { countEmailsTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

/** A budget alert's title as stored for a reader of English (each member's in their language: inbox-languages.test.ts). */
const alertTitle = (project: string, percent: number) => `${project} has used ${percent} % of its budget`;

describe('rates and budgets API (issue 32)', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let otherDeveloper: TestUser;
  let outsider: TestUser;
  let projectId: string;

  async function logTime(who: { profileId: string; fullName: string }, minutes: number, onProject = projectId, billable = true, workDate = '2026-11-20') {
    await t.db.insert(timeEntries).values({
      organizationId: orgAdmin.organizationId,
      projectId: onProject,
      profileId: who.profileId,
      memberName: who.fullName,
      workDate,
      minutes,
      billable,
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ clock });
    orgAdmin = await asUser(t, 'organization_admin');
    const organizationId = orgAdmin.organizationId;
    admin = await asUser(t, 'admin', { organizationId });
    executive = await asUser(t, 'account_executive', { organizationId });
    developer = await asUser(t, 'developer', { organizationId });
    otherDeveloper = await asUser(t, 'developer', { organizationId });
    outsider = await asUser(t, 'organization_admin');
    const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Northwind' } })).json().id;
    projectId = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Brand Refresh', clientId } })).json().id;
    await t.db.insert(developerProjectAccess).values({ projectId, developerProfileId: developer.profileId });
  });
  afterAll(() => t.close());

  const putBudget = (who: TestUser, payload: object, id = projectId) => who.inject({ method: 'PUT', url: `/api/projects/${id}/budget`, payload });
  const getBudget = (who: TestUser, id = projectId) => who.inject({ method: 'GET', url: `/api/projects/${id}/budget` });

  describe('currency', () => {
    it('is in /api/me for everyone and set by admins only, with an activity row', async () => {
      expect((await developer.inject({ method: 'GET', url: '/api/me' })).json().organization.currency).toBe('USD');
      const refused = await executive.inject({ method: 'PUT', url: '/api/organization/currency', payload: { currency: 'EUR' } });
      expect(refused.statusCode).toBe(403);
      const bad = await admin.inject({ method: 'PUT', url: '/api/organization/currency', payload: { currency: 'EURO' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.message).toContain(BUDGET_MESSAGES.currencyUnknown.message);
      const res = await admin.inject({ method: 'PUT', url: '/api/organization/currency', payload: { currency: 'eur' } });
      expect(res.json()).toEqual({ currency: 'EUR' });
      expect((await developer.inject({ method: 'GET', url: '/api/me' })).json().organization.currency).toBe('EUR');
      expect((await outsider.inject({ method: 'GET', url: '/api/me' })).json().organization.currency).toBe('USD');
      const [log] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, orgAdmin.organizationId), eq(activityLogs.action, 'change_currency')));
      expect(log?.details).toEqual({ from: 'USD', to: 'EUR' });
      await admin.inject({ method: 'PUT', url: '/api/organization/currency', payload: { currency: 'USD' } });
    });
  });

  describe('member rates', () => {
    it('are set by rank (decision 006), refuse rates below zero, and show on the Team tab', async () => {
      const set = (who: TestUser, target: TestUser, hourlyRateMinor: number | null) =>
        who.inject({ method: 'PUT', url: `/api/team/${target.profileId}/rate`, payload: { hourlyRateMinor } });
      expect((await set(executive, developer, 10000)).json()).toEqual({ id: developer.profileId, hourlyRateMinor: 10000 });
      expect((await set(executive, admin, 10000)).statusCode).toBe(404); // an executive does not see admins
      expect((await set(admin, executive, 12000)).statusCode).toBe(200);
      expect((await set(executive, executive, 99999)).statusCode).toBe(403);
      expect((await set(admin, admin, 99999)).statusCode).toBe(403);
      expect((await set(orgAdmin, orgAdmin, 20000)).statusCode).toBe(200);
      expect((await set(developer, otherDeveloper, 1)).statusCode).toBe(403);
      expect((await set(outsider, developer, 1)).statusCode).toBe(404);
      const negative = await set(admin, developer, -1);
      expect(negative.statusCode).toBe(400);
      expect(negative.json().error.message).toContain(BUDGET_MESSAGES.rateNegative.message);
      expect((await set(admin, developer, 1.5)).statusCode).toBe(400);
      const [row] = await t.db.select({ rate: profiles.hourlyRateMinor }).from(profiles).where(eq(profiles.id, developer.profileId));
      expect(row?.rate).toBe(10000);
      const team = (await admin.inject({ method: 'GET', url: '/api/team?limit=100' })).json();
      expect(team.items.find((m: { id: string }) => m.id === developer.profileId).hourlyRateMinor).toBe(10000);
      const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, orgAdmin.organizationId), eq(activityLogs.action, 'update_member_rate')));
      expect(logs.length).toBe(3);
    });
  });

  describe('project budget', () => {
    it('is staff’s to set and read; developers and other organizations never get it', async () => {
      expect((await putBudget(developer, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 600 })).statusCode).toBe(403);
      expect((await getBudget(developer)).statusCode).toBe(403);
      expect((await getBudget(otherDeveloper)).statusCode).toBe(404);
      expect((await getBudget(outsider)).statusCode).toBe(404);
      expect((await putBudget(outsider, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 600 })).statusCode).toBe(404);
      const zero = await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 0 });
      expect(zero.statusCode).toBe(400);
      expect(zero.json().error.message).toContain(BUDGET_MESSAGES.budgetPositive.message);
      const negative = await putBudget(executive, { hourlyRateMinor: -5, budgetKind: null, budgetAmount: null });
      expect(negative.json().error.message).toContain(BUDGET_MESSAGES.rateNegative.message);
      const mismatched = await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: null });
      expect(mismatched.json().error.message).toContain(BUDGET_MESSAGES.budgetKindAndAmount.message);
    });

    it('counts spent hours and money at the rate in force, one rounding per member', async () => {
      // 10 h budget; developer's rate 100.00/h, executive's 120.00/h.
      const res = await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 600 });
      expect(res.statusCode, res.body).toBe(200);
      await logTime(developer, 1);
      await logTime(developer, 1); // 2 minutes at 100.00/h = 3.33, not 1.67 + 1.67
      await logTime(executive, 60, projectId, false);
      const budget = (await getBudget(admin)).json();
      expect(budget).toMatchObject({ budgetKind: 'hours', budgetAmount: 600, spentMinutes: 62, spentMinor: 333 + 12000, usage: { kind: 'hours', amount: 600, spent: 62, percent: 10 } });
      // The project's rate overrides everyone's.
      await putBudget(executive, { hourlyRateMinor: 6000, budgetKind: 'hours', budgetAmount: 600 });
      expect((await getBudget(admin)).json().spentMinor).toBe(62 * 100);
      const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, 'update_project_budget')));
      expect(logs.map((l) => l.details)).toEqual([
        { project_name: 'Brand Refresh', previous_budget_kind: null, previous_budget_amount: null, budget_kind: 'hours', budget_amount: 600 },
        { project_name: 'Brand Refresh', previous_rate_minor: null, rate_minor: 6000 },
      ]);
    });

    it('tells no rate (null) from a real zero (issue 49 item 8)', async () => {
      const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Unrated Client' } })).json().id;
      const created = await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Unrated Work', clientId } });
      expect(created.statusCode, created.body).toBe(201);
      const unrated: string = created.json().id;
      // Nothing logged spends nothing: a real zero.
      expect((await getBudget(admin, unrated)).json()).toMatchObject({ spentMinutes: 0, spentMinor: 0 });
      // 90 minutes by a member without a rate, on a project without one: no money at all, not $0.00.
      await logTime(otherDeveloper, 90, unrated);
      expect((await getBudget(admin, unrated)).json()).toMatchObject({ spentMinutes: 90, spentMinor: null });
      // A rate of zero is a rate: zero money.
      expect((await putBudget(admin, { hourlyRateMinor: 0, budgetKind: null, budgetAmount: null }, unrated)).statusCode).toBe(200);
      expect((await getBudget(admin, unrated)).json()).toMatchObject({ spentMinutes: 90, spentMinor: 0 });
      // Rated and unrated minutes together: the rated ones' money.
      await putBudget(admin, { hourlyRateMinor: null, budgetKind: null, budgetAmount: null }, unrated);
      await logTime(developer, 60, unrated);
      expect((await getBudget(admin, unrated)).json()).toMatchObject({ spentMinutes: 150, spentMinor: 10000 });
      await t.db.delete(timeEntries).where(eq(timeEntries.projectId, unrated));
    });

    it('shows the bar on staff cards only, from one grouped read', async () => {
      const staffCards = (await executive.inject({ method: 'GET', url: '/api/projects' })).json();
      const card = staffCards.items.find((p: { id: string }) => p.id === projectId);
      expect(card.budget).toEqual({ kind: 'hours', amount: 600, spent: 62, percent: 10 });
      const devCards = (await developer.inject({ method: 'GET', url: '/api/projects' })).json();
      const devCard = devCards.items.find((p: { id: string }) => p.id === projectId);
      expect(devCard).toBeDefined();
      expect(devCard).not.toHaveProperty('budget');
      // No rates or money anywhere in what a developer receives about the project.
      for (const url of ['/api/projects', `/api/projects/${projectId}`, '/api/me']) {
        const body = (await developer.inject({ method: 'GET', url })).body;
        expect(body, url).not.toMatch(/hourlyRate|budget|spent|Minor/i);
      }
    });

    it('alerts staff once at 80 % and once at 100 %, by inbox and email as each chose', async () => {
      await t.db.insert(notificationSettings).values({ profileId: admin.profileId, levels: { budget: 'in_app' }, digest: false });
      const alerts = async (who: TestUser) =>
        t.db.select().from(notifications).where(and(eq(notifications.recipientId, who.profileId), eq(notifications.kind, 'budget_alert')));
      await logTime(developer, 400); // 462 of 600 = 77 %
      expect(await checkBudgetAlert(t.db, clock.now(), { organizationId: orgAdmin.organizationId, projectId })).toBeNull();
      await logTime(developer, 20); // 482 = 80 %
      expect(await checkBudgetAlert(t.db, clock.now(), { organizationId: orgAdmin.organizationId, projectId })).toBe(80);
      expect(await checkBudgetAlert(t.db, clock.now(), { organizationId: orgAdmin.organizationId, projectId })).toBeNull();
      const [first] = await alerts(executive);
      expect(first?.title).toBe(alertTitle('Brand Refresh', 80));
      expect((await alerts(orgAdmin)).length).toBe(1);
      expect(await alerts(developer)).toEqual([]);
      expect(await countEmailsTo(t.db, executive.email, 'budget_alert')).toBe(1);
      expect(await countEmailsTo(t.db, admin.email, 'budget_alert')).toBe(0); // inbox only, by their setting
      expect((await alerts(admin)).length).toBe(1);

      await logTime(developer, 200); // 682 = 113 %
      expect(await checkBudgetAlert(t.db, clock.now(), { organizationId: orgAdmin.organizationId, projectId })).toBe(100);
      expect((await alerts(executive)).map((n) => n.title)).toContain(alertTitle('Brand Refresh', 100));
      const [state] = await t.db.select({ alerted: projects.budgetAlertedPercent }).from(projects).where(eq(projects.id, projectId));
      expect(state?.alerted).toBe(100);

      // A new budget starts over; one already exceeded alerts at once.
      const raised = await putBudget(executive, { hourlyRateMinor: 6000, budgetKind: 'hours', budgetAmount: 800 });
      expect(raised.json().alertedPercent).toBe(80);
      expect((await alerts(executive)).length).toBe(3);
    });

    it('a money budget counts money', async () => {
      await putBudget(executive, { hourlyRateMinor: 6000, budgetKind: 'money', budgetAmount: 100_000 });
      const budget = (await getBudget(executive)).json();
      expect(budget.usage).toEqual({ kind: 'money', amount: 100_000, spent: 682 * 100, percent: 68 });
      expect(budget.alertedPercent).toBe(0);
    });
  });

  describe('through the time API (the time module calls the check in each write)', () => {
    it('alerts at 80 % when an entry, a timesheet cell or an edit crosses it, once even for writes at once', async () => {
      const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Initech' } })).json().id;
      const id = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Launch', clientId } })).json().id as string;
      await t.db.insert(developerProjectAccess).values({ projectId: id, developerProfileId: developer.profileId });
      expect((await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 600 }, id)).statusCode).toBe(200);
      const alertsOn = async () =>
        (await t.db.select().from(notifications).where(and(eq(notifications.recipientId, executive.profileId), eq(notifications.kind, 'budget_alert')))).filter((n) => n.projectId === id);
      const entry = (minutes: number) => developer.inject({ method: 'POST', url: '/api/time/entries', payload: { projectId: id, workDate: '2026-11-20', duration: minutes } });
      const first = await entry(240);
      expect(first.statusCode, first.body).toBe(201);
      expect(await alertsOn()).toEqual([]);
      // Two writes at once, each enough to cross 80 %: one alert.
      const both = await Promise.all([entry(120), entry(120)]);
      expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
      expect((await alertsOn()).map((n) => n.title)).toEqual([alertTitle('Launch', 80)]);
      // An edit past 100 %.
      const edited = await developer.inject({ method: 'PATCH', url: `/api/time/entries/${first.json().id}`, payload: { duration: 400 } });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await alertsOn()).map((n) => n.title).sort()).toEqual([alertTitle('Launch', 100), alertTitle('Launch', 80)]);
      // The card moved with it.
      const card = (await executive.inject({ method: 'GET', url: '/api/projects' })).json().items.find((p: { id: string }) => p.id === id);
      expect(card.budget).toEqual({ kind: 'hours', amount: 600, spent: 640, percent: 106 });
    });
  });

  describe('burn-down (decision 037 addendum)', () => {
    it('gives the budget used by the end of each week since the first entry, money rounded once per member', async () => {
      const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Burn Co' } })).json().id;
      const id = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Burn', clientId } })).json().id as string;
      await t.db.insert(developerProjectAccess).values({ projectId: id, developerProfileId: developer.profileId });
      await logTime(developer, 1, id, true, '2026-10-28'); // a Wednesday: the week of Oct 26
      await logTime(executive, 60, id, false, '2026-11-01'); // a Sunday, same week
      await logTime(developer, 1, id, true, '2026-11-10'); // the week of Nov 9; none in the week of Nov 2
      // Without a budget there is nothing to burn down.
      expect((await getBudget(executive, id)).json().burnDown).toEqual([]);
      const res = await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'money', budgetAmount: 50_000 }, id);
      const detail = res.json();
      // Rates now: developer 100.00/h, executive 120.00/h. The clock's today (Nov 22) is in the week of Nov 16.
      expect(detail.burnDown).toEqual([
        { weekStart: '2026-10-26', minutes: 61, minor: 167 + 12000 },
        { weekStart: '2026-11-02', minutes: 61, minor: 167 + 12000 },
        // 2 minutes of the developer's at 100.00/h: 3.33 once, not 1.67 + 1.67.
        { weekStart: '2026-11-09', minutes: 62, minor: 333 + 12000 },
        { weekStart: '2026-11-16', minutes: 62, minor: 333 + 12000 },
      ]);
      expect(detail.burnDown.at(-1).minor).toBe(detail.spentMinor);
      // Developers see the project, never its money (the series included).
      expect((await getBudget(developer, id)).statusCode).toBe(403);
      for (const url of ['/api/projects', `/api/projects/${id}`]) expect((await developer.inject({ method: 'GET', url })).body).not.toMatch(/burnDown|minor/i);
      expect((await getBudget(outsider, id)).statusCode).toBe(404);
    });
  });

  describe('a rate change re-checks the alerts (decision 037 addendum)', () => {
    it("raising a member's rate past 80 % of a money budget alerts staff once; again, or back down and up, never twice", async () => {
      const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Retainer Co' } })).json().id;
      const id = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Retainer', clientId } })).json().id as string;
      const hoursId = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Retainer hours', clientId } })).json().id as string;
      const inbox = async (who: TestUser, project = id) =>
        (await t.db.select().from(notifications).where(and(eq(notifications.recipientId, who.profileId), eq(notifications.kind, 'budget_alert')))).filter(
          (n) => n.projectId === project,
        );
      const setRate = (hourlyRateMinor: number) => admin.inject({ method: 'PUT', url: `/api/team/${developer.profileId}/rate`, payload: { hourlyRateMinor } });
      expect((await setRate(10000)).statusCode).toBe(200);
      expect((await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'money', budgetAmount: 100_000 }, id)).statusCode).toBe(200);
      expect((await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'hours', budgetAmount: 600 }, hoursId)).statusCode).toBe(200);
      await logTime(developer, 420, id); // 7 h at 100.00 = 700.00 of 1,000.00: 70 %
      await logTime(developer, 420, hoursId); // 70 % of 10 h, whatever the rate
      expect((await getBudget(executive, id)).json().usage.percent).toBe(70);

      const raised = await setRate(12000); // 840.00: 84 %
      expect(raised.statusCode, raised.body).toBe(200);
      expect((await inbox(executive)).map((n) => n.title)).toEqual([alertTitle('Retainer', 80)]);
      expect((await inbox(orgAdmin)).length).toBe(1);
      expect(await inbox(developer)).toEqual([]);
      expect(await inbox(executive, hoursId)).toEqual([]);
      expect((await getBudget(executive, id)).json().alertedPercent).toBe(80);

      expect((await setRate(12500)).statusCode).toBe(200); // 875.00: 87 %, 80 % already sent
      expect((await inbox(executive)).length).toBe(1);
      // A rate change keeps what was sent (decision 037): down below 80 % and back up sends nothing new.
      expect((await setRate(5000)).statusCode).toBe(200);
      expect((await getBudget(executive, id)).json()).toMatchObject({ alertedPercent: 80, usage: { percent: 35 } });
      expect((await setRate(12000)).statusCode).toBe(200);
      expect((await inbox(executive)).length).toBe(1);
      expect((await inbox(orgAdmin)).length).toBe(1);

      // Past 100 %: the next threshold, once.
      expect((await setRate(15000)).statusCode).toBe(200); // 1,050.00: 105 %
      expect((await inbox(executive)).map((n) => n.title).sort()).toEqual([alertTitle('Retainer', 100), alertTitle('Retainer', 80)]);
    });

    it('two rate changes at once each pricing past 80 % send each threshold once (the project row lock)', async () => {
      const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Duo Co' } })).json().id;
      const id = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Duo', clientId } })).json().id as string;
      const rate = (who: TestUser, hourlyRateMinor: number) => admin.inject({ method: 'PUT', url: `/api/team/${who.profileId}/rate`, payload: { hourlyRateMinor } });
      expect((await rate(developer, 10000)).statusCode).toBe(200);
      expect((await rate(executive, 10000)).statusCode).toBe(200);
      await logTime(developer, 60, id);
      await logTime(executive, 60, id);
      expect((await putBudget(executive, { hourlyRateMinor: null, budgetKind: 'money', budgetAmount: 100_000 }, id)).json().usage.percent).toBe(20);
      // Each alone: 700.00 + 100.00 = 80 %; both: 1,400.00 = 140 %.
      const both = await Promise.all([rate(developer, 70000), rate(executive, 70000)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      const titles = (await t.db.select().from(notifications).where(and(eq(notifications.recipientId, orgAdmin.profileId), eq(notifications.kind, 'budget_alert'))))
        .filter((n) => n.projectId === id)
        .map((n) => n.title)
        .sort();
      expect(titles).toEqual([alertTitle('Duo', 100), alertTitle('Duo', 80)]);
    });

    it("a project's own rate that prices past 80 % alerts in the same write, once", async () => {
      const clientId = (await orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Fixed Co' } })).json().id;
      const id = (await orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Fixed', clientId } })).json().id as string;
      const inbox = async () =>
        (await t.db.select().from(notifications).where(and(eq(notifications.recipientId, executive.profileId), eq(notifications.kind, 'budget_alert')))).filter(
          (n) => n.projectId === id,
        );
      await logTime(developer, 600, id); // 10 h
      expect((await putBudget(executive, { hourlyRateMinor: 5000, budgetKind: 'money', budgetAmount: 100_000 }, id)).json().usage.percent).toBe(50);
      expect(await inbox()).toEqual([]);
      const raised = await putBudget(executive, { hourlyRateMinor: 9000, budgetKind: 'money', budgetAmount: 100_000 }, id);
      expect(raised.json()).toMatchObject({ alertedPercent: 80, usage: { percent: 90 } });
      expect((await putBudget(executive, { hourlyRateMinor: 9500, budgetKind: 'money', budgetAmount: 100_000 }, id)).json().alertedPercent).toBe(80);
      expect((await inbox()).map((n) => n.title)).toEqual([alertTitle('Fixed', 80)]);
      // A member's rate does not price a project with its own.
      expect((await admin.inject({ method: 'PUT', url: `/api/team/${developer.profileId}/rate`, payload: { hourlyRateMinor: 90000 } })).statusCode).toBe(200);
      expect((await inbox()).length).toBe(1);
    });
  });
});
