// Prepared statements, for a statement whose planning costs more than its work: the search's
// eight arms take 2.5 ms to plan on PostgreSQL (4.5 ms on PGlite) and a rare word 1 ms to run
// (decision 040). Prepared once per connection, such a statement is planned once, generically
// when the transaction says plan_cache_mode = force_generic_plan, and only executed after that.
import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import pg from 'pg';
import { sqlState } from '../errors';
import type { Database } from './client';

const dialect = new PgDialect();

/** The statements prepared on each PGlite instance (its one session), by name. */
const preparedOnPglite = new WeakMap<object, Set<string>>();

/** A value of the statement as an SQL literal, for PGlite's EXECUTE (which takes no protocol parameters). */
export function sqlLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new TypeError(`A prepared statement's parameter must be a string, a number, a boolean or null, not ${typeof value}`);
}

/**
 * Runs `setup` then `statement` in a transaction of their own, `statement` as a prepared
 * statement named after its text (so each shape of a statement is prepared once, whatever its
 * values). On PostgreSQL it is the driver's named statement (node-postgres prepares it on each
 * pooled connection the first time it meets it there); on PGlite, whose driver prepares
 * nothing, SQL's PREPARE on its one session, and EXECUTE with the values as literals (escaped by
 * node-postgres's escapeLiteral: values of the prepared plan's parameters, never part of its
 * text). `setup` is where the transaction's settings go (set_config(..., true)).
 */
export async function queryPrepared<Row>(db: Database, setup: SQL, statement: SQL): Promise<Row[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `stmt_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
  const session = db._.session;
  if (!(session instanceof PgliteSession)) {
    return db.transaction(async (tx) => {
      await tx.execute(setup);
      const result = await tx._.session.prepareQuery(query, undefined, name, false).execute();
      return (result as unknown as { rows: Row[] }).rows;
    });
  }
  // The PGlite instance: the prepared statements belong to its session.
  const instance = (session as unknown as { client: object }).client;
  const prepared = preparedOnPglite.get(instance) ?? new Set<string>();
  preparedOnPglite.set(instance, prepared);
  const values = query.params.map(sqlLiteral).join(', ');
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(setup);
      if (!prepared.has(name)) {
        // PREPARE is not undone by a rollback: once made, it stays for the session.
        await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
        prepared.add(name);
      }
      const result = await tx.execute(sql.raw(`execute ${name}${values ? `(${values})` : ''}`));
      return (result as unknown as { rows: Row[] }).rows;
    });
  } catch (error) {
    // The session lost it (DEALLOCATE, DISCARD ALL): prepared again, once; nothing ran.
    if (sqlState(error) === '26000' && prepared.delete(name)) return queryPrepared(db, setup, statement);
    throw error;
  }
}

