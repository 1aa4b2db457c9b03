// Issue 48: a notification has one reader, so it is stored in their language (theirs, else their
// organization's), as their emails are; the activity log is read by many, so an unnamed link is
// stored as null there and said "Untitled link" in each reader's words.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { activityLogs } from '../activity/public';
import { checkBudgetAlert } from '../budgets/public';
import { timeEntries } from '../time/public';
import { notifications } from './schema';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20), Buffer.from('\n%%EOF\n')]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('the inbox in its reader’s language', () => {
  let t: TestApp;
  let a: Agency;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Hafen', developer: 'Dana Dev', orgAdmin: 'Olga Owner' });
    // The developer and the organization's admin chose Deutsch; the executive chose nothing (English).
    for (const user of [a.developer, a.orgAdmin]) {
      const saved = await user.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'de' } });
      expect(saved.statusCode, saved.body).toBe(200);
    }
  });
  afterAll(() => t.close());

  const latest = async (user: TestUser, kind: string) => {
    const page = (await user.inject({ method: 'GET', url: '/api/inbox' })).json() as { items: { kind: string; title: string; body: string | null }[] };
    return page.items.find((item) => item.kind === kind);
  };

  it('tells a German member of an assignment in German, an English one in English', async () => {
    for (const [title, assignee] of [
      ['Speisekarte drucken', a.developer],
      ['Call the printer', a.executive],
    ] as const) {
      const res = await a.admin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title, assigneeId: assignee.profileId } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect(await latest(a.developer, 'task_assigned')).toMatchObject({ title: 'Ihnen wurde „Speisekarte drucken“ zugewiesen', body: 'Hafen' });
    expect(await latest(a.executive, 'task_assigned')).toMatchObject({ title: 'You were assigned "Call the printer"', body: 'Hafen' });
  });

  it('names a client’s decision through an unnamed link in each reader’s words, and logs the link as null', async () => {
    const link = await a.admin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { viewersMayApprove: true } });
    expect(link.statusCode, link.body).toBe(201);
    const file = await a.admin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files`, ...multipart('Menu.pdf', PDF) });
    expect(file.statusCode, file.body).toBe(201);
    const fileId = file.json().id as string;
    expect((await a.executive.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/files/${fileId}/approval`, payload: {} })).statusCode).toBe(204);
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/project-access/${link.json().token}/files/${fileId}/approval`,
      payload: { decision: 'approved', version: 1, name: 'Cleo' },
      remoteAddress: `198.51.100.${++address}`,
    });
    expect(decided.statusCode, decided.body).toBe(200);

    expect((await latest(a.orgAdmin, 'approval_decided'))?.title).toBe("Cleo über den Link 'Unbenannter Link' hat Menu.pdf freigegeben (Version 1)");
    expect((await latest(a.executive, 'approval_decided'))?.title).toBe("Cleo via link 'Untitled link' approved Menu.pdf (version 1)");
    const [logged] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'approve_file')));
    expect(logged!.details).toMatchObject({ decider_name: 'Cleo', link_name: null });
  });

  it('alerts each member of a spent budget in their language', async () => {
    const set = await a.executive.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/budget`, payload: { budgetKind: 'hours', budgetAmount: 60, hourlyRateMinor: null } });
    expect(set.statusCode, set.body).toBe(200);
    await t.db.insert(timeEntries).values({
      organizationId: a.orgAdmin.organizationId,
      projectId: a.projectId,
      profileId: a.developer.profileId,
      memberName: 'Dana Dev',
      workDate: '2026-11-20',
      minutes: 60,
      billable: true,
    });
    expect(await checkBudgetAlert(t.db, clock.now(), { organizationId: a.orgAdmin.organizationId, projectId: a.projectId })).toBe(100);
    const alerts = async (user: TestUser) =>
      t.db.select().from(notifications).where(and(eq(notifications.recipientId, user.profileId), eq(notifications.kind, 'budget_alert')));
    expect(await alerts(a.orgAdmin)).toEqual([expect.objectContaining({ title: 'Hafen hat 100 % seines Budgets verbraucht', body: expect.stringMatching(/ verbraucht von einem Budget von /) })]);
    expect(await alerts(a.executive)).toEqual([expect.objectContaining({ title: 'Hafen has used 100 % of its budget', body: expect.stringMatching(/ spent of a budget of /) })]);
  });

  it('writes a money budget alert\'s amounts as each reader\'s language does', async () => {
    const client = (await a.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Geld' } })).json().id as string;
    const project = (await a.orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Kasse', clientId: client } })).json().id as string;
    const set = await a.executive.inject({ method: 'PUT', url: `/api/projects/${project}/budget`, payload: { budgetKind: 'money', budgetAmount: 100_000, hourlyRateMinor: 123_450 } });
    expect(set.statusCode, set.body).toBe(200);
    await t.db.insert(timeEntries).values({
      organizationId: a.orgAdmin.organizationId,
      projectId: project,
      profileId: a.developer.profileId,
      memberName: 'Dana Dev',
      workDate: '2026-11-20',
      minutes: 60,
      billable: true,
    });
    expect(await checkBudgetAlert(t.db, clock.now(), { organizationId: a.orgAdmin.organizationId, projectId: project })).toBe(100);
    const alert = async (user: TestUser) =>
      (await t.db.select().from(notifications).where(and(eq(notifications.recipientId, user.profileId), eq(notifications.projectId, project))))[0]?.body;
    expect(await alert(a.orgAdmin)).toBe('1.234,50\u00a0$ verbraucht von einem Budget von 1.000,00\u00a0$.');
    expect(await alert(a.executive)).toBe('$1,234.50 spent of a budget of $1,000.00.');
  });

  it('tells German staff that the client answered through an unnamed link in German', async () => {
    const template = await a.orgAdmin.inject({
      method: 'POST',
      url: '/api/templates',
      payload: {
        name: 'Brief',
        fields: [
          { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
          { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
          { label: 'Audience', name: 'audience', type: 'text', required: true, options: [], order: 2 },
        ],
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const link = await a.executive.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/access-links`, payload: { intake: true, templateId: template.json().id } });
    expect(link.statusCode, link.body).toBe(201);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/project-access/${link.json().token}/intake/submit`,
      payload: { answers: { audience: 'Pendler' } },
      remoteAddress: `198.51.100.${++address}`,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(await latest(a.orgAdmin, 'intake_submitted')).toMatchObject({ title: 'Der Kunde hat den Fragebogen zu Other Project beantwortet', body: 'Unbenannter Link' });
    expect(await latest(a.executive, 'intake_submitted')).toMatchObject({ body: 'Untitled link' });
    const [logged] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.otherProjectId), eq(activityLogs.action, 'submit_questionnaire')));
    expect(logged!.details).toEqual({ link_name: null });
  });
});
