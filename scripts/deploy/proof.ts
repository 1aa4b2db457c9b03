// The deployment recipe proven under load (issue 35 items 2-4), shared by the CI step
// (scripts/deploy-check.ts) and `npm run bench -- failover`: the recipe's nginx, three app
// servers from its systemd unit, PostgreSQL and S3 (cluster.ts); simulated users and live pages
// through nginx (traffic.ts). Phases:
//   1. failover: kill -9 one app server at killAt, start it again at startAt. Every failed
//      request must have been in flight on the killed server at the kill (nginx's log says where
//      each went); the live pages it held reconnect to another server and catch up, and a change
//      made after the kill reaches every page.
//   2. rolling: deploy/rolling-restart.sh restarts the three servers one at a time: no request
//      fails.
//   3. compare (bench only): the same load on three servers, then on one.
// Then every write the users were answered 2xx for is read back through the API.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/server/dev/demo/demo-accounts';
import type { LoadProject } from '../bench/load';
import { startCluster, type Cluster } from './cluster';
import { parseEnvironmentFile, RECIPE, root, type AccessLogLine } from './recipe';
import { failed, LivePage, multipartFile, runUsers, SiteClient, WriteLedger, type Answer, type LedgerCheck, type LoadTask, type RequestRecord } from './traffic';

export type ProofOptions = {
  adminDatabaseUrl: string;
  users: number;
  /** The failover phase's length; the kill and the start again, in seconds from its start. */
  seconds: number;
  killAt: number;
  startAt: number;
  thinkMs: number;
  projects: number;
  livePages: number;
  rolling: boolean;
  /** Seconds of load on three servers and then on one; 0: not measured. */
  compareSeconds: number;
  log: (line: string) => void;
  keepDir?: boolean;
};

export type LoadFigures = { requests: number; seconds: number; perSecond: number; p50: number; p99: number };

export type ProofReport = {
  recipe: string[];
  failover: LoadFigures & {
    killed: string;
    /** From the SIGKILL to the process's end. */
    goneMs: number;
    failed: number;
    /** Where the failed requests were: route and upstream, counted. */
    failedWhere: string[];
    /** GETs in flight on the killed server that nginx sent to another server instead. */
    retriedByNginx: number;
    /** Requests nginx sent to the dead server after the kill, refused, then sent to another. */
    movedAfterKill: number;
    resent: number;
    livePagesOnKilled: number;
    livePages: number;
    reconnectMs: number[];
  };
  rolling?: LoadFigures & { failed: number; failedWhere: string[]; resent: number; restartSeconds: number; reconnects: number; scriptLines: string[] };
  compare?: { three: LoadFigures; one: LoadFigures };
  writes: LedgerCheck & { acknowledged: number };
  /** The harness's own reads (setup, checks) that met a 502/503/504 and were asked again. */
  busyReads: number;
  /** nginx's error log, counted by kind, when something failed. */
  nginxErrors?: string[];
  problems: string[];
};

