// The server side of the timesheet benchmark (issue 32), started by scripts/bench.ts in its own
// process: 50 members of one agency, each with a year of time (5 or 6 entries a day, 100,400 in
// all) over 100 projects of 10 tasks. It serves the real app and, beside it, a bare Fastify
// route running the timesheet's one grouped query through the same driver with no auth,
// validation or serialization.
//
// Env: BENCH_PORT, BENCH_DATABASE_URL (unset: PGlite in a temp dir). Prints one JSON line
// { ready, pid, cookie, appUrl, bareUrl, week } on stdout when seeded and listening.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { createMember, createOrganization } from '../../src/server/platform/auth/accounts';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';

const MEMBERS = 50;
const PROJECTS = 100;
const DAYS = 365;
const port = Number(process.env.BENCH_PORT ?? 3370);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-timesheet-'));
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: `http://127.0.0.1:${port}` });
const database: DatabaseHandle = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });
type Rows = { rows: Record<string, unknown>[] };
const query = (text: string, params: unknown[] = []): Promise<Rows> =>
  database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params);

const organization = await createOrganization(database.db, 'Bench Agency');
const password = 'bench-password';
const stamp = Date.now();
const admin = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Admin', role: 'admin', email: `admin-${stamp}@bench.brieflane`, password });
const email = `member-${stamp}@bench.brieflane`;
// The measured member: an account executive (staff), so every project is theirs to log on.
const member = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Member', role: 'account_executive', email, password });
for (let i = 2; i < MEMBERS; i++) {
  await createMember(database.db, { organizationId: organization.id, fullName: `Member ${i}`, role: i % 2 ? 'developer' : 'account_executive', email: null });
}

// In SQL, so the seed takes seconds: clients, projects, tasks, then every member's year.
await query(`insert into clients (organization_id, name, created_by) select $1, 'Client ' || g, $2 from generate_series(1, 20) g`, [organization.id, admin.profileId]);
await query(
  `with c as (select id, row_number() over (order by id) - 1 as n from clients where organization_id = $1)
   insert into projects (organization_id, client_id, name, status, created_by)
   select $1, c.id, 'Project ' || g, 'active', $2 from generate_series(0, ${PROJECTS - 1}) g join c on c.n = g % 20`,
  [organization.id, admin.profileId],
);
await query(
  `insert into tasks (project_id, title, status, created_by, position)
   select p.id, 'Task ' || g, 'pending', $2, g from projects p cross join generate_series(1, 10) g where p.organization_id = $1`,
  [organization.id, admin.profileId],
);
await query(
  `with m as (select id, full_name, row_number() over (order by id) as n from profiles where organization_id = $1),
        p as (select id, row_number() over (order by id) - 1 as n from projects where organization_id = $1),
        t as (select id, project_id, row_number() over (partition by project_id order by id) - 1 as n from tasks)
   insert into time_entries (organization_id, project_id, task_id, profile_id, member_name, work_date, minutes, note, billable, created_by)
   select $1, p.id, case when g = 1 then null else t.id end, m.id, m.full_name, current_date - d, 30 + (m.n * 7 + d + g * 13) % 61, 'Work ' || g, g % 4 <> 0, m.id
   from m
   cross join generate_series(0, ${DAYS - 1}) d
   cross join lateral generate_series(1, case when d % 2 = 0 then 6 else 5 end) g
   join p on p.n = (m.n * 3 + g * 17 + d / 7) % ${PROJECTS}
   join t on t.project_id = p.id and t.n = (d + g) % 10`,
  [organization.id],
);
const [{ count }] = (await query('select count(*)::int as count from time_entries')).rows as [{ count: number }];
await query('analyze');

const app = await buildApp({ config, database, logger: false });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const setCookie = signIn.headers['set-cookie'];
const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.includes('session_token'))!.split(';')[0]!;
// A week in the middle of the year.
const [{ week }] = (await query(`select to_char(current_date - 180, 'YYYY-MM-DD') as week`)).rows as [{ week: string }];
const check = await app.inject({ method: 'GET', url: `/api/time/timesheet?week=${week}`, headers: { cookie } });
if (check.statusCode !== 200 || check.json().rows.length === 0) throw new Error(`The timesheet answered ${check.statusCode}: ${check.body.slice(0, 300)}`);

// The timesheet's query by hand (service.ts timesheetQuery): the member's week, summed per row and day.
const weekSql = `
  select e.project_id, p.name as project_name, e.task_id, t.title as task_title, e.work_date, sum(e.minutes)::int as minutes
  from time_entries e
  join projects p on p.id = e.project_id
  left join tasks t on t.id = e.task_id
  where e.profile_id = $1 and e.work_date >= $3::date and e.work_date <= $3::date + 6 and e.organization_id = $2
  group by e.project_id, p.name, e.task_id, t.title, e.work_date`;
const monday = (await query(`select to_char(date_trunc('week', $1::date), 'YYYY-MM-DD') as monday`, [week])).rows[0]!.monday as string;
const bare = Fastify({ logger: false });
bare.get('/bare/timesheet', async () => (await query(weekSql, [member.profileId, organization.id, monday])).rows);

await app.listen({ host: '127.0.0.1', port });
await bare.listen({ host: '127.0.0.1', port: port + 1 });
console.log(JSON.stringify({ ready: true, pid: process.pid, cookie, appUrl: `http://127.0.0.1:${port}`, bareUrl: `http://127.0.0.1:${port + 1}`, week, entries: count }));

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
