// The server side of the project-list benchmark (issue 3), started by scripts/bench.ts as its
// own process so the load generator does not share its event loop. It serves the real app and,
// beside it, a bare Fastify route that runs the same SQL through the same database driver with
// no auth, validation or serialization: the ratio of the two is what our layers cost.
//
// Env: BENCH_PORT, BENCH_DATABASE_URL (unset: PGlite in a temp dir), BENCH_LOG (a log level: the
// app logs requests as in production, into /dev/null; unset: no logger). Prints one JSON line
// { ready, pid, cookie, token, appUrl, bareUrl } on stdout when seeded and listening.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { createMember, createOrganization } from '../../src/server/platform/auth/accounts';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';
import { clients } from '../../src/server/modules/clients/schema';
import { projects } from '../../src/server/modules/projects/schema';
import { profiles } from '../../src/server/platform/db/schema/tenancy';
import { timeReportStatement } from '../../src/server/modules/reports/time-report';
import { PgDialect } from 'drizzle-orm/pg-core';

// Sizes: 10,000 projects over 1,000 clients unless BENCH_PROJECTS says otherwise; BENCH_TASKS
// tasks spread over the projects (none by default).
const PROJECTS = Number(process.env.BENCH_PROJECTS || 10_000);
const CLIENTS = Math.max(1, Math.round(PROJECTS / 10));
const TASKS = Number(process.env.BENCH_TASKS || 0);
const PAGE = 24;
const port = Number(process.env.BENCH_PORT ?? 3350);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-list-'));
// No per-token limit: the token-call bench drives one token far past 600 calls a minute.
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: `http://127.0.0.1:${port}`, API_TOKEN_CALLS_PER_MINUTE: '1000000000' });
const database: DatabaseHandle = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });
const { db } = database;

// An organization with 10,000 projects over 1,000 clients, and an admin to list them.
const organization = await createOrganization(db, 'Bench Agency');
const email = `bench-${Date.now()}@bench.brieflane`;
const password = 'bench-password';
const { profileId } = await createMember(db, { organizationId: organization.id, fullName: 'Bench Admin', role: 'admin', email, password });
const words = ['Website', 'Brand', 'Campaign', 'Portal', 'App', 'Audit', 'Newsletter', 'Launch', 'Refresh', 'Migration'];
const clientIds: string[] = [];
for (let i = 0; i < CLIENTS; i += 500) {
  const rows = await db
    .insert(clients)
    .values(Array.from({ length: Math.min(500, CLIENTS - i) }, (_, j) => ({ organizationId: organization.id, name: `Client ${i + j}`, createdBy: profileId })))
    .returning({ id: clients.id });
  clientIds.push(...rows.map((r) => r.id));
}
const statuses = ['active', 'completed', 'on_hold', 'cancelled'] as const;
const base = Date.now() - PROJECTS * 60_000;
for (let i = 0; i < PROJECTS; i += 1000) {
  await db.insert(projects).values(
    Array.from({ length: Math.min(1000, PROJECTS - i) }, (_, j) => {
      const n = i + j;
      return {
        organizationId: organization.id,
        clientId: clientIds[n % CLIENTS]!,
        name: `${words[n % words.length]} ${words[(n * 7) % words.length]} ${n}`,
        description: `Project number ${n} for a client; deliverables and milestones.`,
        status: statuses[n % statuses.length]!,
        createdBy: profileId,
        createdAt: new Date(base + n * 60_000),
      };
    }),
  );
}
if (TASKS > 0) {
  const taskStatuses = ['pending', 'in_progress', 'completed'];
  for (let i = 0; i < TASKS; i += 10_000) {
    const params = [organization.id, profileId, Math.min(10_000, TASKS - i), i];
    const insertTasks = `
      with numbered as (select id, row_number() over (order by id) - 1 as n from projects where organization_id = $1)
      insert into tasks (project_id, title, status, created_by, created_at)
      select p.id, 'Task ' || (g + $4), (array['${taskStatuses.join("','")}'])[1 + (g + $4) % 3], $2, now() - ((g + $4) || ' minutes')::interval
      from generate_series(1, $3::int) g
      join numbered p on p.n = (g + $4) % ${PROJECTS}`;
    if (database.pglite) await database.pglite.query(insertTasks, params);
    else await database.pool!.query(insertTasks, params);
  }
}
// Issue 32: BENCH_TIME_MEMBERS members each logging 8 entries every weekday of a year (50 members:
// ~104,000 entries), each member on 6 projects a month and on another 6 the next month (as an
// agency staffs its projects); half the members with a rate, a tenth of the projects with their
// own, one entry in five not billable.
const TIME_MEMBERS = Number(process.env.BENCH_TIME_MEMBERS || 0);
const TIME_YEAR_START = '2025-01-01';
if (TIME_MEMBERS > 0) {
  const memberIds: string[] = [];
  for (let m = 0; m < TIME_MEMBERS; m++) {
    const [member] = await db
      .insert(profiles)
      .values({ organizationId: organization.id, fullName: `Member ${m}`, role: 'developer', hourlyRateMinor: m % 2 ? 9000 + m * 100 : null })
      .returning({ id: profiles.id });
    memberIds.push(member!.id);
  }
  const run = (text: string, params: unknown[]) => (database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params));
  await run(`update projects set hourly_rate_minor = 12000 where organization_id = $1 and right(name, 1) = '7'`, [organization.id]);
  for (const [m, memberId] of memberIds.entries()) {
    await run(
      `with numbered as (select id, row_number() over (order by id) - 1 as n from projects where organization_id = $1)
       insert into time_entries (organization_id, project_id, profile_id, member_name, work_date, minutes, billable)
       select $1, p.id, $2, $3, d::date, 30 + (k * 7 + $4) % 60, (k + $4) % 5 <> 0
         from generate_series($5::date, $5::date + 364, '1 day') d
         cross join generate_series(0, 7) k
         join numbered p on p.n = (($4 * 131 + (k % 6) * 17 + extract(month from d)::int * 53) % ${PROJECTS})
        where extract(isodow from d) < 6`,
      [organization.id, memberId, `Member ${m}`, m, TIME_YEAR_START],
    );
  }
}