const STAFF = [DEMO_ACCOUNTS.organization_admin, DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.account_executive];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function figures(records: RequestRecord[], seconds: number): LoadFigures {
  const times = records.map((r) => r.end - r.start);
  return { requests: records.length, seconds, perSecond: records.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** "3 × POST /api/projects/:id/notes on 127.0.0.1:41234 (502)", most first. */
function tally(items: string[]): string[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([item, n]) => `${n} × ${item}`);
}

const startOf = (line: AccessLogLine) => line.endMs - Math.round(line.requestTime * 1000);

export async function runProof(options: ProofOptions): Promise<ProofReport> {
  const { log } = options;
  const problems: string[] = [];
  const cluster = await startCluster({ adminDatabaseUrl: options.adminDatabaseUrl, log, keepDir: options.keepDir });
  const pages: LivePage[] = [];
  try {
    const client = new SiteClient(cluster.url, cluster.ca);
    const agent = client.newAgent();
    const recipe = await checkRecipe(cluster, client, problems);

    // ---- the demo organization's staff, signed in through nginx, and work for them
    const cookies: string[] = [];
    for (const account of STAFF) {
      const answer = await client.send(agent, 'sign-in', 'POST', '/api/auth/sign-in', { json: { email: account.email, password: DEMO_PASSWORD }, record: false });
      if (answer.status !== 200) throw new Error(`sign-in as ${account.email} answered ${answer.status}`);
      cookies.push(cookieOf(answer));
    }
    const owner = cookies[0]!;
    const clientId = (await client.json<{ id: string }>(agent, 'POST', '/api/clients', { cookie: owner, json: { name: 'Failover Client' } })).id;
    const projects: LoadProject[] = Array.from({ length: options.projects }, () => ({ id: '', tasks: [] }));
    let made = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (made < projects.length) {
          const project = projects[made]!;
          const i = made++;
          project.id = (await client.json<{ id: string }>(agent, 'POST', '/api/projects', { cookie: owner, json: { name: `Failover project ${i} brand`, clientId } })).id;
          for (let k = 0; k < 3; k++) {
            project.tasks.push((await client.json<{ id: string }>(agent, 'POST', `/api/projects/${project.id}/tasks`, { cookie: owner, json: { title: `Task ${k}` } })).id);
          }
        }
      }),
    );
    const tasks: LoadTask[] = projects.flatMap((p) => p.tasks.map((taskId) => ({ projectId: p.id, taskId })));
    const ownTasks = (user: number) => tasks.filter((_, i) => i % options.users === user);
    const watched = (await client.json<{ id: string }>(agent, 'POST', '/api/projects', { cookie: owner, json: { name: 'Live pages project', clientId } })).id;
    log(`${projects.length} projects with ${tasks.length} tasks for ${options.users} users; ${options.livePages} live pages on one more project`);

    // ---- live pages, spread over the servers by nginx
    for (let i = 0; i < options.livePages; i++) pages.push(new LivePage(client, cookies[i % cookies.length]!, watched));
    await Promise.all(pages.map((page) => page.open()));
    const closedPages = pages.filter((page) => !page.connected).length;
    if (closedPages) problems.push(`${closedPages} of ${pages.length} live pages could not open their socket through nginx`);

    // A change the live pages must all come to show: a task on their project, made through nginx.
    const change = async (title: string) => {
      for (let attempt = 0; ; attempt++) {
        const answer = await client.send(agent, 'change', 'POST', `/api/projects/${watched}/tasks`, { cookie: owner, json: { title }, record: false });
        if (answer.status === 201) return;
        if (attempt === 5) throw new Error(`The live pages' change "${title}" answered ${answer.status}`);
        await sleep(500);
      }
    };
    /** Changes every `everyMs` until `until`, each a new task on the pages' project. */
    const changesUntil = async (label: string, until: () => boolean, everyMs: number) => {
      for (let n = 1; until(); n++) {
        await change(`${label} ${n}`);
        await sleep(everyMs);
      }
    };
    const pagesShowEverything = async (phase: string) => {
      await sleep(3000);
      await Promise.all(pages.map((page) => page.idle()));
      const truth = new Set((await client.json<{ items: { id: string }[] }>(agent, 'GET', `/api/projects/${watched}/tasks?limit=100`, { cookie: owner })).items.map((t) => t.id));
      const behind = pages.filter((page) => page.shown.size !== truth.size || [...truth].some((id) => !page.shown.has(id)));
      if (behind.length) problems.push(`${phase}: ${behind.length} of ${pages.length} live pages missed a change (they show ${behind.map((p) => p.shown.size).join(', ')} of ${truth.size} tasks)`);
      const offline = pages.filter((page) => !page.connected);
      if (offline.length) problems.push(`${phase}: ${offline.length} live pages had no socket at the end`);
    };

    const ledger = new WriteLedger();
    const users = (tag: string, keepGoing: () => boolean) =>
      runUsers(client, ledger, { users: options.users, cookies, projects, ownTasks, thinkMs: options.thinkMs, keepGoing, tag });

    // ---- 1. failover: kill -9 one server under load, start it again
    const victim = cluster.servers[1]!;
    const victimAddress = `127.0.0.1:${victim.port}`;
    client.phase = 'failover';
    log(`Failover: ${options.users} users for ${options.seconds} s; kill -9 of server ${victim.instance} at ${options.killAt} s, started again at ${options.startAt} s`);
    const t0 = Date.now();
    const end = t0 + options.seconds * 1000;
    // From the SIGKILL to the process's end (its memory freed, then its sockets closed) the
    // kernel still takes connections for it: a request nginx sends it then is in flight on it too.
    let killAt = 0;
    let goneAt = 0;
    await Promise.all([
      users('failover', () => Date.now() < end),
      (async () => {
        await sleep(t0 + options.killAt * 1000 - Date.now());
        ({ signalledAt: killAt, goneAt } = await cluster.kill(victim));
        log(`  ${((killAt - t0) / 1000).toFixed(1)} s: server ${victim.instance} killed (SIGKILL; gone ${goneAt - killAt} ms later)`);
        // One change while its pages are away, one once they are back (they reconnect after 1 s),
        // then one every 3 s.
        await sleep(300);
        await change('after the kill');
        const back = Date.now() + 15_000;
        while (Date.now() < back && !pages.every((page) => page.connected)) await sleep(100);
        await sleep(500);
        await change('after the reconnects');
        await changesUntil('after the kill', () => Date.now() < t0 + options.startAt * 1000 - 3000, 3000);
        await sleep(t0 + options.startAt * 1000 - Date.now());
        await cluster.start(victim);
        await cluster.waitReady(victim);
        log(`  ${((Date.now() - t0) / 1000).toFixed(1)} s: server ${victim.instance} started again and ready`);
        await changesUntil('after the restart', () => Date.now() < end - 1000, 3000);
      })(),
    ]);
    const failoverSeconds = (Date.now() - t0) / 1000;
    await pagesShowEverything('failover');
    const failoverEnd = Date.now();

    const logLines = cluster.readAccessLog();
    const byId = new Map(logLines.map((line) => [line.requestId, line]));
    const inPhase = (phase: string) => client.records.filter((r) => r.phase === phase);
    const failoverRecords = inPhase('failover');
    const failedWhere: string[] = [];
    for (const record of failoverRecords.filter(failed)) {
      const line = record.requestId ? byId.get(record.requestId) : undefined;
      const last = line?.upstreams.at(-1);
      const inFlight = line !== undefined && last === victimAddress && startOf(line) <= goneAt + 100 && line.endMs >= killAt - 100;
      failedWhere.push(`${record.route} ${line ? `on ${last ?? 'no server'} (${line.status})` : `without an answer from nginx (${record.error ?? record.status})`}${inFlight ? ', in flight there between the kill and its end' : ''}`);
      if (!inFlight) {
        problems.push(`failover: ${record.route} failed and was not in flight on the killed server at the kill: ${line ? `nginx ${line.status}, upstreams ${line.upstreams.join(' -> ') || 'none'}, ${startOf(line) - killAt} ms to ${line.endMs - killAt} ms from the kill (the process was gone at ${goneAt - killAt} ms)` : `${record.status} ${record.error ?? ''}`}`);
      }
    }
    const phaseLines = logLines.filter((line) => line.endMs >= t0 && line.endMs <= failoverEnd);
    const retriedByNginx = phaseLines.filter((l) => l.upstreams.length > 1 && l.upstreams[0] === victimAddress && startOf(l) <= goneAt + 100 && l.status < 400).length;
    const movedAfterKill = phaseLines.filter((l) => l.upstreams.length > 1 && l.upstreams[0] === victimAddress && startOf(l) > goneAt + 100 && l.status < 400).length;

    // The live pages the killed server held: their socket closed at the kill.
    const onVictim = pages.filter((page) => page.closes.some((c) => c.at >= killAt - 100 && c.at <= killAt + 5000));
    const reconnectMs: number[] = [];
    for (const page of onVictim) {
      const closed = page.closes.find((c) => c.at >= killAt - 100)!.at;
      const reopened = page.opens.find((at) => at > closed);
      if (reopened === undefined) {
        problems.push('failover: a live page of the killed server did not reconnect');
        continue;
      }
      reconnectMs.push(reopened - closed);
      if (!page.events.some((at) => at > reopened)) problems.push('failover: a live page of the killed server reconnected but heard no change after it (no live update on its new server)');
    }
    if (onVictim.length === 0) problems.push(`failover: none of the ${pages.length} live pages was on the killed server; nothing proven about reconnecting`);
    const otherCloses = pages.filter((page) => !onVictim.includes(page) && page.closes.some((c) => c.at >= t0 && c.at <= failoverEnd)).length;
    if (otherCloses) problems.push(`failover: ${otherCloses} live pages on the other servers lost their socket`);

    const report: ProofReport = {
      recipe,
      failover: {
        ...figures(failoverRecords, failoverSeconds),
        killed: `server ${victim.instance} (${victimAddress})`,
        goneMs: goneAt - killAt,
        failed: failoverRecords.filter(failed).length,
        failedWhere: tally(failedWhere),
        retriedByNginx,
        movedAfterKill,
        resent: failoverRecords.filter((r) => r.resent).length,
        livePagesOnKilled: onVictim.length,
        livePages: pages.length,
        reconnectMs,
      },
      writes: { notes: 0, files: 0, tasks: 0, missing: [], unacknowledgedPresent: 0, acknowledged: 0 },
      busyReads: 0,
      problems,
    };
    log(`  ${report.failover.requests} requests, ${report.failover.failed} failed; ${onVictim.length} live pages reconnected`);

    // ---- 2. rolling restart under the same load
    if (options.rolling) {
      client.phase = 'rolling';
      const closesBefore = pages.reduce((n, page) => n + page.closes.length, 0);
      log(`Rolling restart: ${options.users} users; deploy/rolling-restart.sh after 5 s; the load goes on 5 s after it ends`);
      const t1 = Date.now();
      let scriptEnded = 0;
      const keepGoing = () => scriptEnded === 0 || Date.now() < scriptEnded + 5000;
      let script = { code: 0, lines: [] as string[] };
      let scriptSeconds = 0;
      await Promise.all([
        users('rolling', keepGoing),
        changesUntil('during the rolling restart', keepGoing, 3000),
        (async () => {
          await sleep(5000);
          const started = Date.now();
          try {
            script = await cluster.rollingRestart();
          } finally {
            scriptSeconds = (Date.now() - started) / 1000;
            scriptEnded = Date.now();
          }
        })(),
      ]);
      const rollingSeconds = (Date.now() - t1) / 1000;
      for (const line of script.lines) log(`  ${line}`);
      if (script.code !== 0) problems.push(`rolling: deploy/rolling-restart.sh exited ${script.code}`);
      await pagesShowEverything('rolling');
      const records = inPhase('rolling');
      const rollingLines = new Map(cluster.readAccessLog().map((line) => [line.requestId, line]));
      const where = records.filter(failed).map((record) => {
        const line = record.requestId ? rollingLines.get(record.requestId) : undefined;
        return `${record.route} ${line ? `on ${line.upstreams.join(' -> ') || 'no server'} (${line.status})` : `without an answer from nginx (${record.error ?? record.status})`}`;
      });
      if (where.length) problems.push(`rolling: ${where.length} requests failed: ${tally(where).join('; ')}`);
      report.rolling = {
        ...figures(records, rollingSeconds),
        failed: where.length,
        failedWhere: tally(where),
        resent: records.filter((r) => r.resent).length,
        restartSeconds: scriptSeconds,
        reconnects: pages.reduce((n, page) => n + page.closes.length, 0) - closesBefore,
        scriptLines: script.lines,
      };
      log(`  ${records.length} requests, ${where.length} failed, in ${rollingSeconds.toFixed(0)} s`);
    }

    // ---- 3. the same load on three servers and on one
    if (options.compareSeconds > 0) {
      const measure = async (phase: string) => {
        client.phase = phase;
        const started = Date.now();
        const until = started + options.compareSeconds * 1000;
        await users(phase, () => Date.now() < until);
        const records = inPhase(phase);
        const lines = new Map(cluster.readAccessLog().map((line) => [line.requestId, line]));
        const bad = records.filter(failed).map((record) => {
          const line = record.requestId ? lines.get(record.requestId) : undefined;
          return `${record.route} ${line ? `on ${line.upstreams.join(' -> ') || 'no server'} (${line.status})` : `without an answer from nginx (${record.error ?? record.status})`}`;
        });
        if (bad.length) problems.push(`compare (${phase}): ${bad.length} requests failed: ${tally(bad).join('; ')}`);
        return figures(records, (Date.now() - started) / 1000);
      };
      log(`Three servers, then one: ${options.users} users for ${options.compareSeconds} s each`);
      const three = await measure('three servers');
      await cluster.onlyServer(cluster.servers[0]!);
      await Promise.all(cluster.servers.slice(1).map((server) => cluster.stop(server)));
      const one = await measure('one server');
      report.compare = { three, one };
    }

    // ---- every acknowledged write, read back through nginx
    client.phase = 'check';
    try {
      const check = await ledger.check(client, owner);
      report.writes = { ...check, acknowledged: ledger.acknowledged };
      for (const missing of check.missing.slice(0, 20)) problems.push(`acknowledged write missing: ${missing}`);
      if (check.missing.length > 20) problems.push(`... and ${check.missing.length - 20} more acknowledged writes missing`);
    } catch (error) {
      problems.push(`the acknowledged writes could not be read back: ${(error as Error).message.split('\n')[0]}`);
    }
    report.busyReads = client.busyReads;
    if (problems.length) report.nginxErrors = cluster.errorLogSummary();
    agent.destroy();
    return report;
  } finally {
    for (const page of pages) page.close();
    await cluster.close();
  }
}

