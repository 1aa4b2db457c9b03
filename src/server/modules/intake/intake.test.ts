// Client intake through a link (issue 15): the viewer answers without an account; per role and
// tenancy for staff; bad input and closed states are 4xx with nothing stored.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTAKE_MESSAGES } from '../../../domain/intake';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { TEMPLATE_MESSAGES } from '../../../domain/templates';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { activityLogs } from '../activity/schema';
import { notifications } from '../inbox/schema';
import { projectAccessTokens } from '../sharing/schema';
import { projects } from '../projects/schema';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { INTAKE_WRITE_LIMIT } from './service';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

const brief = {
  name: 'Brand Brief',
  fields: [
    { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
    { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
    { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
    { label: 'Budget', name: 'budget', type: 'number', required: false, options: [], order: 3 },
    { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print'], order: 4 },
  ],
};

describe('intake links', () => {
  let t: TestApp;
  let a: Agency;
  let templateId: string;
  let token: string;
  let linkId: string;
  let address = 0;

  /** Each call from its own client address, so the per-address write limit stays out of the way. */
  const anonymous = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, payload: payload as object, remoteAddress: `198.51.100.${(address++ % 200) + 1}` });
  const draft = (answers: unknown) => anonymous('PUT', `/api/project-access/${token}/intake/draft`, { answers });
  const submit = (answers: unknown) => anonymous('POST', `/api/project-access/${token}/intake/submit`, { answers });
  const stored = async () => (await t.db.select().from(projects).where(eq(projects.id, a.projectId)))[0]!;
  const linkRow = async () => (await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, linkId)))[0]!;
  const change = (user: Agency['orgAdmin'], action: string, project = a.projectId, link = linkId) =>
    user.inject({ method: 'POST', url: `/api/projects/${project}/access-links/${link}/intake`, payload: { action } });

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Harbor Rebrand' });
    templateId = (await a.orgAdmin.inject({ method: 'POST', url: '/api/templates', payload: brief })).json().id;
  });
  afterAll(() => t.close());

  it('needs a questionnaire: a project without one gets the chosen template, of its own organization only', async () => {
    const create = (payload: object) => a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload });
    const none = await create({ name: 'Intake', intake: true });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(INTAKE_MESSAGES.needsTemplate.message);
    const outsiderTemplate = (await a.outsider.inject({ method: 'POST', url: '/api/templates', payload: brief })).json().id;
    expect((await create({ name: 'Intake', intake: true, templateId: outsiderTemplate })).statusCode).toBe(400);
    expect(await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.projectId, a.projectId))).toHaveLength(0);

    const created = await create({ name: 'Client intake', intake: true, templateId });
    expect(created.statusCode).toBe(201);
    expect(created.json().intake).toEqual({ state: 'open', submittedAt: null, showsProject: false });
    ({ token, id: linkId } = created.json());
    const project = await stored();
    expect(project.templateId).toBe(templateId);
    expect(project.templateFields!.map((f) => f.name)).toEqual(['client_name', 'due_date', 'audience', 'budget', 'channels']);
    // The shared page knows to show the form.
    expect((await anonymous('POST', `/api/project-access/${token}/session`)).json()).toMatchObject({ intakeState: 'open' });
  });

  it("asks the link's viewer only the project's own questions, with no account", async () => {
    const res = await anonymous('GET', `/api/project-access/${token}/intake`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      state: 'open',
      fields: brief.fields.slice(2),
      answers: { audience: '', budget: '', channels: [] },
      submittedAt: null,
    });
  });

  it("shows the client the project's name, overview and questionnaire only: its tasks, files and notes answer 404 unless staff show the project (issue 27)", async () => {
    const staff = (method: 'GET' | 'POST', url: string, payload?: object) => a.orgAdmin.inject({ method, url: `/api/projects/${a.projectId}${url}`, payload });
    expect((await staff('POST', '/tasks', { title: 'Product CSV export' })).statusCode).toBe(201);
    expect((await staff('POST', '/notes', { content: 'Waiting on the product CSV export from Acme' })).statusCode).toBe(201);
    expect((await anonymous('POST', `/api/project-access/${token}/session`)).json()).toMatchObject({ showsProject: false, canContribute: false });

    const refused = (res: { statusCode: number; json: () => { error: { code: string; message: string } } }) => {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'project_not_shown', message: INTAKE_MESSAGES.notShown.message });
    };
    for (const part of ['tasks', 'files', 'notes', `files/${crypto.randomUUID()}/download`]) refused(await anonymous('GET', `/api/project-access/${token}/${part}`));
    // Signed in, of any organization, changes nothing: writes are refused the same way.
    const viewer = (method: 'POST' | 'PATCH', url: string, payload: object) => a.outsider.inject({ method, url: `/api/project-access/${token}${url}`, payload });
    refused(await viewer('POST', '/notes', { content: 'Hello' }));
    refused(await viewer('POST', '/links', { url: 'https://example.com', name: 'Brief' }));
    refused(await viewer('PATCH', `/tasks/${crypto.randomUUID()}`, { status: 'completed' }));
    // The questionnaire itself is the link's to answer.
    expect((await anonymous('GET', `/api/project-access/${token}/intake`)).statusCode).toBe(200);

    // Staff may also show the project: then the link reads like an ordinary one.
    const shown = (await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Intake and project', intake: true, showProject: true } })).json();
    expect(shown.intake).toMatchObject({ showsProject: true });
    expect((await anonymous('POST', `/api/project-access/${shown.token}/session`)).json()).toMatchObject({ showsProject: true, intakeState: 'open' });
    const tasks = await anonymous('GET', `/api/project-access/${shown.token}/tasks`);
    expect(tasks.statusCode).toBe(200);
    expect(tasks.json().items.map((task: { title: string }) => task.title)).toContain('Product CSV export');
    expect((await anonymous('GET', `/api/project-access/${shown.token}/notes`)).statusCode).toBe(200);
    // An ordinary link is unchanged, whatever the switch says.
    const plain = (await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Review', showProject: false } })).json();
    expect((await anonymous('GET', `/api/project-access/${plain.token}/tasks`)).statusCode).toBe(200);
    for (const link of [shown, plain]) await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${link.id}/revoke` });
  });

  it('refuses unknown fields, wrong types, options not in the list and oversized answers, storing nothing', async () => {
    const cases: [unknown, number, string | RegExp][] = [
      [{ audience: 'Commuters', stray: 'x' }, 400, '"stray" is not a question of this questionnaire.'],
      [{ client_name: 'Someone else' }, 400, '"client_name" is not a question of this questionnaire.'],
      [{ budget: 'lots' }, 400, 'Budget must be a number.'],
      [{ channels: ['Radio'] }, 400, 'Channels must be one of its options.'],
      [{ channels: 'Web' }, 400, /^Channels /],
      [{ audience: 'x'.repeat(10_001) }, 400, /.+/],
      ['not an object', 400, /.+/],
    ];
    const complete = { audience: 'Commuters', channels: ['Web'] };
    for (const [answers, status, message] of cases) {
      const whole = typeof answers === 'object' ? { ...complete, ...answers } : answers;
      for (const res of [await draft(answers), await submit(whole)]) {
        expect(res.statusCode, JSON.stringify(answers)).toBe(status);
        expect(res.json().error.message).toMatch(message);
      }
    }
    // A submit without the required answers names the first one missing.
    const missing = await submit({ budget: '1200' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Audience is required.');
    expect(TEMPLATE_MESSAGES.answerRequired.message).toBe('{label} is required.');
    expect((await linkRow()).intakeDraft).toBeNull();
    expect((await stored()).formData).toBeNull();
  });

  it("answers the questionnaire's validation in the caller's language with the same code, its values filled (issue 48)", async () => {
    const ask = (acceptLanguage: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/project-access/${token}/intake/draft`,
        payload: { answers: { stray: 'x' } },
        headers: { 'accept-language': acceptLanguage },
        remoteAddress: `198.51.100.${(address++ % 200) + 1}`,
      });
    const [german, spanish, english] = await Promise.all([ask('de-DE,de;q=0.9'), ask('es'), ask('en')]);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ error: { code: 'invalid_answers', message: '„stray“ ist keine Frage dieses Fragebogens.' } });
    expect(spanish.json().error).toEqual({ code: german.json().error.code, message: '«stray» no es una pregunta de este cuestionario.' });
    expect(english.json().error).toEqual({ code: german.json().error.code, message: '"stray" is not a question of this questionnaire.' });
    expect((await linkRow()).intakeDraft).toBeNull();
  });

  it("answers a question's rule in the caller's language with the same code, the question's label filled (issue 48)", async () => {
    const ask = (acceptLanguage: string, answers: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/project-access/${token}/intake/draft`,
        payload: { answers },
        headers: { 'accept-language': acceptLanguage },
        remoteAddress: `198.51.100.${(address++ % 200) + 1}`,
      });
    const [german, spanish, english] = await Promise.all([ask('de-DE,de;q=0.9', { budget: 'lots' }), ask('es', { budget: 'lots' }), ask('en', { budget: 'lots' })]);
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ error: { code: 'invalid_answers', message: 'Budget muss eine Zahl sein.' } });
    expect(spanish.json().error).toEqual({ code: german.json().error.code, message: 'Budget debe ser un número.' });
    expect(english.json().error).toEqual({ code: german.json().error.code, message: 'Budget must be a number.' });
    const option = await ask('de', { channels: ['Radio'] });
    expect(option.json().error).toEqual({ code: 'invalid_answers', message: 'Channels muss eine der vorgegebenen Optionen sein.' });
    expect((await linkRow()).intakeDraft).toBeNull();
  });

  it('keeps a draft, then lands the submitted answers on the project with a log entry and an email to staff', async () => {
    const saved = await draft({ audience: 'Commuters', budget: '1200' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await anonymous('GET', `/api/project-access/${token}/intake`)).json().answers).toEqual({ audience: 'Commuters', budget: '1200', channels: [] });
    expect((await stored()).formData).toBeNull();

    const res = await submit({ audience: 'Commuters who want a quick espresso', budget: '1200', channels: ['Web'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'submitted', submittedAt: clock.now().toISOString() });
    expect((await stored()).formData).toEqual({
      client_name: 'Acme',
      due_date: '',
      audience: 'Commuters who want a quick espresso',
      budget: '1200',
      channels: ['Web'],
    });
    const [entry] = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'submit_questionnaire')));
    expect(entry).toMatchObject({ userId: null, details: { link_name: 'Client intake' } });
    const emails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'intake_submitted'));
    expect(emails.map((e) => e.toAddress).sort()).toEqual([a.orgAdmin.email, a.admin.email, a.executive.email].sort());
    expect(emails[0]!.subject).toBe('Questionnaire submitted: Harbor Rebrand');
    // Nobody outside the organization, and no developer, is told.
    expect(emails.map((e) => e.toAddress)).not.toContain(a.developer.email);
    expect(emails.map((e) => e.toAddress)).not.toContain(a.outsider.email);
    // The same people find it in their inbox, with the project and the link named.
    const told = await t.db.select().from(notifications).where(eq(notifications.kind, 'intake_submitted'));
    expect(told.map((n) => n.recipientId).sort()).toEqual([a.orgAdmin.profileId, a.admin.profileId, a.executive.profileId].sort());
    expect(told[0]).toMatchObject({ projectId: a.projectId, title: 'The client answered the questionnaire of Harbor Rebrand', body: 'Client intake', readAt: null });
    const inbox = (await a.executive.inject({ method: 'GET', url: '/api/inbox' })).json();
    // (The link's creator also heard of its first opening.)
    expect(inbox.items).toContainEqual(expect.objectContaining({ kind: 'intake_submitted', projectId: a.projectId, read: false }));
  });

  it('answers a submitted or locked questionnaire read-only (409, nothing stored) until staff reopen it', async () => {
    const before = (await stored()).formData;
    for (const res of [await draft({ audience: 'Changed' }), await submit({ audience: 'Changed', channels: ['Print'] })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(INTAKE_MESSAGES.notOpen.message);
    }
    expect((await stored()).formData).toEqual(before);

    const reopened = await change(a.executive, 'reopen');
    expect(reopened.json()).toEqual({ state: 'open' });
    // The form starts from what was submitted.
    expect((await anonymous('GET', `/api/project-access/${token}/intake`)).json()).toMatchObject({
      state: 'open',
      answers: { audience: 'Commuters who want a quick espresso', budget: '1200', channels: ['Web'] },
    });
    expect((await submit({ audience: 'Everyone', channels: ['Web', 'Print'] })).statusCode).toBe(200);
    expect((await stored()).formData).toMatchObject({ audience: 'Everyone', budget: '', channels: ['Web', 'Print'] });

    expect((await change(a.orgAdmin, 'reopen')).json()).toEqual({ state: 'open' });
    expect((await change(a.admin, 'lock')).json()).toEqual({ state: 'locked' });
    expect((await draft({ audience: 'Late' })).statusCode).toBe(409);
    expect((await anonymous('GET', `/api/project-access/${token}/intake`)).json()).toMatchObject({ state: 'locked', answers: { audience: 'Everyone' } });
    const logged = await t.db.select({ action: activityLogs.action }).from(activityLogs).where(eq(activityLogs.projectId, a.projectId));
    expect(logged.map((l) => l.action)).toEqual(expect.arrayContaining(['reopen_questionnaire', 'lock_questionnaire']));
  });

  it("records a submission as the link's client, also from someone signed in with another organization, in Activity Logs and its CSV (issues 26 6c, 27)", async () => {
    expect((await change(a.executive, 'reopen')).statusCode).toBe(200);
    const res = await a.outsider.inject({ method: 'POST', url: `/api/project-access/${token}/intake/submit`, payload: { answers: { audience: 'From elsewhere', channels: ['Web'] } } });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await t.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'submit_questionnaire')));
    for (const entry of entries) {
      expect(entry.userId).toBeNull();
      expect(JSON.stringify(entry.details)).not.toContain(a.outsider.fullName);
    }
    const list = (await a.orgAdmin.inject({ method: 'GET', url: `/api/activities?projectId=${a.projectId}` })).json();
    const submitted = list.items.filter((item: { action: string }) => item.action === 'submit_questionnaire');
    expect(submitted.length).toBe(entries.length);
    for (const item of submitted) expect(item).toMatchObject({ actorKind: 'link_client', user: null, details: { link_name: 'Client intake' } });
    const csv = await a.orgAdmin.inject({ method: 'GET', url: `/api/activities/export?projectId=${a.projectId}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain("Client via link 'Client intake'");
    expect(csv.body).not.toContain('Removed user');
    expect(csv.body).not.toContain(a.outsider.fullName);
    // Locked again, as the tests below found it.
    expect((await change(a.admin, 'lock')).json()).toEqual({ state: 'locked' });
  });

  it('lets only staff of the organization reopen or lock: developers 403, others 404, bad input 400', async () => {
    const developer = await change(a.developer, 'reopen');
    expect(developer.statusCode).toBe(403);
    expect(developer.json().error.message).toBe(SHARING_MESSAGES.staffOnly.message);
    expect((await change(a.unassigned, 'reopen')).statusCode).toBe(404);
    expect((await change(a.outsider, 'reopen')).statusCode).toBe(404);
    expect((await change(a.orgAdmin, 'reopen', a.otherProjectId)).statusCode).toBe(404);
    expect((await change(a.orgAdmin, 'delete')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${linkId}/intake`, payload: { action: 'reopen' } })).statusCode).toBe(401);
    expect((await linkRow()).intakeState).toBe('locked');
    // An ordinary link has no questionnaire to answer or change.
    const plain = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Plain' } })).json();
    expect((await anonymous('GET', `/api/project-access/${plain.token}/intake`)).statusCode).toBe(404);
    expect((await anonymous('POST', `/api/project-access/${plain.token}/intake/submit`, { answers: {} })).statusCode).toBe(404);
    expect((await change(a.orgAdmin, 'lock', a.projectId, plain.id)).statusCode).toBe(400);
  });

  it('refuses a revoked or expired link, and limits writes per link and address', async () => {
    await change(a.orgAdmin, 'reopen');
    const limited = Array.from({ length: INTAKE_WRITE_LIMIT.max + 1 }, () =>
      t.app.inject({ method: 'PUT', url: `/api/project-access/${token}/intake/draft`, payload: { answers: { audience: 'Again' } }, remoteAddress: '192.0.2.77' }),
    );
    const statuses = [];
    for (const request of limited) statuses.push((await request).statusCode);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);

    expect((await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${linkId}/revoke` })).statusCode).toBe(200);
    const before = (await stored()).formData;
    expect((await submit({ audience: 'After revoke', channels: ['Web'] })).statusCode).toBe(404);
    expect((await anonymous('GET', `/api/project-access/${token}/intake`)).statusCode).toBe(404);
    expect((await stored()).formData).toEqual(before);

    const expiring = (
      await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Short', intake: true, expiresInDays: 1 } })
    ).json();
    await t.db.update(projectAccessTokens).set({ expiresAt: new Date(clock.now().getTime() - 1000) }).where(eq(projectAccessTokens.id, expiring.id));
    const late = await t.app.inject({ method: 'POST', url: `/api/project-access/${expiring.token}/intake/submit`, payload: { answers: { audience: 'Late', channels: ['Web'] } } });
    expect(late.statusCode).toBe(404);
  });
});
