// Restoring an archive from an older migration level (decision 010): inside the restore's one
// write transaction the target's schema is taken down and made again by the first N migrations
// (N is the archive's level), the rows go in as the archive has them, and the later migrations
// run over them as they would at a start of this version. The migrations are drizzle-kit's
// files read by drizzle's own readMigrationFiles and applied as its migrator applies them
// (statement by statement, then a row in drizzle.__drizzle_migrations with the file's hash and
// its journal time), so a start of the app afterwards finds nothing left to run.
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { appFiles } from '../app-files';
import { quoteIdent, type Query } from './snapshot';

/** Every migration of this version, in the journal's order (one per entry). */
export function appMigrations(): MigrationMeta[] {
  return readMigrationFiles({ migrationsFolder: appFiles.migrations });
}

/** drizzle's bookkeeping, made as its migrator makes it when it is not there yet. */
async function ensureMigrationsTable(query: Query): Promise<void> {
  await query(`create schema if not exists drizzle`);
  await query(`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`);
}

/** Runs the migrations in order and records each, as drizzle's migrator does. */
export async function applyMigrations(query: Query, migrations: readonly MigrationMeta[]): Promise<void> {
  await ensureMigrationsTable(query);
  for (const migration of migrations) {
    for (const statement of migration.sql) {
      if (statement.trim() !== '') await query(statement);
    }
    await query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [migration.hash, migration.folderMillis]);
  }
}

const notFromAnExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`;

/**
 * Takes the app's schema down to nothing, so the migrations can make it again from the first.
 * What goes: every table, view, sequence, routine and type in the public schema (as everywhere
 * in backup and restore, every table there is the app's), and the rows of
 * drizzle.__drizzle_migrations. What stays: extensions and what belongs to them (pg_trgm, made
 * with IF NOT EXISTS by migration 0001), so no privilege beyond the app's own is needed. Only
 * ever run inside the restore's transaction: a failure later rolls all of it back.
 */
export async function dropAppSchema(query: Query): Promise<void> {
  const relations = await query(
    `select c.relkind as kind, c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'f', 'v', 'm', 'S') and ${notFromAnExtension('pg_class', 'c.oid')}`,
  );
  const names = (kinds: string[]) => relations.filter((r) => kinds.includes(r.kind as string)).map((r) => `public.${quoteIdent(r.name as string)}`);
  // Views first (they may depend on tables), then tables (with their indexes, triggers and
  // owned sequences), then what is left; IF EXISTS because a CASCADE may have taken it already.
  const drops: [string, string[]][] = [
    ['materialized view', names(['m'])],
    ['view', names(['v'])],
    ['foreign table', names(['f'])],
    ['table', names(['r', 'p'])],
    ['sequence', names(['S'])],
  ];
  for (const [kind, list] of drops) if (list.length > 0) await query(`drop ${kind} if exists ${list.join(', ')} cascade`);
  const routines = await query(
    `select p.oid::regprocedure::text as signature from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and ${notFromAnExtension('pg_proc', 'p.oid')}`,
  );
  for (const routine of routines) await query(`drop routine if exists ${routine.signature as string} cascade`);
  // Enums, domains, ranges and free-standing composite types; a table's row type went with it.
  const types = await query(
    `select t.oid::regtype::text as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r', 'c')
        and (t.typtype <> 'c' or (select k.relkind from pg_class k where k.oid = t.typrelid) = 'c')
        and ${notFromAnExtension('pg_type', 't.oid')}`,
  );
  for (const type of types) await query(`drop type if exists ${type.name as string} cascade`);
  await ensureMigrationsTable(query);
  await query(`delete from drizzle.__drizzle_migrations`);
}
