// A database's schema as text, to compare two databases made by the same migrations (an
// upgraded restore against a new database), read on a connection that runs no migration first.
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { PGLITE_OPTIONS, type DatabaseHandle } from '../platform/db/client';
import type { Query } from '../platform/backup/snapshot';

/** A connection to a database as it is: unlike openDatabase, no migration runs first. */
export async function openUnmigrated(target: { url: string } | { dataDir: string }): Promise<Pick<DatabaseHandle, 'pglite' | 'pool' | 'close'>> {
  if ('url' in target) {
    const pool = new pg.Pool({ connectionString: target.url, max: 1 });
    return { pool, close: () => pool.end() };
  }
  const pglite = await PGlite.create({ ...PGLITE_OPTIONS, dataDir: path.join(target.dataDir, 'db') });
  return { pglite, close: () => pglite.close() };
}

/**
 * What a database's schema is, as lines of text that compare equal between two databases made by
 * the same migrations: columns in order with types, defaults and nullability, constraints,
 * indexes, triggers, routines, and drizzle's record of the migrations applied.
 */
export async function schemaOf(query: Query): Promise<Record<string, string[]>> {
  const lines = async (sql: string) => (await query(sql)).map((r) => Object.values(r).map(String).join(' | '));
  return {
    columns: await lines(
      `select table_name, ordinal_position, column_name, data_type, udt_name, is_nullable, coalesce(column_default, '') as d, is_generated, coalesce(generation_expression, '') as g
         from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
    ),
    constraints: await lines(
      `select c.relname, k.conname, pg_get_constraintdef(k.oid) from pg_constraint k join pg_class c on c.oid = k.conrelid
         join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' order by 1, 2`,
    ),
    indexes: await lines(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by 1`),
    triggers: await lines(
      `select c.relname, t.tgname, pg_get_triggerdef(t.oid) from pg_trigger t join pg_class c on c.oid = t.tgrelid
         join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal order by 1, 2`,
    ),
    routines: await lines(
      `select p.oid::regprocedure::text, md5(pg_get_functiondef(p.oid)) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where n.nspname = 'public' and p.prokind in ('f', 'p')
           and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e') order by 1`,
    ),
    migrations: await lines(`select hash, created_at from drizzle.__drizzle_migrations order by id`),
  };
}
