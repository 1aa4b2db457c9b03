// The `load` benchmark (issue 12): simulated users against a real server on loopback. Each user
// signs in as one of the demo organization's staff and, with a think time between actions,
// browses the project list (sometimes searching), opens a project (detail, tasks, notes, files),
// toggles a task, adds a note or uploads a small file. Reports requests/s, p50/p99 per route,
// errors (which must be 0) and the server's RSS before and after.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/dev/demo/demo-accounts';
import { startServer, stopServer, type RunningServer } from '../../src/server/proof/server-process';

export type LoadOptions = { users: number; seconds: number; thinkMs: number; projects: number; databaseUrl?: string };
export type RouteStats = { route: string; count: number; errors: number; p50: number; p99: number };
export type LoadResult = { requestsPerSecond: number; errors: number; rssBeforeMiB: number; rssAfterMiB: number; routes: RouteStats[] };

export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20), Buffer.from('\n%%EOF\n')]);

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return line ? Math.round(Number(line[1]) / 1024) : 0;
}

export type LoadProject = { id: string; tasks: string[] };

/** What one simulated user does; each step sends its requests and resolves when answered. */
export type UserSteps = {
  listProjects: () => Promise<unknown>;
  searchProjects: () => Promise<unknown>;
  /** The project, then its tasks, notes and files at once, as the project page asks. */
  openProject: (project: LoadProject) => Promise<unknown>;
  toggleTask: (project: LoadProject) => Promise<unknown>;
  addNote: (project: LoadProject) => Promise<unknown>;
  uploadFile: (project: LoadProject) => Promise<unknown>;
};

const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

/**
 * One simulated staff member until `keepGoing` says stop: a step picked at random with the
 * bench's mix (30 % the project list, 10 % a search, 25 % opening a project, 15 % a task toggle,
 * 10 % a note, 10 % a 4 KB upload), then a think time of 0.5 to 1.5 times `thinkMs`. The load
 * bench and the failover bench (scripts/deploy) both drive their users with it.
 */
