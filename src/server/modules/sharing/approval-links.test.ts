// Issue 49 item 10: a link where viewers may approve shows its client the files awaiting approval
// and the approval form only, unless staff turned on "Show the project" (off by default, as for
// intake links); the server refuses the rest. Through the real app on a real database.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LINK_ERRORS } from '../../../domain/shared-link-errors';
import type { TemplateField } from '../../../domain/template-field';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projects } from '../projects/schema';
import { projectAccessTokens } from './schema';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-28T09:00:00Z'));

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Link = { id: string; token: string; viewersMayApprove: boolean; showsProject: boolean; intake: { showsProject: boolean } | null };

describe('approval links and "Show the project"', () => {
  let t: TestApp;
  let a: Agency;
  let png: Buffer;
  let awaitingId: string;
  let otherFileId: string;
  let taskId: string;
  let noteId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', project: 'Sign-off Project' });
    // An overview and a questionnaire, which an approval link without the project does not show either.
    const questionnaire: TemplateField[] = [{ label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 0 }];
    await t.db
      .update(projects)
      .set({ companyOverview: 'Harbor Coffee roasts beans.', templateFields: questionnaire, formData: { audience: 'Commuters' } })
      .where(eq(projects.id, a.projectId));
    png = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#2f6fb3' } }).png().toBuffer();
    const upload = async (name: string) => (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files`, ...multipart(name, png) })).json().id as string;
    awaitingId = await upload('Menu board.png');
    otherFileId = await upload('Internal draft.png');
    await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files/${awaitingId}/versions`, ...multipart('Menu board.png', png) });
    const asked = await a.orgAdmin.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/files/${awaitingId}/approval`, payload: { message: 'The spring board' } });
    expect(asked.statusCode, asked.body).toBe(204);
    taskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Internal: chase invoice' } })).json().id;
    noteId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/notes`, payload: { content: 'Staff only: the client is slow to pay' } })).json().id;
  });
  afterAll(() => t.close());

  const makeLink = async (payload: Record<string, unknown>): Promise<Link> => {
    const res = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };
  const get = (token: string, path = '') => t.app.inject({ method: 'GET', url: `/api/project-access/${token}${path}` });
  const expectNotShown = async (token: string, path: string) => {
    const res = await get(token, path);
    expect(res.statusCode, `GET ${path}`).toBe(404);
    expect(res.json().error.code, `GET ${path}`).toBe(SHARED_LINK_ERRORS.projectNotShown);
    // Nothing of the project's work in the refusal.
    expect(res.body).not.toContain('Internal');
    expect(res.body).not.toContain('Staff only');
  };

  it('makes an approval link without the project by default, and says so in the list and the activity', async () => {
    const link = await makeLink({ name: 'Client sign-off', viewersMayApprove: true });
    expect(link).toMatchObject({ viewersMayApprove: true, showsProject: false, intake: null });
    const [row] = await t.db.select().from(projectAccessTokens).where(eq(projectAccessTokens.id, link.id));
    expect(row).toMatchObject({ approvalShowsProject: false, intakeShowsProject: false });
    const listed = (await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/access-links` })).json().items;
    expect(listed.find((l: Link) => l.id === link.id)).toMatchObject({ showsProject: false });
    const logged = await t.db.select().from(activityLogs).where(eq(activityLogs.projectId, a.projectId));
    expect(logged.find((entry) => (entry.details as { link_name?: string } | null)?.link_name === 'Client sign-off')?.details).toMatchObject({
      viewers_may_approve: true,
      shows_project: false,
    });
    // An ordinary link shows the project whatever the switch says.
    expect(await makeLink({ name: 'Ordinary', showProject: false })).toMatchObject({ showsProject: true });
  });

  it('with the switch off, shows the files awaiting approval and the approval form, never the tasks, notes or other files', async () => {
    const { token } = await makeLink({ name: 'Approvals only', viewersMayApprove: true });

    const opened = await t.app.inject({ method: 'POST', url: `/api/project-access/${token}/session`, payload: {} });
    expect(opened.statusCode, opened.body).toBe(200);
    // The name and the approvals; no overview or questionnaire either.
    expect(opened.json()).toMatchObject({ projectName: 'Sign-off Project', showsProject: false, canApprove: true, canContribute: false, companyOverview: null, formData: null, templateFields: null, intakeState: null });
    expect((await get(token)).json()).toMatchObject({ showsProject: false, canApprove: true, companyOverview: null });

    const awaiting = await get(token, '/approvals');
    expect(awaiting.statusCode, awaiting.body).toBe(200);
    expect(awaiting.json()).toMatchObject({ canApprove: true, items: [{ id: awaitingId, fileName: 'Menu board.png', version: 2 }] });
    // What the approval form previews: the awaiting file's thumbnail and its version awaiting.
    expect((await get(token, `/files/${awaitingId}/thumbnail`)).statusCode).toBe(200);
    const version = await get(token, `/files/${awaitingId}/versions/2/download`);
    expect(version.statusCode).toBe(200);
    expect(version.rawPayload.equals(png)).toBe(true);
    expect((await get(token, `/files/${awaitingId}/download`)).statusCode).toBe(200);

    // The project's work is refused: lists, a task, its comments, another file, an older version.
    for (const path of ['/tasks', '/notes', '/files', `/tasks/${taskId}`, `/tasks/${taskId}/comments`]) await expectNotShown(token, path);
    await expectNotShown(token, `/files/${otherFileId}/thumbnail`);
    await expectNotShown(token, `/files/${otherFileId}/download`);
    await expectNotShown(token, `/files/${otherFileId}/versions/1/download`);
    await expectNotShown(token, `/files/${awaitingId}/versions/1/download`);
    // ... and so are writes to it, signed in or not.
    const note = await a.outsider.inject({ method: 'POST', url: `/api/project-access/${token}/notes`, payload: { content: 'x' } });
    expect(note.statusCode).toBe(404);
    expect(note.json().error.code).toBe(SHARED_LINK_ERRORS.projectNotShown);
    const toggle = await a.outsider.inject({ method: 'PATCH', url: `/api/project-access/${token}/tasks/${taskId}`, payload: { status: 'completed' } });
    expect(toggle.json().error.code).toBe(SHARED_LINK_ERRORS.projectNotShown);
    const edit = await a.outsider.inject({ method: 'DELETE', url: `/api/project-access/${token}/notes/${noteId}` });
    expect(edit.json().error.code).toBe(SHARED_LINK_ERRORS.projectNotShown);

    // The approval itself goes through.
    const decided = await t.app.inject({
      method: 'POST',
      url: `/api/project-access/${token}/files/${awaitingId}/approval`,
      payload: { decision: 'changes_requested', version: 2, name: 'Dana Client', comment: 'Bigger prices' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(decided.json()).toMatchObject({ id: awaitingId, approval: { state: 'changes_requested' } });
    // Decided, the file no longer awaits: the link shows the decision (issue 49 item 7), but its
    // thumbnail and downloads no more.
    const decidedList = (await get(token, '/approvals')).json();
    expect(decidedList.items).toEqual([]);
    expect(decidedList.decided).toMatchObject([{ id: awaitingId, approval: { state: 'changes_requested', decisions: [{ comment: 'Bigger prices', deciderName: 'Dana Client' }] } }]);
    await expectNotShown(token, `/files/${awaitingId}/thumbnail`);
    await a.orgAdmin.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/files/${awaitingId}/approval`, payload: { message: 'The spring board' } });
  });

  it('with the switch on, shows the project as before: tasks, notes, every file, and the approvals', async () => {
    const link = await makeLink({ name: 'Approvals and project', viewersMayApprove: true, showProject: true });
    expect(link.showsProject).toBe(true);
    const opened = (await t.app.inject({ method: 'POST', url: `/api/project-access/${link.token}/session`, payload: {} })).json();
    expect(opened).toMatchObject({ showsProject: true, canApprove: true, companyOverview: 'Harbor Coffee roasts beans.', formData: { audience: 'Commuters' } });
    expect((await get(link.token, '/tasks')).json().items.map((x: { id: string }) => x.id)).toEqual([taskId]);
    expect((await get(link.token, '/notes')).json().items.map((x: { id: string }) => x.id)).toEqual([noteId]);
    expect((await get(link.token, '/files')).json().items.map((x: { id: string }) => x.id).sort()).toEqual([awaitingId, otherFileId].sort());
    expect((await get(link.token, `/files/${otherFileId}/download`)).statusCode).toBe(200);
    expect((await get(link.token, `/files/${awaitingId}/versions/1/download`)).statusCode).toBe(200);
    expect((await get(link.token, '/approvals')).json().items.map((x: { id: string }) => x.id)).toEqual([awaitingId]);
  });

  it('keeps links made before the switch showing the project (migration 0027 sets their column)', async () => {
    const link = await makeLink({ name: 'Sent last month', viewersMayApprove: true });
    await t.db.update(projectAccessTokens).set({ approvalShowsProject: true }).where(eq(projectAccessTokens.id, link.id));
    expect((await get(link.token)).json()).toMatchObject({ showsProject: true, canApprove: true });
    expect((await get(link.token, '/tasks')).statusCode).toBe(200);
    expect((await get(link.token, '/notes')).statusCode).toBe(200);
  });

  it('an intake link where viewers may approve shows the questionnaire and the approvals with the switch off, and everything with it on', async () => {
    const off = await makeLink({ name: 'Brief and sign-off', viewersMayApprove: true, intake: true, showProject: false });
    expect(off).toMatchObject({ showsProject: false, intake: { showsProject: false } });
    expect((await get(off.token)).json()).toMatchObject({ showsProject: false, canApprove: true, intakeState: 'open', companyOverview: 'Harbor Coffee roasts beans.' });
    expect((await get(off.token, '/approvals')).statusCode).toBe(200);
    await expectNotShown(off.token, '/tasks');
    await expectNotShown(off.token, '/notes');
    const on = await makeLink({ name: 'Brief, sign-off and project', viewersMayApprove: true, intake: true, showProject: true });
    expect(on).toMatchObject({ showsProject: true, intake: { showsProject: true } });
    expect((await get(on.token, '/tasks')).statusCode).toBe(200);
  });

  it('an intake link made before the switch that hid the project keeps hiding its approvals too', async () => {
    const link = await makeLink({ name: 'Old brief', viewersMayApprove: true, intake: true });
    await t.db.update(projectAccessTokens).set({ approvalShowsProject: true }).where(eq(projectAccessTokens.id, link.id));
    expect((await get(link.token)).json()).toMatchObject({ showsProject: false, canApprove: false });
    await expectNotShown(link.token, '/approvals');
    await expectNotShown(link.token, '/tasks');
  });
});