if (database.pglite) await database.pglite.query('analyze');
else await database.pool!.query('analyze');

// BENCH_LOG=info: the request logs production writes (JSON lines, here into /dev/null).
const logLevel = process.env.BENCH_LOG;
const app = await buildApp({ config, database, logger: logLevel ? { level: logLevel, file: '/dev/null' } : false });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const setCookie = signIn.headers['set-cookie'];
const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? ''])
  .find((c) => c.includes('session_token'))!
  .split(';')[0]!;
// Issue 30: the same admin's personal API token, for the token-call bench.
const made = await app.inject({ method: 'POST', url: '/api/settings/api-tokens', headers: { cookie }, payload: { name: 'Bench', scope: 'read', expiresInDays: null } });
const token = (made.json() as { token: string }).token;

// The bare route: the list service's SQL by hand (first page, with its matched and total counts
// as scalar subqueries of the same statement, decision 014), with its search shape
// (trigram-indexed name and description, matching clients' ids as an array).
const searchSql = `(p.name ilike $2 or p.description ilike $2
  or p.client_id = any(array(select id from clients where organization_id = $1 and name ilike $2)))`;
const listSql = (search: boolean) => `
  select p.id, p.name, p.description, p.status, p.due_date, p.client_id, p.created_at, c.name as client_name, o.full_name as owner_name,
    (select count(*)::int from projects p where p.organization_id = $1${search ? ` and ${searchSql}` : ''}) as matched,
    ${search ? '(select count(*)::int from projects p where p.organization_id = $1)' : 'null'} as total
  from projects p join clients c on c.id = p.client_id left join profiles o on o.id = p.created_by
  where p.organization_id = $1${search ? ` and ${searchSql}` : ''}
  order by p.created_at desc, p.id desc limit ${PAGE + 1}`;
type Rows = { rows: Record<string, unknown>[] };
const query = (text: string, params: unknown[]): Promise<Rows> =>
  database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params);

// Without a search the app answers 'Showing X of Y' from its per-organization counts cache
// (decision 014) and reads only the page; the bare route does the same with counts read once
// (nothing changes during the bench). A search counts every time, in both.
const pageSql = `
  select p.id, p.name, p.description, p.status, p.due_date, p.client_id, p.created_at, c.name as client_name, o.full_name as owner_name
  from projects p join clients c on c.id = p.client_id left join profiles o on o.id = p.created_by
  where p.organization_id = $1
  order by p.created_at desc, p.id desc limit ${PAGE + 1}`;
const plainCounts = (await query(listSql(false), [organization.id])).rows[0]!;

const bare = Fastify({ logger: false });
bare.get<{ Querystring: { search?: string } }>('/bare/projects', async (request) => {
  const search = request.query.search ? `%${request.query.search}%` : undefined;
  if (!search) {
    const { rows } = await query(pageSql, [organization.id]);
    return { items: rows.slice(0, PAGE), matched: plainCounts.matched, total: plainCounts.matched };
  }
  const { rows } = await query(listSql(true), [organization.id, search]);
  return { items: rows.slice(0, PAGE), matched: rows[0]?.matched ?? 0, total: rows[0]?.total ?? rows[0]?.matched ?? 0 };
});

// Issue 32: the time report's statement (the service's own SQL, compiled once) run bare: no auth,
// validation, organization currency lookup or serialization through the zod schema.
if (TIME_MEMBERS > 0) {
  const dialect = new PgDialect();
  // `&entries=1`: the same report read from every entry of the range, not the monthly totals.
  bare.get<{ Querystring: { from: string; to: string; groupBy: 'client' | 'project' | 'member' | 'task'; entries?: string } }>('/bare/reports/time', async (request) => {
    const { from, to, groupBy, entries } = request.query;
    const compiled = dialect.sqlToQuery(timeReportStatement(organization.id, from, to, groupBy ?? 'client', entries !== '1'));
    const { rows } = await query(compiled.sql, compiled.params);
    return { rows };
  });
}

await app.listen({ host: '127.0.0.1', port });
await bare.listen({ host: '127.0.0.1', port: port + 1 });
console.log(
  JSON.stringify({ ready: true, pid: process.pid, cookie, token, appUrl: `http://127.0.0.1:${port}`, bareUrl: `http://127.0.0.1:${port + 1}`, driver: database.kind }),
);

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