export async function simulateUser(steps: UserSteps, options: { projects: LoadProject[]; thinkMs: number; keepGoing: () => boolean }): Promise<void> {
  // Users arrive over the first think time, not all in the same millisecond.
  await new Promise((r) => setTimeout(r, Math.random() * options.thinkMs));
  while (options.keepGoing()) {
    const roll = Math.random();
    const project = pick(options.projects);
    if (roll < 0.3) await steps.listProjects();
    else if (roll < 0.4) await steps.searchProjects();
    else if (roll < 0.65) await steps.openProject(project);
    else if (roll < 0.8) await steps.toggleTask(project);
    else if (roll < 0.9) await steps.addNote(project);
    else await steps.uploadFile(project);
    await new Promise((r) => setTimeout(r, options.thinkMs * (0.5 + Math.random())));
  }
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function freshPostgres(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `brieflane_load_${process.pid}_${Date.now()}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-load-'));
  const database = options.databaseUrl ? await freshPostgres(options.databaseUrl) : undefined;
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      AUTH_SECRET: 'load-bench-secret-load-bench-secret-0123',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const base = server.base;
    const staff = [DEMO_ACCOUNTS.organization_admin, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.account_executive];
    const cookies: string[] = [];
    for (const account of staff) {
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in as ${account.email}: ${res.status}`);
      cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
    }
    const call = async (cookie: string, method: string, url: string, body?: BodyInit, json = true) => {
      const res = await fetch(`${base}${url}`, { method, headers: { cookie, ...(json && body ? { 'content-type': 'application/json' } : {}) }, body });
      const text = await res.text();
      return { status: res.status, body: text };
    };

    // Projects with tasks to work on, made through the API as the owner.
    const owner = cookies[0]!;
    const clientId = JSON.parse((await call(owner, 'POST', '/api/clients', JSON.stringify({ name: 'Load Client' }))).body).id as string;
    const projects: LoadProject[] = [];
    for (let i = 0; i < options.projects; i++) {
      const project = JSON.parse((await call(owner, 'POST', '/api/projects', JSON.stringify({ name: `Load project ${i} brand`, clientId }))).body);
      const tasks: string[] = [];
      for (let k = 0; k < 3; k++) tasks.push(JSON.parse((await call(owner, 'POST', `/api/projects/${project.id}/tasks`, JSON.stringify({ title: `Task ${k}` }))).body).id);
      projects.push({ id: project.id, tasks });
    }

    await new Promise((r) => setTimeout(r, 2_000));
    const rssBefore = rssMiB(server.process.pid!);
    const samples = new Map<string, number[]>();
    const errors = new Map<string, number>();
    let total = 0;
    const deadline = Date.now() + options.seconds * 1000;
    const timed = async (route: string, request: () => Promise<{ status: number; body: string }>) => {
      const started = performance.now();
      const ok = await request().then(
        (res) => res.status < 400,
        () => false,
      );
      if (Date.now() > deadline + 30_000) return;
      total += 1;
      (samples.get(route) ?? samples.set(route, []).get(route)!).push(performance.now() - started);
      if (!ok) errors.set(route, (errors.get(route) ?? 0) + 1);
    };
    const user = (n: number) => {
      const cookie = cookies[n % cookies.length]!;
      return simulateUser(
        {
          listProjects: () => timed('GET /api/projects', () => call(cookie, 'GET', '/api/projects')),
          searchProjects: () => timed('GET /api/projects?search', () => call(cookie, 'GET', '/api/projects?search=brand')),
          openProject: async (project) => {
            await timed('GET /api/projects/:id', () => call(cookie, 'GET', `/api/projects/${project.id}`));
            await Promise.all([
              timed('GET /api/projects/:id/tasks', () => call(cookie, 'GET', `/api/projects/${project.id}/tasks`)),
              timed('GET /api/projects/:id/notes', () => call(cookie, 'GET', `/api/projects/${project.id}/notes`)),
              timed('GET /api/projects/:id/files', () => call(cookie, 'GET', `/api/projects/${project.id}/files`)),
            ]);
          },
          toggleTask: (project) => {
            const status = Math.random() < 0.5 ? 'completed' : 'pending';
            return timed('PATCH /api/projects/:id/tasks/:taskId', () =>
              call(cookie, 'PATCH', `/api/projects/${project.id}/tasks/${pick(project.tasks)}`, JSON.stringify({ status })),
            );
          },
          addNote: (project) => timed('POST /api/projects/:id/notes', () => call(cookie, 'POST', `/api/projects/${project.id}/notes`, JSON.stringify({ content: `Load note ${n}` }))),
          uploadFile: (project) => {
            const form = new FormData();
            form.append('file', new Blob([PDF]), `load-${n}.pdf`);
            return timed('POST /api/projects/:id/files', () => call(cookie, 'POST', `/api/projects/${project.id}/files`, form, false));
          },
        },
        { projects, thinkMs: options.thinkMs, keepGoing: () => Date.now() < deadline },
      );
    };
    const started = Date.now();
    await Promise.all(Array.from({ length: options.users }, (_, n) => user(n)));
    const elapsed = (Date.now() - started) / 1000;
    const rssAfter = rssMiB(server.process.pid!);
    const routes = [...samples.entries()]
      .map(([route, values]) => {
        const sorted = values.sort((a, b) => a - b);
        return { route, count: sorted.length, errors: errors.get(route) ?? 0, p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)) };
      })
      .sort((a, b) => a.route.localeCompare(b.route));
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    if (errorCount) console.log(server.output().slice(-3000));
    return { requestsPerSecond: total / elapsed, errors: errorCount, rssBeforeMiB: rssBefore, rssAfterMiB: rssAfter, routes };
  } finally {
    if (server) await stopServer(server, 'SIGTERM');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Closed loop (issue 36 item 1): N connections, each sending its next request as soon as the last
// one answered, for S seconds, over a staff member's mix on the demo organization. What it shows
// is the tail: how long the unluckiest request waited when the server is never idle.

export type ClosedLoopOptions = { connections: number; seconds: number; databaseUrl?: string };
export type ClosedLoopRoute = { route: string; count: number; p50: number; p99: number; max: number };
export type ClosedLoopResult = {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Answers 503 (the server shedding load, or the database away). */
  busy: number;
  /** Requests that took longer than TIMEOUT_MS, answered or not. */
  timeouts: number;
  /** Any other failure: a status >= 400 other than 503, or no answer at all. */
  errors: number;
  routes: ClosedLoopRoute[];
};

/** A request slower than this is a timeout, as a browser or a proxy in front would see it. */
export const TIMEOUT_MS = 20_000;
/** A request still unanswered this long is given up, so that one stuck request cannot hold the run. */
const GIVE_UP_MS = 60_000;

/** The mix, in the order one connection sends it: a staff member's day in eight requests. */
const CLOSED_LOOP_MIX = [
  'GET /api/projects',
  'GET /api/projects?search',
  'GET /api/projects/:id',
  'GET /api/projects/:id/tasks',
  'GET /api/projects/:id/notes',
  'GET /api/my-work',
  'PATCH /api/projects/:id/tasks/:taskId',
  'POST /api/projects/:id/notes',
] as const;

export async function runClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-load-'));
  const database = options.databaseUrl ? await freshPostgres(options.databaseUrl) : undefined;
  let server: RunningServer | undefined;
  try {
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      AUTH_SECRET: 'load-bench-secret-load-bench-secret-0123',
      ...(database ? { DATABASE_URL: database.url } : {}),
    });
    const base = server.base;
    const staff = [DEMO_ACCOUNTS.organization_admin, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.account_executive];
    const cookies: string[] = [];
    for (const account of staff) {
      const res = await fetch(`${base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: account.email, password: DEMO_PASSWORD }),
      });
      if (!res.ok) throw new Error(`sign-in as ${account.email}: ${res.status}`);
      cookies.push(res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; '));
    }
    const owner = cookies[0]!;
    const read = async (url: string) => {
      const res = await fetch(`${base}${url}`, { headers: { cookie: owner } });
      if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
      return res.json();
    };
    // The demo organization's projects, and the tasks of those that have some.
    const projects: { id: string; tasks: string[] }[] = [];
    for (const project of (await read('/api/projects')).items as { id: string }[]) {
      const tasks = ((await read(`/api/projects/${project.id}/tasks`)).items as { id: string }[]).map((t) => t.id);
      if (tasks.length > 0) projects.push({ id: project.id, tasks });
    }
    if (projects.length === 0) throw new Error('the demo organization has no project with tasks');

    const samples = new Map<string, number[]>(CLOSED_LOOP_MIX.map((route) => [route, []]));
    let busy = 0;
    let timeouts = 0;
    let errors = 0;
    const deadline = Date.now() + options.seconds * 1000;
    const send = async (route: string, cookie: string, method: string, url: string, body?: unknown) => {
      const started = performance.now();
      // 0: no answer (refused, reset, given up).
      let status = 0;
      try {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(GIVE_UP_MS),
        });
        await res.arrayBuffer();
        status = res.status;
      } catch {
        // Counted below as status 0.
      }
      const ms = performance.now() - started;
      samples.get(route)!.push(ms);
      if (ms > TIMEOUT_MS) timeouts += 1;
      if (status === 503) busy += 1;
      else if (status === 0 || status >= 400) errors += 1;
    };
    const connection = async (n: number) => {
      const cookie = cookies[n % cookies.length]!;
      // Each connection starts at its own place in the mix, so the mix is even from the start.
      let step = n % CLOSED_LOOP_MIX.length;
      let project = pick(projects);
      while (Date.now() < deadline) {
        const route = CLOSED_LOOP_MIX[step]!;
        step = (step + 1) % CLOSED_LOOP_MIX.length;
        if (route === 'GET /api/projects/:id') project = pick(projects);
        const at = `/api/projects/${project.id}`;
        if (route === 'GET /api/projects') await send(route, cookie, 'GET', '/api/projects');
        else if (route === 'GET /api/projects?search') await send(route, cookie, 'GET', '/api/projects?search=acme');
        else if (route === 'GET /api/projects/:id') await send(route, cookie, 'GET', at);
        else if (route === 'GET /api/projects/:id/tasks') await send(route, cookie, 'GET', `${at}/tasks`);
        else if (route === 'GET /api/projects/:id/notes') await send(route, cookie, 'GET', `${at}/notes`);
        else if (route === 'GET /api/my-work') await send(route, cookie, 'GET', '/api/my-work');
        else if (route === 'PATCH /api/projects/:id/tasks/:taskId') {
          await send(route, cookie, 'PATCH', `${at}/tasks/${pick(project.tasks)}`, { status: Math.random() < 0.5 ? 'completed' : 'pending' });
        } else await send(route, cookie, 'POST', `${at}/notes`, { content: `Closed-loop note ${n}` });
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.connections }, (_, n) => connection(n)));
    const elapsed = (performance.now() - started) / 1000;
    const all = [...samples.values()].flat().sort((a, b) => a - b);
    if (errors) console.log(server.output().slice(-3000));
    return {
      requests: all.length,
      requestsPerSecond: all.length / elapsed,
      p50: Math.round(percentile(all, 50)),
      p99: Math.round(percentile(all, 99)),
      max: Math.round(all.at(-1) ?? 0),
      busy,
      timeouts,
      errors,
      routes: [...samples.entries()].map(([route, values]) => {
        const sorted = values.sort((a, b) => a - b);
        return { route, count: sorted.length, p50: Math.round(percentile(sorted, 50)), p99: Math.round(percentile(sorted, 99)), max: Math.round(sorted.at(-1) ?? 0) };
      }),
    };
  } finally {
    if (server) await stopServer(server, 'SIGTERM');
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
