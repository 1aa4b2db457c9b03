// The share-link rules of decision 008 (issues #19, #20): link passwords of 8 characters or
// more, view-only links ('Viewers may contribute' off), an access log that records reads once
// an hour per viewer and every download, and unreadable uploads through a link answered 400.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_PASSWORD_MESSAGES, SHARING_MESSAGES } from '../../../domain/sharing';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projectAccessOpens, projectAccessTokens } from './schema';
import { projectFiles } from '../files/schema';
import { projectNotes } from '../notes/schema';
import { tasks } from '../tasks/schema';
import { asUser, type TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));
const HOUR = 3600 * 1000;
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

describe('share link rules', () => {
  let t: TestApp;
  let a: Agency;
  let taskId: string;
  let fileId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Shared Project' });
    taskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Design' } })).json().id;
    fileId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files`, ...multipart('Brief.pdf', PDF) })).json().id;
  });
  afterAll(() => t.close());

  const createLink = (payload: Record<string, unknown>, user: TestUser = a.orgAdmin) =>
    user.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload });
  const shared = (token: string, path = '') => `/api/project-access/${token}${path}`;
  const entries = (linkId: string) =>
    t.db.select().from(projectAccessOpens).where(eq(projectAccessOpens.accessTokenId, linkId)).orderBy(asc(projectAccessOpens.openedAt));

  describe('link passwords', () => {
    it('refuses short and blank passwords on Generate Link and Assign Developer with the message, creating nothing', async () => {
      const newcomer = await asUser(t, 'developer', { organizationId: a.orgAdmin.organizationId });
      const before = (await t.db.select().from(projectAccessTokens)).length;
      for (const [password, message] of [
        ['a', 'Password must be at least 8 characters long'],
        ['1234567', 'Password must be at least 8 characters long'],
        [' ', LINK_PASSWORD_MESSAGES.blank.message],
        ['         ', LINK_PASSWORD_MESSAGES.blank.message],
      ] as const) {
        for (const res of [
          await createLink({ name: 'Weak', password }),
          await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/developers`, payload: { developerProfileId: newcomer.profileId, password } }),
        ]) {
          expect(res.statusCode, password).toBe(400);
          expect(res.json().error).toEqual({ code: 'validation_error', message, field: 'password' });
        }
      }
      expect((await t.db.select().from(projectAccessTokens)).length).toBe(before);
      const strong = await createLink({ name: 'Strong', password: '12345678' });
      expect(strong.statusCode).toBe(201);
      expect(strong.json().hasPassword).toBe(true);
    });
  });

  describe("'Viewers may contribute'", () => {
    it('is on by default and shown on the link; off makes a view-only link, logged as such', async () => {
      const open = await createLink({ name: 'Default' });
      expect(open.json()).toMatchObject({ viewersMayContribute: true });
      const viewOnly = await createLink({ name: 'Board', viewersMayContribute: false });
      expect(viewOnly.statusCode, viewOnly.body).toBe(201);
      expect(viewOnly.json()).toMatchObject({ name: 'Board', viewersMayContribute: false });
      const listed = (await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/access-links` })).json().items;
      expect(listed.find((l: { id: string }) => l.id === viewOnly.json().id)).toMatchObject({ viewersMayContribute: false });
      expect(listed.find((l: { id: string }) => l.id === open.json().id)).toMatchObject({ viewersMayContribute: true });
      const logged = await t.db
        .select({ details: activityLogs.details })
        .from(activityLogs)
        .where(and(eq(activityLogs.action, 'create_access_link'), eq(activityLogs.projectId, a.projectId)));
      expect(logged.map((l) => (l.details as Record<string, unknown>).viewers_may_contribute)).toEqual(expect.arrayContaining([true, false]));
      expect((await createLink({ viewersMayContribute: 'no' })).statusCode).toBe(400);
    });

    it('lets everyone read through a view-only link and nobody write: 403 view_only_link, nothing written', async () => {
      const link = (await createLink({ name: 'Read only', viewersMayContribute: false })).json();
      // A note of the outsider's own, made through a link that allows it.
      const contributing = (await createLink({ name: 'Contributing' })).json();
      const ownNote = (await a.outsider.inject({ method: 'POST', url: shared(contributing.token, '/notes'), payload: { content: 'Mine' } })).json();

      const opened = await a.outsider.inject({ method: 'POST', url: shared(link.token, '/session') });
      expect(opened.json()).toMatchObject({ canContribute: false, viewersMayContribute: false, viewerName: a.outsider.fullName });
      for (const path of ['', '/tasks', '/files', '/notes', `/files/${fileId}/download`]) {
        expect((await a.outsider.inject({ method: 'GET', url: shared(link.token, path) })).statusCode, path).toBe(200);
      }

      const before = {
        notes: (await t.db.select().from(projectNotes)).length,
        files: (await t.db.select().from(projectFiles)).length,
        task: (await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status,
      };
      const writes = [
        { method: 'POST', url: shared(link.token, '/notes'), payload: { content: 'Nope' } },
        { method: 'PATCH', url: shared(link.token, `/notes/${ownNote.id}`), payload: { content: 'Edited' } },
        { method: 'DELETE', url: shared(link.token, `/notes/${ownNote.id}`) },
        { method: 'POST', url: shared(link.token, '/links'), payload: { name: 'Spec', url: 'https://example.com/spec' } },
        { method: 'PATCH', url: shared(link.token, `/tasks/${taskId}`), payload: { status: 'completed' } },
        { method: 'POST', url: shared(link.token, '/files'), ...multipart('Upload.pdf', PDF) },
      ] as const;
      for (const write of writes) {
        for (const res of [await a.outsider.inject(write), await t.app.inject(write)]) {
          expect(res.statusCode, `${write.method} ${write.url}`).toBe(403);
          expect(res.json().error).toEqual({ code: 'view_only_link', message: SHARING_MESSAGES.viewOnly.message });
        }
      }
      expect((await t.db.select().from(projectNotes)).length).toBe(before.notes);
      expect((await t.db.select().from(projectNotes).where(eq(projectNotes.id, ownNote.id)))[0]!.content).toBe('Mine');
      expect((await t.db.select().from(projectFiles)).length).toBe(before.files);
      expect((await t.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status).toBe(before.task);
      // The same person through the contributing link still may.
      expect((await a.outsider.inject({ method: 'PATCH', url: shared(contributing.token, `/notes/${ownNote.id}`), payload: { content: 'Edited' } })).statusCode).toBe(200);
    });
  });

  describe('the access log', () => {
    it('records reads once per viewer per hour, and every download with the file name', async () => {
      const link = (await createLink({ name: 'Logged' })).json();
      const anonymous = (path: string, address: string) => t.app.inject({ method: 'GET', url: shared(link.token, path), remoteAddress: address });

      // Opening, then the page's reads: one entry, the open.
      expect((await t.app.inject({ method: 'POST', url: shared(link.token, '/session'), payload: {}, remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
      for (const path of ['', '/tasks', '/files', '/notes']) expect((await anonymous(path, '203.0.113.10')).statusCode).toBe(200);
      expect((await entries(link.id)).map((e) => e.kind)).toEqual(['open']);

      // Reading without opening (an API client, or an hour later): one 'view' per viewer per hour.
      clock.advance(1000);
      for (const path of ['/tasks', '/notes', '/files']) expect((await anonymous(path, '203.0.113.20')).statusCode).toBe(200);
      clock.advance(1000);
      expect((await a.outsider.inject({ method: 'GET', url: shared(link.token, '/tasks') })).statusCode).toBe(200);
      expect((await a.outsider.inject({ method: 'GET', url: shared(link.token, '/notes') })).statusCode).toBe(200);
      expect((await entries(link.id)).map((e) => [e.kind, e.profileId])).toEqual([
        ['open', null],
        ['view', null],
        ['view', a.outsider.profileId],
      ]);
      clock.advance(HOUR);
      expect((await anonymous('/tasks', '203.0.113.10')).statusCode).toBe(200);
      expect((await entries(link.id)).map((e) => e.kind)).toEqual(['open', 'view', 'view', 'view']);

      // Every download, by whom and which file.
      clock.advance(1000);
      expect((await anonymous(`/files/${fileId}/download`, '203.0.113.10')).statusCode).toBe(200);
      clock.advance(1000);
      expect((await a.outsider.inject({ method: 'GET', url: shared(link.token, `/files/${fileId}/download`) })).statusCode).toBe(200);
      const downloads = (await entries(link.id)).filter((e) => e.kind === 'download');
      expect(downloads.map((e) => [e.fileName, e.profileId])).toEqual([
        ['Brief.pdf', null],
        ['Brief.pdf', a.outsider.profileId],
      ]);

      // Staff see it all in the log, newest first; "Opened N times" still counts opens.
      const log = (await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/access-links/${link.id}/opens` })).json();
      expect(log.total).toBe(6);
      expect(log.items.slice(0, 2)).toEqual([
        expect.objectContaining({ kind: 'download', fileName: 'Brief.pdf', viewerName: a.outsider.fullName }),
        expect.objectContaining({ kind: 'download', fileName: 'Brief.pdf', viewerName: null }),
      ]);
      expect(log.items.at(-1)).toMatchObject({ kind: 'open', fileName: null, viewerName: null });
      const listed = (await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/access-links` })).json().items;
      expect(listed.find((l: { id: string }) => l.id === link.id)).toMatchObject({ openCount: 1 });
    });

    it('records nothing for a refused read', async () => {
      const link = (await createLink({ name: 'Locked', password: 'correct horse' })).json();
      expect((await t.app.inject({ method: 'GET', url: shared(link.token, '/tasks') })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: shared(link.token, `/files/${fileId}/download`) })).statusCode).toBe(401);
      expect(await entries(link.id)).toEqual([]);
    });
  });

  it('answers an unreadable upload through a link with 400, storing nothing', async () => {
    const link = (await createLink({ name: 'Uploads' })).json();
    const before = (await t.db.select().from(projectFiles)).length;
    const whole = multipart('brief.pdf', PDF);
    for (const [headers, payload] of [
      [{ 'content-type': 'multipart/form-data' }, whole.payload],
      [whole.headers, whole.payload.subarray(0, 150)],
    ] as const) {
      const res = await a.outsider.inject({ method: 'POST', url: shared(link.token, '/files'), headers, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('malformed_upload');
    }
    expect((await t.db.select().from(projectFiles)).length).toBe(before);
  });
});
