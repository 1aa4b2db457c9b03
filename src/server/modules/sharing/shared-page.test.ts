import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '../../../domain/notes';
import { SHARED_LINK_ERRORS } from '../../../domain/shared-link-errors';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projectAccessOpens } from './schema';
import { projectFiles } from '../files/schema';
import { projectNotes } from '../notes/schema';
import { tasks } from '../tasks/schema';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LINK_GRANT_COOKIE } from '../../services/project-access/link-grant';
import { LINK_PASSWORD_LIMITS } from './link-password-guard';

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

function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
}

/** `name=value` of the grant cookie a response sets. */
function grantCookie(res: LightMyRequestResponse): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${LINK_GRANT_COOKIE}=`))?.split(';')[0];
}

describe('shared project page API', () => {
  let t: TestApp;
  let a: Agency;
  let token: string;
  let linkId: string;
  let taskId: string;
  let otherTaskId: string;
  let fileId: string;
  let otherFileId: string;
  let ownerNoteId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', project: 'Shared Project' });
    const link = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Open' } })).json();
    ({ token, id: linkId } = link);
    const task = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Design', startDate: '2026-12-01', dueDate: '2026-12-04', estimateMinutes: 480 } })).json();
    taskId = task.id;
    otherTaskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/tasks`, payload: { title: 'Secret' } })).json().id;
    fileId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files`, ...multipart('Brief.pdf', PDF) })).json().id;
    otherFileId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/files`, ...multipart('Secret.pdf', PDF) })).json().id;
    ownerNoteId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/notes`, payload: { content: 'Owner note' } })).json().id;
  });
  afterAll(() => t.close());

  const shared = (path = '', tok = token) => `/api/project-access/${tok}${path}`;
  const anon = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: unknown, cookie?: string) =>
    t.app.inject({ method, url: shared(path), ...(payload === undefined ? {} : { payload: payload as object }), headers: cookie ? { cookie } : {} });
  const createLink = async (payload: Record<string, unknown>) =>
    (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload })).json();

  it('opens an unprotected link for anyone and records each open, anonymous or signed in', async () => {
    const res = await anon('POST', '/session', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      projectId: a.projectId,
      projectName: 'Shared Project',
      companyOverview: null,
      formData: null,
      templateFields: null,
      canContribute: false,
      viewersMayContribute: true,
      canApprove: false,
      viewerName: null,
      intakeState: null,
      showsProject: true,
      // No language chosen for the link: the organization's (issue 48 item 4).
      locale: 'en',
    });
    expect(grantCookie(res)).toBeUndefined();
    const signedIn = await a.outsider.inject({ method: 'POST', url: shared('/session') });
    expect(signedIn.json()).toMatchObject({ canContribute: true, viewerName: a.outsider.fullName });
    const opens = await t.db.select().from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, linkId));
    expect(opens.map((o) => o.profileId)).toEqual([null, a.outsider.profileId]);
    // A read by the same viewer within the hour of their open adds nothing.
    expect((await anon('GET', '')).json()).toMatchObject({ projectId: a.projectId, canContribute: false });
    expect(await t.db.select().from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, linkId))).toHaveLength(2);
  });

  it('answers 404 invalid_link for unknown and malformed tokens', async () => {
    for (const tok of ['A'.repeat(43), 'short', 'has.dots.in.it.aaaaaaaaaaaaaaaaaaaaaaaa']) {
      for (const [method, path] of [['POST', '/session'], ['GET', ''], ['GET', '/tasks'], ['GET', '/notes'], ['POST', '/notes']] as const) {
        const res = await t.app.inject({ method, url: shared(path, tok), payload: method === 'POST' ? { content: 'x' } : undefined });
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.json().error).toEqual({ code: SHARED_LINK_ERRORS.invalidLink, message: SHARING_MESSAGES.invalidLink.message });
      }
    }
  });

  it('lets anyone holding the link read tasks, files, notes and download', async () => {
    expect((await anon('GET', '/tasks')).json().items.map((x: { id: string }) => x.id)).toEqual([taskId]);
    // Issue 51: the plan's dates, not the agency's estimate of the effort.
    expect((await anon('GET', '/tasks')).json().items[0]).toMatchObject({ startDate: '2026-12-01', dueDate: '2026-12-04', estimateMinutes: null });
    expect((await anon('GET', `/tasks/${taskId}`)).json()).toMatchObject({ startDate: '2026-12-01', estimateMinutes: null });
    const files = (await anon('GET', '/files')).json().items;
    expect(files).toEqual([expect.objectContaining({ id: fileId, canDelete: false })]);
    const notes = (await anon('GET', '/notes')).json().items;
    expect(notes).toEqual([expect.objectContaining({ id: ownerNoteId, isOwn: false, authorName: 'Olive Owner' })]);
    const download = await anon('GET', `/files/${fileId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('filename="Brief.pdf"');
  });

  it('refuses writes while signed out with 401 and writes nothing', async () => {
    const before = {
      notes: (await t.db.select().from(projectNotes)).length,
      files: (await t.db.select().from(projectFiles)).length,
    };
    for (const [method, path, payload] of [
      ['POST', '/notes', { content: 'Anonymous' }],
      ['PATCH', `/notes/${ownerNoteId}`, { content: 'Hijack' }],
      ['DELETE', `/notes/${ownerNoteId}`, undefined],
      ['POST', '/links', { name: 'Site', url: 'https://example.com' }],
      ['PATCH', `/tasks/${taskId}`, { status: 'completed' }],
    ] as const) {
      const res = await anon(method, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(res.json().error.message).toBe('User not authenticated');
    }
    const upload = await t.app.inject({ method: 'POST', url: shared('/files'), ...multipart('Anon.pdf', PDF) });
    expect(upload.statusCode).toBe(401);
    expect((await t.db.select().from(projectNotes)).length).toBe(before.notes);
    expect((await t.db.select().from(projectFiles)).length).toBe(before.files);
    expect((await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status).toBe('pending');
  });

  it("lets a signed-in user of another organization contribute, logged against the project's organization", async () => {
    const { outsider } = a;
    const note = await outsider.inject({ method: 'POST', url: shared('/notes'), payload: { content: '  From outside  ' } });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json()).toMatchObject({ content: 'From outside', authorName: outsider.fullName, isOwn: true });
    const link = await outsider.inject({ method: 'POST', url: shared('/links'), payload: { name: 'Spec', url: 'https://example.com/spec' } });
    expect(link.statusCode).toBe(201);
    expect(link.json()).toMatchObject({ isLink: true, canDelete: false });
    const upload = await outsider.inject({ method: 'POST', url: shared('/files'), ...multipart('Outside.pdf', PDF) });
    expect(upload.statusCode, upload.body).toBe(201);
    expect(upload.json()).toMatchObject({ fileName: 'Outside.pdf', canDelete: false });
    const toggled = await outsider.inject({ method: 'PATCH', url: shared(`/tasks/${taskId}`), payload: { status: 'completed' } });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json()).toMatchObject({ status: 'completed', completedBy: outsider.profileId, estimateMinutes: null });
    expect((await outsider.inject({ method: 'PATCH', url: shared(`/tasks/${taskId}`), payload: { status: 'pending' } })).json()).toMatchObject({ status: 'pending', completedBy: null });

    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.userId, outsider.profileId)));
    expect(logs.map((l) => l.action).sort()).toEqual(['add_note', 'complete_task', 'update_task', 'upload_file', 'upload_link']);
    expect(new Set(logs.map((l) => l.organizationId))).toEqual(new Set([a.orgAdmin.organizationId]));

    // Own notes only; nobody deletes files through a link.
    const own = note.json().id;
    expect((await outsider.inject({ method: 'PATCH', url: shared(`/notes/${own}`), payload: { content: 'Edited' } })).json()).toMatchObject({ content: 'Edited' });
    const foreign = await outsider.inject({ method: 'PATCH', url: shared(`/notes/${ownerNoteId}`), payload: { content: 'Hijack' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe(NOTE_MESSAGES.notAuthor.message);
    expect((await outsider.inject({ method: 'DELETE', url: shared(`/notes/${ownerNoteId}`) })).statusCode).toBe(403);
    expect((await outsider.inject({ method: 'DELETE', url: shared(`/files/${upload.json().id}`) })).statusCode).toBe(404);
    expect((await t.db.select().from(projectFiles).where(eq(projectFiles.id, upload.json().id)))).toHaveLength(1);
    expect((await outsider.inject({ method: 'DELETE', url: shared(`/notes/${own}`) })).statusCode).toBe(204);
    // The outsider's organization saw nothing of it.
    expect(await t.db.select().from(activityLogs).where(eq(activityLogs.organizationId, outsider.organizationId))).toEqual([]);
  });

  it("leaks nothing of another project through this project's link", async () => {
    const user = a.outsider;
    const note = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/notes`, payload: { content: 'Private' } })).json();
    expect((await user.inject({ method: 'PATCH', url: shared(`/tasks/${otherTaskId}`), payload: { status: 'completed' } })).statusCode).toBe(404);
    expect((await anon('GET', `/files/${otherFileId}/download`)).statusCode).toBe(404);
    expect((await user.inject({ method: 'PATCH', url: shared(`/notes/${note.id}`), payload: { content: 'x' } })).statusCode).toBe(404);
    expect((await t.db.select().from(tasks).where(eq(tasks.id, otherTaskId)))[0]!.status).toBe('pending');
    expect((await anon('GET', '/tasks')).json().items.map((x: { id: string }) => x.id)).not.toContain(otherTaskId);
  });

  describe('a protected link', () => {
    let protectedToken: string;
    let protectedId: string;
    const session = (payload: unknown, options: { cookie?: string; address?: string; tok?: string } = {}) =>
      t.app.inject({
        method: 'POST',
        url: shared('/session', options.tok ?? protectedToken),
        payload: payload as object,
        headers: options.cookie ? { cookie: options.cookie } : {},
        remoteAddress: options.address ?? '203.0.113.1',
      });

    beforeAll(async () => {
      ({ token: protectedToken, id: protectedId } = await createLink({ name: 'Locked', password: 'correct horse' }));
    });

    it('wants its password, refuses a wrong one, and sets a path-scoped httpOnly grant for the right one', async () => {
      const missing = await session({});
      expect(missing.statusCode).toBe(401);
      expect(missing.json().error).toEqual({ code: SHARED_LINK_ERRORS.passwordRequired, message: SHARING_MESSAGES.passwordRequired.message, locale: 'en' });
      const wrong = await session({ password: 'battery staple' }, { address: '203.0.113.2' });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().error).toEqual({ code: SHARED_LINK_ERRORS.invalidPassword, message: SHARING_MESSAGES.invalidPassword.message });
      expect(grantCookie(wrong)).toBeUndefined();
      // Reads need the grant too.
      for (const path of ['', '/tasks', '/notes', '/files', `/files/${fileId}/download`]) {
        const res = await t.app.inject({ method: 'GET', url: shared(path, protectedToken) });
        expect(res.statusCode, path).toBe(401);
        expect(res.json().error.code).toBe(SHARED_LINK_ERRORS.passwordRequired);
      }
      expect(await t.db.select().from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, protectedId))).toEqual([]);

      const right = await session({ password: 'correct horse' }, { address: '203.0.113.3' });
      expect(right.statusCode).toBe(200);
      expect(right.json().projectName).toBe('Shared Project');
      const header = setCookies(right).find((c) => c.startsWith(`${LINK_GRANT_COOKIE}=`))!;
      expect(header).toContain(`Path=/api/project-access/${protectedToken}`);
      expect(header).toContain('HttpOnly');
      expect(header).toContain('SameSite=Lax');
      expect(header).not.toContain('Secure');
      expect(header).toContain(`Expires=${new Date(clock.now().getTime() + 12 * 3600 * 1000).toUTCString()}`);
      const cookie = grantCookie(right)!;

      // A reload: no password, the grant suffices, and it is another recorded open.
      expect((await session({}, { cookie, address: '203.0.113.3' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: shared('/tasks', protectedToken), headers: { cookie } })).statusCode).toBe(200);
      const opens = await t.db.select().from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, protectedId));
      expect(opens.filter((o) => o.kind === 'open')).toHaveLength(2);

      // The grant is for this link only, and cannot be altered.
      const other = await createLink({ name: 'Other lock', password: 'correct horse' });
      expect((await session({}, { cookie, tok: other.token })).statusCode).toBe(401);
      const [, value] = cookie.split('=');
      const [id, expiry, mac] = value!.split('.');
      const forged = `${LINK_GRANT_COOKIE}=${id}.${Number(expiry) + 1000}.${mac}`;
      expect((await session({}, { cookie: forged })).statusCode).toBe(401);
      // A signed-in viewer still needs the password, and then is recorded by name.
      expect((await a.outsider.inject({ method: 'GET', url: shared('/notes', protectedToken) })).statusCode).toBe(401);
      const withBoth = await t.app.inject({ method: 'POST', url: shared('/session', protectedToken), payload: {}, headers: { cookie: `${a.outsider.cookie}; ${cookie}` } });
      expect(withBoth.json()).toMatchObject({ canContribute: true, viewerName: a.outsider.fullName });

      // The grant ends after 12 hours.
      clock.advance(12 * 3600 * 1000);
      expect((await session({}, { cookie })).statusCode).toBe(401);
    });

    it('limits password attempts per link and address with 429, until the window passes', async () => {
      const address = '198.51.100.7';
      for (let i = 0; i < LINK_PASSWORD_LIMITS.linkAndAddress.max; i += 1) {
        expect((await session({ password: `guess ${i}` }, { address })).statusCode).toBe(401);
      }
      const limited = await session({ password: 'correct horse' }, { address });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.message).toBe(SHARING_MESSAGES.tooManyAttempts.message);
      // Another address is not held up; after the window the first may try again.
      expect((await session({ password: 'correct horse' }, { address: '198.51.100.8' })).statusCode).toBe(200);
      clock.advance(61_000);
      expect((await session({ password: 'correct horse' }, { address })).statusCode).toBe(200);
    });

    it('holds back addresses that failed once the link is under attack, never the right password from another address', async () => {
      const { token: tok } = await createLink({ name: 'Hammered', password: 'the right one' });
      for (let i = 0; i < LINK_PASSWORD_LIMITS.link.max; i += 1) {
        expect((await session({ password: 'wrong guess' }, { tok, address: `192.0.2.${i + 1}` })).statusCode).toBe(401);
      }
      // An address that has failed waits, even with the right password ...
      expect((await session({ password: 'the right one' }, { tok, address: '192.0.2.1' })).statusCode).toBe(429);
      // ... a new one gets one guess, and the right password from an address that has not failed works.
      expect((await session({ password: 'wrong again' }, { tok, address: '192.0.2.200' })).statusCode).toBe(401);
      expect((await session({ password: 'the right one' }, { tok, address: '192.0.2.200' })).statusCode).toBe(429);
      expect((await session({ password: 'the right one' }, { tok, address: '192.0.2.201' })).statusCode).toBe(200);
      // Once the attack's window has passed, a viewer who mistyped once gets in again.
      clock.advance(61_000);
      expect((await session({ password: 'the right one' }, { tok, address: '192.0.2.1' })).statusCode).toBe(200);
    });

    it('backs off an address that keeps failing: a minute, then two, four ..., and the right password clears it', async () => {
      const { token: tok } = await createLink({ name: 'Backing off', password: 'the right one' });
      const address = '198.51.100.77';
      const attempt = (password: string) => session({ password }, { tok, address }).then((res) => res.statusCode);
      for (let i = 0; i < LINK_PASSWORD_LIMITS.backoff.freeFailures; i += 1) expect(await attempt(`guess ${i}`)).toBe(401);
      expect(await attempt('the right one')).toBe(429);
      clock.advance(61_000);
      expect(await attempt('guess 6')).toBe(401);
      // The sixth failure means two minutes.
      clock.advance(61_000);
      expect(await attempt('the right one')).toBe(429);
      clock.advance(60_000);
      expect(await attempt('the right one')).toBe(200);
      // A fresh start: failures count from zero again.
      clock.advance(61_000);
      for (let i = 0; i < LINK_PASSWORD_LIMITS.backoff.freeFailures; i += 1) expect(await attempt(`again ${i}`)).toBe(401);
    });

    it('stops working at once when revoked, even with a grant', async () => {
      const link = await createLink({ name: 'Revoked soon', password: 'pw-12345' });
      const cookie = grantCookie(await session({ password: 'pw-12345' }, { tok: link.token, address: '203.0.113.50' }))!;
      expect((await t.app.inject({ method: 'GET', url: shared('/tasks', link.token), headers: { cookie } })).statusCode).toBe(200);
      await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${link.id}/revoke` });
      for (const [method, path] of [['GET', '/tasks'], ['POST', '/session'], ['GET', '']] as const) {
        const res = await t.app.inject({ method, url: shared(path, link.token), headers: { cookie }, ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe(SHARED_LINK_ERRORS.invalidLink);
      }
    });
  });

  it('stops an expiring link on time, by the platform clock', async () => {
    const link = await createLink({ name: 'Week', expiresInDays: 7 });
    clock.advance(7 * 24 * 3600 * 1000 - 1);
    expect((await anon('GET', '/tasks', undefined, undefined)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: shared('/notes', link.token) })).statusCode).toBe(200);
    clock.advance(1);
    const res = await t.app.inject({ method: 'POST', url: shared('/session', link.token), payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe(SHARED_LINK_ERRORS.invalidLink);
  });
});

describe('shared page behind HTTPS', () => {
  it('marks the grant cookie Secure', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://brieflane.example' } });
    try {
      const admin = (await seedAgency(t)).orgAdmin;
      const projectId = (await admin.inject({ method: 'GET', url: '/api/projects' })).json().items[0].id;
      const link = (await admin.inject({ method: 'POST', url: `/api/projects/${projectId}/access-links`, payload: { password: 'pw-12345' } })).json();
      const res = await t.app.inject({ method: 'POST', url: `/api/project-access/${link.token}/session`, payload: { password: 'pw-12345' } });
      expect(res.statusCode).toBe(200);
      expect(setCookies(res).find((c) => c.startsWith(`${LINK_GRANT_COOKIE}=`))).toContain('Secure');
    } finally {
      await t.close();
    }
  });
});
