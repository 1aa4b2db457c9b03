// The server side of the My Work benchmark (issue 16), started by scripts/bench.ts in its own
// process: a developer assigned to 500 of 1,000 projects holds 5,000 open tasks there (and 5,000
// completed ones; 20,000 more tasks belong to others). It serves the real app and, beside it, a
// bare Fastify route running My Work's first-page SQL through the same driver with no auth,
// validation or serialization.
//
// Env: BENCH_PORT, BENCH_DATABASE_URL (unset: PGlite in a temp dir). Prints one JSON line
// { ready, pid, cookie, appUrl, bareUrl } on stdout when seeded and listening.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { createMember, createOrganization } from '../../src/server/platform/auth/accounts';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';

const PROJECTS = 1_000;
const ASSIGNED_PROJECTS = 500;
const OPEN_TASKS = 5_000;
const PAGE = 50;
const port = Number(process.env.BENCH_PORT ?? 3360);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-my-work-'));
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: `http://127.0.0.1:${port}` });
const database: DatabaseHandle = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });
type Rows = { rows: Record<string, unknown>[] };
const query = (text: string, params: unknown[] = []): Promise<Rows> =>
  database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params);

const organization = await createOrganization(database.db, 'Bench Agency');
const password = 'bench-password';
const stamp = Date.now();
const admin = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Admin', role: 'admin', email: `admin-${stamp}@bench.brieflane`, password });
const email = `dev-${stamp}@bench.brieflane`;
const developer = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Developer', role: 'developer', email, password });

// In SQL, so the seed takes seconds: clients, projects, the developer's access to half of them,
// then tasks: 10 open and 10 completed of the developer's per assigned project (due dates over
// four months around today, one in five undated), and 40 of the admin's per project.
await query(`insert into clients (organization_id, name, created_by) select $1, 'Client ' || g, $2 from generate_series(1, 100) g`, [organization.id, admin.profileId]);
await query(
  `with c as (select id, row_number() over (order by id) - 1 as n from clients where organization_id = $1)
   insert into projects (organization_id, client_id, name, status, created_by)
   select $1, c.id, 'Project ' || g, 'active', $2 from generate_series(0, ${PROJECTS - 1}) g join c on c.n = g % 100`,
  [organization.id, admin.profileId],
);
await query(
  `insert into developer_project_access (project_id, developer_profile_id)
   select id, $2 from projects where organization_id = $1 order by id limit ${ASSIGNED_PROJECTS}`,
  [organization.id, developer.profileId],
);
const perProject = OPEN_TASKS / ASSIGNED_PROJECTS;
await query(
  `insert into tasks (project_id, title, status, assignee_id, due_date, created_by, position)
   select a.project_id, 'Task ' || g, s.status, $1,
     case when g % 5 = 0 then null else current_date + ((g * 7) % 120 - 60) end, $2, g
   from developer_project_access a
   cross join generate_series(1, ${perProject}) g
   cross join (values ('pending'), ('completed')) s(status)
   where a.developer_profile_id = $1`,
  [developer.profileId, admin.profileId],
);
await query(
  `insert into tasks (project_id, title, status, assignee_id, due_date, created_by, position)
   select p.id, 'Other ' || g, 'pending', $2, current_date + (g % 90), $2, g
   from projects p cross join generate_series(1, 20) g where p.organization_id = $1`,
  [organization.id, admin.profileId],
);
await query('analyze');

const app = await buildApp({ config, database, logger: false });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const setCookie = signIn.headers['set-cookie'];
const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.includes('session_token'))!.split(';')[0]!;
const check = await app.inject({ method: 'GET', url: '/api/my-work', headers: { cookie } });
if (check.statusCode !== 200 || check.json().items.length !== PAGE) throw new Error(`My Work answered ${check.statusCode}: ${check.body.slice(0, 300)}`);

// My Work's first page by hand, in the service's shape: the developer's open tasks in projects
// they are assigned to (a per-row test, see my-work.ts), soonest due first, undated last.
const myWorkSql = `
  select t.*, p.name as project_name, c.name as client_name
  from tasks t
  join projects p on p.id = t.project_id
  join clients c on c.id = p.client_id
  where t.assignee_id = $1 and t.status <> 'completed'
    and (select p2.organization_id = $2 and exists (select 1 from developer_project_access d where d.project_id = p2.id and d.developer_profile_id = $1)
         from projects p2 where p2.id = t.project_id)
  order by coalesce(t.due_date, '9999-12-31'::date), t.id
  limit ${PAGE + 1}`;
const bare = Fastify({ logger: false });
bare.get('/bare/my-work', async () => {
  const { rows } = await query(myWorkSql, [developer.profileId, organization.id]);
  return { items: rows.slice(0, PAGE), nextCursor: rows.length > PAGE ? 'more' : null };
});

await app.listen({ host: '127.0.0.1', port });
await bare.listen({ host: '127.0.0.1', port: port + 1 });
console.log(JSON.stringify({ ready: true, pid: process.pid, cookie, appUrl: `http://127.0.0.1:${port}`, bareUrl: `http://127.0.0.1:${port + 1}` }));

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
