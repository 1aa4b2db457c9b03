import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../../domain/files';
import { withValues } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projectFiles } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('files and links API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let unassigned: TestUser;
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;
  let filesRoot: string;

  beforeAll(async () => {
    t = await createTestApp({ clock, env: { MAX_UPLOAD_MB: '1' } });
    filesRoot = path.join(t.config.dataDir, 'files');
    ({ orgAdmin, admin, executive, developer, unassigned, outsider, projectId, otherProjectId } = await seedAgency(t, { project: 'Filed Project' }));
  });
  afterAll(() => t.close());

  const upload = (user: TestUser, fileName: string, content: Buffer, id = projectId) =>
    user.inject({ method: 'POST', url: `/api/projects/${id}/files`, ...multipart(fileName, content) });
  const addLink = (user: TestUser, payload: Record<string, unknown>, id = projectId) =>
    user.inject({ method: 'POST', url: `/api/projects/${id}/links`, payload });
  const stored = () => (existsSync(path.join(filesRoot, projectId)) ? readdirSync(path.join(filesRoot, projectId)) : []);
  const rows = () => t.db.select().from(projectFiles).where(eq(projectFiles.projectId, projectId));

  it('documents the project page routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const route of ['/api/projects/{projectId}', '/api/projects/{projectId}/tasks', '/api/projects/{projectId}/notes/{noteId}', '/api/projects/{projectId}/files', '/api/projects/{projectId}/links', '/api/projects/{projectId}/files/{fileId}/download']) {
      expect(paths).toContain(route);
    }
  });

  it('lets every role with access upload; downloads give back the bytes under the original name', async () => {
    for (const user of [orgAdmin, admin, executive, developer]) {
      const res = await upload(user, `Brief ${user.role}.pdf`, PDF);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ fileName: `Brief ${user.role}.pdf`, fileSize: PDF.length, isLink: false, fileType: 'application/pdf' });
    }
    expect(stored()).toHaveLength(4);
    const [row] = (await rows()).filter((r) => r.fileName === 'Brief developer.pdf');
    expect(row!.storagePath).toMatch(new RegExp(`^${projectId}/\\d+-[0-9a-f-]{36}\\.pdf$`));

    const download = await developer.inject({ method: 'GET', url: `/api/projects/${projectId}/files/${row!.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect(download.headers['content-disposition']).toContain('filename="Brief developer.pdf"');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, 'upload_file')));
    expect(logs).toHaveLength(4);
  });

  it('refuses outsiders and unassigned developers everything with 404', async () => {
    const [row] = await rows();
    for (const user of [unassigned, outsider]) {
      expect((await user.inject({ method: 'GET', url: `/api/projects/${projectId}/files` })).statusCode).toBe(404);
      expect((await upload(user, 'x.pdf', PDF)).statusCode).toBe(404);
      expect((await addLink(user, { name: 'Site', url: 'https://example.com' })).statusCode).toBe(404);
      expect((await user.inject({ method: 'GET', url: `/api/projects/${projectId}/files/${row!.id}/download` })).statusCode).toBe(404);
      expect((await user.inject({ method: 'DELETE', url: `/api/projects/${projectId}/files/${row!.id}` })).statusCode).toBe(404);
    }
    // A file of this project through another project's path is not found.
    expect((await orgAdmin.inject({ method: 'GET', url: `/api/projects/${otherProjectId}/files/${row!.id}/download` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/projects/${projectId}/files/${row!.id}/download` })).statusCode).toBe(401);
  });

  it('refuses wrong types, content that does not match (a renamed .exe), oversized files and no file; nothing stored', async () => {
    const before = { rows: (await rows()).length, stored: stored().length };
    const cases: [string, Buffer, number, string][] = [
      ['setup.exe', EXE, 400, FILE_MESSAGES.wrongType.message],
      ['brief.pdf', EXE, 400, FILE_MESSAGES.contentMismatch.message],
      ['photo.png', PDF, 400, FILE_MESSAGES.contentMismatch.message],
      ['notes.txt', Buffer.from([0x68, 0x00, 0x69]), 400, FILE_MESSAGES.contentMismatch.message],
      ['noextension', PDF, 400, FILE_MESSAGES.wrongType.message],
      ['a\u0000.pdf', PDF, 400, FILE_MESSAGES.unstorableName.message],
      ['big.pdf', Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]), 413, translate('en', withValues(FILE_MESSAGES.tooLarge, { mb: 1 }))],
    ];
    for (const [name, content, status, message] of cases) {
      const res = await upload(orgAdmin, name, content);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().error.message, name).toBe(message);
    }
    const empty = await orgAdmin.inject({ method: 'POST', url: `/api/projects/${projectId}/files`, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect((await upload(orgAdmin, 'ok.png', PNG)).statusCode).toBe(201);
    expect((await upload(orgAdmin, 'readme.txt', Buffer.from('Hello, café'))).statusCode).toBe(201);
    expect((await rows()).length).toBe(before.rows + 2);
    expect(stored().length).toBe(before.stored + 2);
  });

  it('answers malformed multipart bodies with 400 malformed_upload, storing nothing', async () => {
    const before = { rows: (await rows()).length, stored: stored().length };
    const whole = multipart('brief.pdf', PDF);
    const cases: { name: string; headers: Record<string, string>; payload: Buffer | string }[] = [
      { name: 'no boundary', headers: { 'content-type': 'multipart/form-data' }, payload: whole.payload },
      { name: 'an empty boundary', headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: whole.payload },
      { name: 'a truncated body', headers: whole.headers, payload: whole.payload.subarray(0, 150) },
      { name: 'headers cut short', headers: whole.headers, payload: whole.payload.subarray(0, 40) },
      { name: 'another boundary', headers: { 'content-type': 'multipart/form-data; boundary=nope' }, payload: whole.payload },
      { name: 'an empty body', headers: whole.headers, payload: '' },
    ];
    for (const { name, headers, payload } of cases) {
      const res = await orgAdmin.inject({ method: 'POST', url: `/api/projects/${projectId}/files`, headers, payload });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().error.code, name).toMatch(/^(malformed_upload|no_file)$/);
      expect(res.json().error.message, name).toMatch(/^(The upload could not be read\. Please choose the file again\.|Choose a file to upload\.)$/);
    }
    expect((await rows()).length).toBe(before.rows);
    expect(stored().length).toBe(before.stored);
  });

  it('checks text as it streams in: UTF-8 split across pieces passes, a NUL deep inside is refused and nothing kept', async () => {
    const before = { rows: (await rows()).length, stored: stored().length };
    // ~600 KB of two-byte characters: the upload arrives in many pieces, some splitting a character.
    const long = Buffer.from('café '.repeat(100_000));
    const ok = await upload(orgAdmin, 'long.txt', long);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().fileSize).toBe(long.length);
    const bad = await upload(orgAdmin, 'bad.txt', Buffer.concat([long, Buffer.from([0]), Buffer.from('tail')]));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(FILE_MESSAGES.contentMismatch.message);
    expect((await rows()).length).toBe(before.rows + 1);
    expect(stored().length).toBe(before.stored + 1);
  });

  it('removes the stored object when the record insert fails', async () => {
    const before = { rows: (await rows()).length, stored: stored().length };
    await t.db.execute(sql`create function brieflane_fail_insert() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`);
    await t.db.execute(sql`create trigger brieflane_fail before insert on project_files for each row execute function brieflane_fail_insert()`);
    try {
      const res = await upload(orgAdmin, 'doomed.pdf', PDF);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger brieflane_fail on project_files`);
      await t.db.execute(sql`drop function brieflane_fail_insert()`);
    }
    expect((await rows()).length).toBe(before.rows);
    expect(stored().length).toBe(before.stored);
  });

  it('adds http and https links only (https:// added when no scheme is typed), with both name and URL', async () => {
    const res = await addLink(developer, { name: ' Project Brief ', url: 'https://docs.example.com/brief' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'Project Brief', isLink: true, fileType: 'link', linkUrl: 'https://docs.example.com/brief' });
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', url: 'https://example.com' }, FILE_MESSAGES.linkRequired.message],
      [{ name: 'Site', url: '  ' }, FILE_MESSAGES.linkRequired.message],
      [{ url: 'https://example.com' }, FILE_MESSAGES.linkRequired.message],
      [{ name: 'Bad', url: 'javascript:alert(1)' }, FILE_MESSAGES.linkScheme.message],
      [{ name: 'Bad', url: 'ftp://example.com/file' }, FILE_MESSAGES.linkScheme.message],
      [{ name: 'Bad', url: 'not a url' }, FILE_MESSAGES.linkInvalid.message],
    ];
    for (const [payload, message] of cases) {
      const bad = await addLink(orgAdmin, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }
    // Typed without a scheme, as people paste addresses: stored with https://.
    const bare = await addLink(orgAdmin, { name: 'Moodboard', url: 'example.com/moodboard' });
    expect(bare.statusCode).toBe(201);
    expect(bare.json().linkUrl).toBe('https://example.com/moodboard');
    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, 'upload_link')));
    expect(logs).toHaveLength(2);
  });

  it('deletes the record and the stored object; developers only what they added', async () => {
    clock.advance(1000);
    const mine = (await upload(developer, 'dev-upload.pdf', PDF)).json();
    clock.advance(1000);
    const staffs = (await upload(executive, 'staff-upload.pdf', PDF)).json();
    const res = await developer.inject({ method: 'DELETE', url: `/api/projects/${projectId}/files/${staffs.id}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(FILE_MESSAGES.notYours.message);

    const list = (await developer.inject({ method: 'GET', url: `/api/projects/${projectId}/files` })).json().items;
    expect(list[0]).toMatchObject({ id: staffs.id, canDelete: false });
    expect(list[1]).toMatchObject({ id: mine.id, canDelete: true });

    const storedBefore = stored().length;
    expect((await developer.inject({ method: 'DELETE', url: `/api/projects/${projectId}/files/${mine.id}` })).statusCode).toBe(204);
    expect((await admin.inject({ method: 'DELETE', url: `/api/projects/${projectId}/files/${staffs.id}` })).statusCode).toBe(204);
    expect(stored().length).toBe(storedBefore - 2);
    expect((await rows()).some((r) => r.id === mine.id || r.id === staffs.id)).toBe(false);
    expect((await developer.inject({ method: 'GET', url: `/api/projects/${projectId}/files/${mine.id}/download` })).statusCode).toBe(404);
    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, 'delete_file')));
    expect(logs.map((l) => l.details)).toEqual(expect.arrayContaining([{ file_name: 'dev-upload.pdf', is_link: false }]));
  });
});
