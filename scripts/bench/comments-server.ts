// The server side of the comments benchmark (issue 29), started by scripts/bench.ts in its own
// process: one task with 2,000 comments (some mentioning, by several authors) in an organization
// with 200 tasks of 2,000 comments' neighbours. It serves the real app and, beside it, a bare
// Fastify route running the first page's SQL through the same driver with no auth, validation or
// serialization.
//
// Env: BENCH_PORT, BENCH_DATABASE_URL (unset: PGlite in a temp dir). Prints one JSON line
// { ready, pid, cookie, appUrl, bareUrl, appPath } on stdout when seeded and listening.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { createMember, createOrganization } from '../../src/server/platform/auth/accounts';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';

const COMMENTS = 2_000;
/** Other tasks of the project, with 50 comments each, so the index has neighbours to skip. */
const OTHER_TASKS = 200;
const PAGE = 50;
const port = Number(process.env.BENCH_PORT ?? 3370);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-comments-'));
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: `http://127.0.0.1:${port}` });
const database: DatabaseHandle = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });
type Rows = { rows: Record<string, unknown>[] };
const query = (text: string, params: unknown[] = []): Promise<Rows> =>
  database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params);

const organization = await createOrganization(database.db, 'Bench Agency');
const password = 'bench-password';
const stamp = Date.now();
const email = `admin-${stamp}@bench.brieflane`;
const admin = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Admin', role: 'admin', email, password });
const developer = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Developer', role: 'developer', email: `dev-${stamp}@bench.brieflane`, password });

const [client] = (await query(`insert into clients (organization_id, name, created_by) values ($1, 'Client', $2) returning id`, [organization.id, admin.profileId])).rows;
const [project] = (
  await query(`insert into projects (organization_id, client_id, name, status, created_by) values ($1, $2, 'Talkative Project', 'active', $3) returning id`, [
    organization.id,
    client!.id,
    admin.profileId,
  ])
).rows;
await query(`insert into developer_project_access (project_id, developer_profile_id) values ($1, $2)`, [project!.id, developer.profileId]);
const [task] = (await query(`insert into tasks (project_id, title, created_by, position) values ($1, 'The long thread', $2, 0) returning id`, [project!.id, admin.profileId])).rows;
await query(`insert into tasks (project_id, title, created_by, position) select $1, 'Other ' || g, $2, g from generate_series(1, ${OTHER_TASKS}) g`, [project!.id, admin.profileId]);

// In SQL, so the seed takes seconds: the thread's comments a minute apart, alternating authors,
// every tenth mentioning the developer; 50 comments on each other task.
await query(
  `insert into task_comments (project_id, task_id, body, created_by, author_name, mentions, created_at, updated_at)
   select $1, $2,
     case when g % 10 = 0 then 'Reply ' || g || ', @[Bench Developer](' || $4 || ') can you look? **Bold** and [a link](https://example.com/' || g || ')'
          else 'Reply ' || g || ': ' || repeat('words ', 20) end,
     case when g % 2 = 0 then $3::uuid else $4::uuid end,
     case when g % 2 = 0 then 'Bench Admin' else 'Bench Developer' end,
     case when g % 10 = 0 then jsonb_build_array($4::text) else '[]'::jsonb end,
     now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
   from generate_series(1, ${COMMENTS}) g`,
  [project!.id, task!.id, admin.profileId, developer.profileId],
);
await query(
  `insert into task_comments (project_id, task_id, body, created_by, author_name, created_at, updated_at)
   select t.project_id, t.id, 'Side note ' || g, $2, 'Bench Admin', now() - (g || ' minutes')::interval, now() - (g || ' minutes')::interval
   from tasks t cross join generate_series(1, 50) g where t.project_id = $1 and t.id <> $3`,
  [project!.id, admin.profileId, task!.id],
);
await query('analyze');

const app = await buildApp({ config, database, logger: false });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const setCookie = signIn.headers['set-cookie'];
const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.includes('session_token'))!.split(';')[0]!;
const appPath = `/api/projects/${project!.id}/tasks/${task!.id}/comments`;
const check = await app.inject({ method: 'GET', url: appPath, headers: { cookie } });
if (check.statusCode !== 200 || check.json().items.length !== PAGE || check.json().total !== COMMENTS) {
  throw new Error(`Comments answered ${check.statusCode}: ${check.body.slice(0, 300)}`);
}

// The first page by hand, in the service's shape: the task's newest comments with their authors,
// and the count.
const pageSql = `
  select c.*, p.email as author_email, p.role as author_role, p.organization_id as author_organization_id
  from task_comments c left join profiles p on p.id = c.created_by
  where c.task_id = $1
  order by c.created_at desc, c.id desc
  limit ${PAGE + 1}`;
const bare = Fastify({ logger: false });
bare.get('/bare/comments', async () => {
  const { rows } = await query(pageSql, [task!.id]);
  const [count] = (await query('select count(*)::int as n from task_comments where task_id = $1', [task!.id])).rows;
  return { items: rows.slice(0, PAGE), nextCursor: rows.length > PAGE ? 'more' : null, total: count!.n };
});

await app.listen({ host: '127.0.0.1', port });
await bare.listen({ host: '127.0.0.1', port: port + 1 });
console.log(JSON.stringify({ ready: true, pid: process.pid, cookie, appUrl: `http://127.0.0.1:${port}`, bareUrl: `http://127.0.0.1:${port + 1}`, appPath }));

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
