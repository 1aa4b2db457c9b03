// kill -9 under a write load (issue 12, faults): a real server process takes concurrent writes
// (clients, projects, file uploads), is killed without warning mid-load, and starts again on the
// same data. Every write it answered 2xx must be there, and no change half done: each client and
// project with its activity row, each file record with its stored object.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../dev/demo/demo-accounts';
import type { RunningServer } from './server-process';

/** Each request gives up after this long: a stalled server fails the run with its output, not a test timeout. */
const REQUEST_TIMEOUT_MS = 30_000;

export async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'owner@brieflane.demo', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);

export type Acknowledged = { clients: string[]; projects: string[]; files: string[]; failedAfterKill: number };

/**
 * Writes from `workers` concurrent loops until the server dies; kills it with SIGKILL after
 * `killAfterMs`. Returns the ids of every write answered 2xx.
 */
export async function writeUntilKilled(server: RunningServer, options: { workers: number; killAfterMs: number }): Promise<Acknowledged> {
  const cookie = await signIn(server.base);
  const ack: Acknowledged = { clients: [], projects: [], files: [], failedAfterKill: 0 };
  let killed = false;
  const post = async (url: string, body: BodyInit, headers: Record<string, string>) => {
    const res = await fetch(`${server.base}${url}`, {
      method: 'POST',
      headers: { cookie, ...headers },
      body,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (res.status >= 300) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as { id: string };
  };
  const json = { 'content-type': 'application/json' };
  const worker = async (w: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const client = await post('/api/clients', JSON.stringify({ name: `Crash client ${w}-${i}` }), json);
        ack.clients.push(client.id);
        const project = await post('/api/projects', JSON.stringify({ name: `Crash project ${w}-${i}`, clientId: client.id }), json);
        ack.projects.push(project.id);
        const form = new FormData();
        form.append('file', new Blob([PDF]), `crash-${w}-${i}.pdf`);
        const file = await post(`/api/projects/${project.id}/files`, form, {});
        ack.files.push(file.id);
      } catch (error) {
        if (!killed) throw error;
        ack.failedAfterKill += 1;
      }
    }
  };
  const load = Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  await new Promise((r) => setTimeout(r, options.killAfterMs));
  killed = true;
  // Listen before the kill: a process killed by a signal keeps exitCode null, so checking it
  // afterwards would wait forever for an 'exit' that has already fired.
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await Promise.all([load, exited]);
  return ack;
}

/** What is wrong with the data after the crash: missing acknowledged writes, half-done changes. */
export type CrashCheck = {
  missing: { clients: string[]; projects: string[]; files: string[] };
  clientsWithoutActivity: number;
  projectsWithoutActivity: number;
  filesWithoutObject: string[];
};

type Query = (sql: string) => Promise<Record<string, unknown>[]>;

export async function checkAfterCrash(query: Query, ack: Acknowledged, filesDir: string): Promise<CrashCheck> {
  const ids = async (table: string) => new Set((await query(`select id from ${table}`)).map((r) => String(r.id)));
  const [clients, projects, files] = [await ids('clients'), await ids('projects'), await ids('project_files')];
  const count = async (sql: string) => Number((await query(sql))[0]!.n);
  const stored = await query(`select id, storage_path from project_files where not is_link`);
  return {
    missing: {
      clients: ack.clients.filter((id) => !clients.has(id)),
      projects: ack.projects.filter((id) => !projects.has(id)),
      files: ack.files.filter((id) => !files.has(id)),
    },
    clientsWithoutActivity: await count(
      `select count(*) as n from clients c where c.name like 'Crash %' and not exists (select 1 from activity_logs a where a.action = 'create_client' and a.details->>'client_name' = c.name)`,
    ),
    projectsWithoutActivity: await count(
      `select count(*) as n from projects p where p.name like 'Crash %' and not exists (select 1 from activity_logs a where a.action = 'create_project' and a.project_id = p.id)`,
    ),
    filesWithoutObject: stored.filter((r) => !existsSync(path.join(filesDir, String(r.storage_path)))).map((r) => String(r.id)),
  };
}
