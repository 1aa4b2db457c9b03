// Raw SQL on either database inside one transaction, for backups (a REPEATABLE READ, READ ONLY
// snapshot: every table as of one instant) and restores (one write transaction, all or nothing).
// Both drivers answer the same SQL, which is what lets archives move between them.
import type { DatabaseHandle } from '../db/client';

export type Row = Record<string, unknown>;
export type Query = (text: string, params?: unknown[]) => Promise<Row[]>;

export async function inTransaction<T>(
  database: Pick<DatabaseHandle, 'pglite' | 'pool'>,
  mode: 'snapshot' | 'write',
  work: (query: Query) => Promise<T>,
): Promise<T> {
  const begin = mode === 'snapshot' ? 'set transaction isolation level repeatable read, read only' : undefined;
  if (database.pglite) {
    // PGlite has one connection: other queries wait while this runs, so the snapshot is exact.
    return database.pglite.transaction(async (tx) => {
      if (begin) await tx.query(begin);
      return work(async (text, params) => (await tx.query<Row>(text, params)).rows);
    });
  }
  if (!database.pool) throw new Error('The database handle has neither a PGlite instance nor a pool');
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    if (begin) await client.query(begin);
    const result = await work(async (text, params) => (await client.query<Row>(text, params)).rows);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export type TableInfo = { name: string; columns: string[] };

/**
 * Tables derived entirely from the others and kept by triggers (decision 014): an archive leaves
 * them out and a restore rebuilds them, once every row is in, with the statement given here.
 */
export const DERIVED_TABLES: Readonly<Record<string, string>> = {
  report_counts: 'select report_counts_rebuild()',
  time_totals: 'select time_totals_rebuild()',
};

/** The app's tables in the public schema but the derived ones, parents before children (foreign keys). */
export async function listTables(query: Query): Promise<TableInfo[]> {
  const columns = await query(
    `select table_name as t, column_name as c from information_schema.columns
      where table_schema = 'public' and is_generated = 'NEVER'
        and table_name in (select relname from pg_class k join pg_namespace n on n.oid = k.relnamespace
                            where n.nspname = 'public' and k.relkind in ('r', 'p'))
      order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const row of columns) {
    if (Object.hasOwn(DERIVED_TABLES, row.t as string)) continue;
    const list = byTable.get(row.t as string) ?? [];
    list.push(row.c as string);
    byTable.set(row.t as string, list);
  }
  const edges = await query(
    `select ch.relname as child, pa.relname as parent from pg_constraint k
       join pg_class ch on ch.oid = k.conrelid join pg_class pa on pa.oid = k.confrelid
       join pg_namespace n on n.oid = ch.relnamespace
      where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map<string, Set<string>>([...byTable.keys()].map((t) => [t, new Set<string>()]));
  for (const e of edges) if (e.child !== e.parent) parents.get(e.child as string)?.add(e.parent as string);
  const ordered: string[] = [];
  const visiting = new Set<string>();
  const visit = (t: string) => {
    if (ordered.includes(t) || visiting.has(t)) return;
    visiting.add(t);
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p);
    visiting.delete(t);
    ordered.push(t);
  };
  for (const t of [...byTable.keys()].sort()) visit(t);
  return ordered.map((name) => ({ name, columns: byTable.get(name)! }));
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
