// kill -9 under a write load (issue 12, faults): a real server process takes concurrent writes
// (clients, projects, file uploads), is killed without warning mid-load, and starts again on the
// same data. Every write it answered 2xx must be there, and no change half done: each client and
// project with its activity row, each file record with its stored object.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../modules/demo/demo-accounts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type RunningServer = { process: ChildProcess; base: string; output: () => string };

export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  // One process (tsx's own CLI would put the server in a child that SIGKILL does not reach).
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { process: child, base, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not answer within 90 s:\n${output}`);
}

export async function stopServer(server: RunningServer, signal: NodeJS.Signals): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in`, {
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
    const res = await fetch(`${server.base}${url}`, { method: 'POST', headers: { cookie, ...headers }, body });
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
  server.process.kill('SIGKILL');
  await load;
  await new Promise((resolve) => (server.process.exitCode !== null ? resolve(null) : server.process.once('exit', resolve)));
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
