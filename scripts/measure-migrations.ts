// `npx tsx scripts/measure-migrations.ts [--rows=100000]`: how long each migration statement
// takes on an embedded database whose tasks and activity log already hold ROWS rows each
// (issue 35 item 5: "migrations that rewrite large tables say so, with a measured time at
// 100,000 rows"; the answers are in docs/upgrades.md). A fresh PGlite data directory, with the
// server's options, is migrated as far as 0002; the rows go in there (a thousand projects of
// one organization, ROWS tasks and ROWS activity entries); then every later migration runs
// statement by statement, as drizzle's migrator runs them, each timed. Prints the statements
// that touch tasks or activity_logs, and any other taking over 50 ms, slowest first.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { appFiles } from '../src/server/platform/app-files';
import { PGLITE_OPTIONS } from '../src/server/platform/db/client';

const rowsArg = process.argv.slice(2).find((a) => a.startsWith('--rows='));
const ROWS = rowsArg ? Number(rowsArg.slice('--rows='.length)) : 100_000;
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('Usage: npx tsx scripts/measure-migrations.ts [--rows=N]');
/** The last migration before the rows go in: 0003 is the first to touch activity_logs, 0005 tasks. */
const SEED_AFTER = '0002';

const journal = JSON.parse(readFileSync(appFiles.migrationsJournal, 'utf8')) as { entries: { tag: string }[] };
const statementsOf = (tag: string) =>
  readFileSync(path.join(appFiles.migrations, `${tag}.sql`), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter((s) => s !== '');

const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-measure-migrations-'));
const db = await PGlite.create({ ...PGLITE_OPTIONS, dataDir });
try {
  const timings: { tag: string; ms: number; statement: string }[] = [];
  let seeded = false;
  for (const { tag } of journal.entries) {
    for (const statement of statementsOf(tag)) {
      const started = performance.now();
      await db.exec(statement);
      if (seeded) timings.push({ tag, ms: performance.now() - started, statement });
    }
    if (tag.startsWith(SEED_AFTER)) {
      const started = performance.now();
      await seed();
      console.log(`Seeded ${ROWS} tasks and ${ROWS} activity entries after ${tag} in ${Math.round(performance.now() - started)} ms; tasks' table ${await tasksSize()}.`);
      seeded = true;
    }
  }
  const [counts] = (await db.query<{ tasks: number; activity: number }>('select (select count(*)::int from tasks) as tasks, (select count(*)::int from activity_logs) as activity')).rows;
  // An UPDATE of every row leaves the old versions behind until a VACUUM (the embedded database has no autovacuum).
  console.log(`After the last migration: ${counts!.tasks} tasks, ${counts!.activity} activity entries; tasks' table ${await tasksSize()}.\n`);
  const touchesBigTables = (statement: string) => /"(tasks|activity_logs)"|\b(tasks|activity_logs)\b/.test(statement.replace(/--.*$/gm, ''));
  const shown = timings.filter((t) => touchesBigTables(t.statement) || t.ms > 50).sort((a, b) => b.ms - a.ms);
  for (const t of shown) {
    const text = t.statement.replace(/--.*$/gm, '').replace(/\s+/g, ' ').trim();
    console.log(`${String(Math.round(t.ms)).padStart(7)} ms  ${t.tag}  ${text.length > 150 ? `${text.slice(0, 147)}...` : text}`);
  }
  const total = timings.reduce((sum, t) => sum + t.ms, 0);
  console.log(`\n${timings.length} statements after ${SEED_AFTER}, ${Math.round(total)} ms in all.`);
} finally {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
}

async function tasksSize(): Promise<string> {
  const [row] = (await db.query<{ size: string }>(`select pg_size_pretty(pg_table_size('tasks')) as size`)).rows;
  return row!.size;
}

/** The rows, in the schema as it was after SEED_AFTER: spread over a year and a thousand projects. */
async function seed() {
  await db.exec(`
    insert into organizations (id, name) values ('00000000-0000-4000-8000-000000000001', 'Measured Agency');
    insert into profiles (id, organization_id, full_name, role) values ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', 'Measured Owner', 'organization_admin');
    insert into clients (id, organization_id, name) values ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-000000000001', 'Measured Client');
    insert into projects (organization_id, client_id, name, description, created_by)
      select '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000003', 'Project ' || i, 'A project of the migration measurement.', '00000000-0000-4000-8000-000000000002'
      from generate_series(1, 1000) i;
  `);
  await db.query(
    `insert into tasks (project_id, title, description, status, priority, due_date, created_by, created_at)
       select p.id, 'Task ' || i, case when i % 3 = 0 then 'A description of the task, a sentence long.' end,
              (array['pending', 'in_progress', 'completed', 'completed'])[1 + i % 4], (array['low', 'medium', 'high'])[1 + i % 3],
              current_date + (i % 90) - 30, '00000000-0000-4000-8000-000000000002', now() - (i % 365) * interval '1 day' - i * interval '1 second'
       from generate_series(1, $1::int) i
       join (select id, row_number() over (order by id) - 1 as n from projects) p on p.n = i % 1000`,
    [ROWS],
  );
  await db.query(
    `insert into activity_logs (organization_id, user_id, action, project_id, details, created_at)
       select '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', 'create_task', p.id,
              jsonb_build_object('task_title', 'Task ' || i, 'project_name', 'Project ' || p.n), now() - (i % 365) * interval '1 day'
       from generate_series(1, $1::int) i
       join (select id, row_number() over (order by id) - 1 as n from projects) p on p.n = i % 1000`,
    [ROWS],
  );
}