function cookieOf(answer: Answer): string {
  return (answer.setCookie ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** What the recipe promises that a load does not show: each a line of the report. */
async function checkRecipe(cluster: Cluster, client: SiteClient, problems: string[]): Promise<string[]> {
  const lines: string[] = [];
  const check = (ok: boolean, text: string) => {
    lines.push(`${ok ? 'ok' : 'FAILED'}: ${text}`);
    if (!ok) problems.push(`recipe: ${text}`);
  };
  const agent = client.newAgent();

  const redirect = await fetch(`${cluster.httpUrl}/projects?x=1`, { redirect: 'manual' });
  check(redirect.status === 301 && redirect.headers.get('location') === `https://127.0.0.1/projects?x=1`, `plain HTTP answers 301 to HTTPS (${redirect.status} ${redirect.headers.get('location')})`);

  const ready = await client.send(agent, 'ready', 'GET', '/api/health/ready', { record: false });
  check(ready.status === 200 && /^[0-9a-f]{32}$/.test(ready.requestId ?? ''), `/api/health/ready through nginx: ${ready.status}, with nginx's X-Request-Id`);

  // Issue 46 point 3: in production an app server's own port wants the token, loopback or not.
  const server = cluster.servers[0]!;
  const bearer = { authorization: `Bearer ${cluster.environmentOf(server).METRICS_TOKEN}` };
  const metrics = await client.send(agent, 'metrics', 'GET', '/metrics', { headers: bearer, record: false });
  const direct = await fetch(`http://127.0.0.1:${server.port}/metrics`, { headers: bearer });
  const bare = await fetch(`http://127.0.0.1:${server.port}/metrics`);
  check(
    metrics.status === 404 && direct.status === 200 && bare.status === 404,
    `/metrics: ${metrics.status} through nginx with the token, ${direct.status} on an app server's own port with it, ${bare.status} there without`,
  );

  // A web app file of another release (a rolling restart): asked of every server before a 404.
  const missing = await client.send(agent, 'asset', 'GET', '/assets/no-such-file-0000.js', { record: false });
  const missingLine = await logLine(cluster, missing.requestId);
  check(missing.status === 404 && missingLine?.upstreams.length === cluster.servers.length, `a web app file no server has: ${missing.status} after asking ${missingLine?.upstreams.length} servers`);
  const asset = /\/assets\/[^"]+\.js/.exec(readFileSync(path.join(root, 'dist', 'web', 'index.html'), 'utf8'))?.[0];
  const present = asset ? await client.send(agent, 'asset', 'GET', asset, { record: false }) : undefined;
  check(present?.status === 200, `a web app file through nginx (${asset}): ${present?.status}`);

  // The client's address as the app sees it: the sessions list shows where one signed in. The
  // client connects from 127.0.0.2 and claims another address in its own X-Forwarded-For.
  const from = client.newAgent({ localAddress: '127.0.0.2' });
  const signIn = await client.send(from, 'sign-in', 'POST', '/api/auth/sign-in', {
    json: { email: DEMO_ACCOUNTS.developer.email, password: DEMO_PASSWORD },
    headers: { 'x-forwarded-for': '203.0.113.9' },
    record: false,
  });
  const sessions = signIn.status === 200 ? await client.json<{ address: string | null; current: boolean }[]>(from, 'GET', '/api/settings/sessions', { cookie: cookieOf(signIn) }) : [];
  const address = sessions.find((s) => s.current)?.address;
  check(address === '127.0.0.2', `X-Forwarded-For from nginx and TRUST_PROXY=true: the app saw the client at ${address} (connected from 127.0.0.2, claiming 203.0.113.9)`);
  from.destroy();

  // The upload limit: the largest file the app takes passes nginx; a larger body stops there.
  const megabytes = Number(parseEnvironmentFile(readFileSync(path.join(root, RECIPE.environment), 'utf8')).get('MAX_UPLOAD_MB') ?? 25);
  const cookie = cookieOf(
    await client.send(agent, 'sign-in', 'POST', '/api/auth/sign-in', { json: { email: DEMO_ACCOUNTS.organization_admin.email, password: DEMO_PASSWORD }, record: false }),
  );
  const projectId = (await client.json<{ items: { id: string }[] }>(agent, 'GET', '/api/projects', { cookie })).items[0]!.id;
  const largest = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(Math.round(megabytes * 1024 * 1024) - 16, 0x20), Buffer.from('\n%%EOF\n')]);
  const { body, contentType } = multipartFile('largest.pdf', largest);
  const upload = await client.send(agent, 'upload', 'POST', `/api/projects/${projectId}/files`, { cookie, body, contentType, record: false });
  check(upload.status === 201, `an upload of MAX_UPLOAD_MB (${megabytes} MB) through nginx: ${upload.status}`);
  const tooLarge = await headersOnly(client, `/api/projects/${projectId}/files`, cookie, largest.length + 2 * 1024 * 1024);
  const refusedHere = await logLine(cluster, tooLarge.requestId);
  check(tooLarge.status === 413 && refusedHere !== undefined && refusedHere.upstreams.length === 0, `a body past client_max_body_size: ${tooLarge.status} from nginx, no app server asked`);
  agent.destroy();
  return lines;
}

/** nginx's log line of a request (written as the request ends, maybe a moment after the answer). */
async function logLine(cluster: Cluster, requestId: string | undefined): Promise<AccessLogLine | undefined> {
  for (let i = 0; i < 20 && requestId; i++) {
    const line = cluster.readAccessLog().find((l) => l.requestId === requestId);
    if (line) return line;
    await sleep(50);
  }
  return undefined;
}

/** A request that declares a body of `length` bytes and sends none: what nginx answers to its headers. */
function headersOnly(client: SiteClient, path: string, cookie: string, length: number): Promise<{ status: number; requestId?: string }> {
  return new Promise((resolve, reject) => {
    const request = https.request(new URL(path, client.base), {
      method: 'POST',
      ca: client.ca,
      headers: { cookie, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(length) },
    });
    request.on('response', (response) => {
      const id = response.headers['x-request-id'];
      resolve({ status: response.statusCode ?? 0, requestId: typeof id === 'string' ? id : undefined });
      response.resume();
      request.destroy();
    });
    request.on('error', reject);
    request.flushHeaders();
  });
}


const ms = (value: number) => `${Math.round(value)} ms`;
const load = (f: LoadFigures) => `${f.requests} requests in ${f.seconds.toFixed(0)} s (${f.perSecond.toFixed(0)}/s), p50 ${ms(f.p50)}, p99 ${ms(f.p99)}`;

/** The report as the CI step and the bench print it. */
export function formatReport(report: ProofReport, options: Pick<ProofOptions, 'users' | 'seconds' | 'killAt' | 'startAt'>): string {
  const f = report.failover;
  const out = ['', 'Deployment recipe (deploy/) through nginx:', ...report.recipe.map((line) => `  ${line}`), ''];
  out.push(`Failover: kill -9 of ${f.killed} at ${options.killAt} s (gone ${f.goneMs} ms later), started again at ${options.startAt} s; ${options.users} users for ${options.seconds} s`);
  out.push(`  requests:        ${load(f)}`);
  out.push(`  failed requests: ${f.failed}${f.failed ? ':' : ''}`);
  for (const line of f.failedWhere) out.push(`    ${line}`);
  out.push(`  GETs in flight on the killed server that nginx sent to another server: ${f.retriedByNginx}`);
  out.push(`  requests nginx sent to the dead server after the kill (refused) and then to another: ${f.movedAfterKill}`);
  out.push(`  resent by the client after nginx closed an idle kept-alive connection (as browsers do): ${f.resent}`);
  out.push(`  live pages: ${f.livePagesOnKilled} of ${f.livePages} were on the killed server and reconnected to another; reconnect p50 ${ms(percentile(f.reconnectMs, 50))}, p99 ${ms(percentile(f.reconnectMs, 99))}`);
  if (report.rolling) {
    const r = report.rolling;
    out.push('', `Rolling restart (deploy/rolling-restart.sh, ${r.restartSeconds.toFixed(0)} s for three servers) under ${options.users} users`);
    out.push(`  requests:        ${load(r)}`);
    out.push(`  failed requests: ${r.failed}`);
    for (const line of r.failedWhere) out.push(`    ${line}`);
    out.push(`  resent by the client after nginx closed an idle kept-alive connection at a reload (as browsers do): ${r.resent}`);
    out.push(`  live sockets closed by a stopping server (1001) and reconnected: ${r.reconnects}`);
  }
  if (report.compare) {
    const { three, one } = report.compare;
    out.push('', `Three servers vs one, the same ${options.users} users:`);
    out.push(`  three: ${load(three)}`);
    out.push(`  one:   ${load(one)}`);
    out.push(`  throughput three / one: ${(three.perSecond / one.perSecond).toFixed(2)}; p99 three / one: ${(three.p99 / Math.max(one.p99, 1)).toFixed(2)} (on one machine the servers share its cores: this is overhead, not scale)`);
  }
  const w = report.writes;
  out.push('', `Acknowledged writes checked through the API: ${w.notes + w.files + w.tasks} (notes ${w.notes}, files ${w.files} downloaded byte for byte, tasks ${w.tasks} with their last acknowledged status; ${w.acknowledged} writes acknowledged in all); missing: ${w.missing.length}`);
  out.push(`  writes whose request failed but which took effect: ${w.unacknowledgedPresent}`);
  if (report.busyReads) out.push(`  (the check's own reads met a 502/503/504 ${report.busyReads} times and asked again)`);
  if (report.nginxErrors?.length) out.push('', "nginx's error log:", ...report.nginxErrors.map((line) => `  ${line}`));
  out.push('', report.problems.length ? `FAILED: ${report.problems.length} problem(s):\n${report.problems.map((p) => `  - ${p}`).join('\n')}` : 'All pass conditions hold.');
  return out.join('\n');
}
