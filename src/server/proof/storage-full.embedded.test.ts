// Issue 12, faults: a full data directory during an upload. The server runs with its files on a
// real 256 KiB tmpfs (server-process.ts): the upload that does not fit answers 507 with a clear
// message, leaves no record, and leaves no partial object behind (the space it took is free
// again, so the next file that fits is stored).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FILE_MESSAGES } from '../../domain/files';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../dev/demo/demo-accounts';
import { startServer, stopServer, type RunningServer } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-full-disk-'));
let server: RunningServer;
let cookie: string;
let projectId: string;

async function api(method: string, url: string, body?: BodyInit): Promise<Response> {
  return fetch(`${server.base}${url}`, { method, body, headers: { cookie } });
}

/** A text file of `kib` KiB (text needs no signature to pass the content check). */
function upload(name: string, kib: number): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([Buffer.alloc(kib * 1024, 'a')], { type: 'text/plain' }), name);
  return api('POST', `/api/projects/${projectId}/files`, form);
}

const fileNames = async () => ((await (await api('GET', `/api/projects/${projectId}/files`)).json()) as { items: { fileName: string }[] }).items.map((f) => f.fileName);

beforeAll(async () => {
  server = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: 'true', AUTH_SECRET: 'full-disk-secret-full-disk-secret-0123' },
    { filesDiskSize: '256k' },
  );
  const signIn = await fetch(`${server.base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.organization_admin.email, password: DEMO_PASSWORD }),
  });
  expect(signIn.status, server.output()).toBe(200);
  cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const projects = (await (await api('GET', '/api/projects')).json()) as { items: { id: string }[] };
  projectId = projects.items[0]!.id;
}, 120_000);
afterAll(async () => {
  if (server) await stopServer(server, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers 507 storage_full when the disk fills mid-upload, keeping no record and no partial object', async () => {
  const before = await fileNames();
  expect((await upload('first.txt', 100)).status).toBe(201);

  // ~150 KiB are left: this one fills the disk part way through.
  const tooBig = await upload('too-big.txt', 200);
  expect(tooBig.status).toBe(507);
  expect(await tooBig.json()).toEqual({ error: { code: 'storage_full', message: FILE_MESSAGES.storageFull.message } });
  expect(await fileNames()).toEqual(['first.txt', ...before]);

  // Fits only if the failed upload's partial object was removed.
  expect((await upload('second.txt', 100)).status, server.output()).toBe(201);
  expect((await fileNames()).sort()).toEqual(['first.txt', 'second.txt', ...before].sort());

  // Everything else keeps working.
  expect((await api('GET', '/api/projects')).status).toBe(200);
}, 120_000);
