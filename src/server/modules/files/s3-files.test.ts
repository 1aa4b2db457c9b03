// Files on S3 (STORAGE=s3 against a real S3-protocol server on loopback) keep the rules they have
// on disk: uploads land in the bucket and download only through the authorized route; no object
// stays when the record insert fails; objects go with their record and with a deleted project.
// A bucket that stops answering turns uploads into a clear 503 while the rest of the app works.
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency, type Agency } from '../../test/agency';
import { startTestS3Server, S3RVER_KEY, type TestS3Server } from '../../test/s3-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../platform/config';

const PDF = Buffer.from('%PDF-1.4\nin a bucket\n%%EOF\n');

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('project files on S3-compatible storage', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let a: Agency;
  let client: S3Client;

  const objects = async () => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    return (listed.Contents ?? []).map((o) => o.Key!).sort();
  };
  const upload = (projectId: string, name = 'Brief.pdf') =>
    a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${projectId}/files`, ...multipart(name, PDF) });

  beforeAll(async () => {
    s3 = await startTestS3Server();
    client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: S3RVER_KEY, secretAccessKey: S3RVER_KEY } });
    t = await createTestApp({ env: s3.env });
    a = await seedAgency(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('stores uploads in the bucket and serves them only through the authorized route', async () => {
    const res = await upload(a.projectId);
    expect(res.statusCode, res.body).toBe(201);
    expect(await objects()).toEqual([expect.stringMatching(new RegExp(`^${a.projectId}/\\d+-[0-9a-f-]{36}\\.pdf$`))]);
    const url = `/api/projects/${a.projectId}/files/${res.json().id}/download`;
    const download = await a.developer.inject({ method: 'GET', url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    expect((await a.outsider.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('removes the object when the record insert fails', async () => {
    const before = await objects();
    await t.db.execute(sql`create function brieflane_fail_s3() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`);
    await t.db.execute(sql`create trigger brieflane_fail_s3 before insert on project_files for each row execute function brieflane_fail_s3()`);
    try {
      expect((await upload(a.projectId, 'doomed.pdf')).statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger brieflane_fail_s3 on project_files`);
      await t.db.execute(sql`drop function brieflane_fail_s3()`);
    }
    expect(await objects()).toEqual(before);
  });

  it('removes objects with their record and with a deleted project', async () => {
    const one = await upload(a.otherProjectId, 'one.pdf');
    await upload(a.otherProjectId, 'two.pdf');
    expect((await objects()).filter((k) => k.startsWith(a.otherProjectId))).toHaveLength(2);
    const removed = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.otherProjectId}/files/${one.json().id}` });
    expect(removed.statusCode).toBe(204);
    expect((await objects()).filter((k) => k.startsWith(a.otherProjectId))).toHaveLength(1);
    const gone = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.otherProjectId}` });
    expect(gone.statusCode).toBeLessThan(300);
    expect((await objects()).filter((k) => k.startsWith(a.otherProjectId))).toEqual([]);
  });

  it('refuses to start against a bucket it cannot use, naming the problem', async () => {
    const config = loadConfig({ DATA_DIR: t.config.dataDir, AUTH_SECRET: 'y'.repeat(32), ...s3.env, S3_ACCESS_KEY_ID: 'WRONGKEY' });
    await expect(buildApp({ config, database: t.database, logger: false })).rejects.toThrow(
      `S3 refused the credentials for bucket "${s3.bucket}" at ${s3.endpoint} (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    );
  });

  it('answers 503 with a clear message when the bucket stops answering, and the rest keeps working', async () => {
    await s3.close();
    const res = await upload(a.projectId, 'while-down.pdf');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'storage_unavailable', message: 'File storage is unavailable right now. Please try again later.' } });
    const list = await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files` });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((f: { fileName: string }) => f.fileName)).not.toContain('while-down.pdf');
    expect((await a.orgAdmin.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
