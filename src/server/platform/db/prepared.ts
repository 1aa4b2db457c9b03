// Prepared statements, for a statement whose planning costs more than its work: the search's
// eight arms take 2.5 ms to plan on PostgreSQL (4.5 ms on PGlite) and a rare word 1 ms to run
// (decision 040). Prepared once per connection, such a statement is planned once, generically
// when the transaction says plan_cache_mode = force_generic_plan, and only executed after that.
import { createHash } from 'node:crypto';
import { SQL, type Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { isDatabaseUnavailable, sqlState } from '../errors';
import type { DatabaseHandle } from './client';

const dialect = new PgDialect();

/** The statements prepared on each session (a pooled PostgreSQL connection, the PGlite instance), by name. */
const preparedOn = new WeakMap<object, Set<string>>();

/** A value of the statement as an SQL literal, for EXECUTE (which takes no protocol parameters). */
export function sqlLiteral(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return pg.escapeLiteral(value);
  throw new TypeError(`A prepared statement's parameter must be a string, a number, a boolean or null, not ${typeof value}`);
}

/** Names by statement text: a statement built once per shape is the same string each time, hashed once. */
const names = new Map<string, string>();

function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= 1000) names.clear();
    name = `stmt_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Runs `setup` then `statement`, `statement` as a prepared statement named after its text (so
 * each shape of a statement is prepared once per session, whatever its values), in one round
 * trip: a simple query of several statements, which the database runs as one transaction, so
 * set_config(..., true) in `setup` holds for the statement. `setup` takes no parameters. Either
 * may come built already (a Query: text and values).
 * EXECUTE takes the values as literals (node-postgres's escapeLiteral): values of the
 * prepared plan's parameters, never part of its text. Four round trips (begin, setup, the
 * statement, commit) cost PostgreSQL as much as the search's rare word itself.
 */
export async function queryPrepared<Row>(database: DatabaseHandle, setup: SQL | Query, statement: SQL | Query): Promise<Row[]> {
  const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement;
  const before = setup instanceof SQL ? dialect.sqlToQuery(setup) : setup;
  if (before.params.length > 0) throw new TypeError('queryPrepared: the setup takes no parameters');
  const name = statementName(query.sql);
  const values = query.params.map(sqlLiteral).join(', ');
  const execute = `execute ${name}${values ? `(${values})` : ''}`;
  const run = async (session: object, send: (text: string) => Promise<{ rows: unknown[] }[]>): Promise<Row[]> => {
    const prepared = preparedOn.get(session) ?? new Set<string>();
    preparedOn.set(session, prepared);
    const prepare = prepared.has(name) ? '' : `prepare ${name} as ${query.sql};\n`;
    try {
      const results = await send(`${prepare}${before.sql};\n${execute}`);
      // PREPARE is not undone when the rest fails: once made, it stays for the session.
      prepared.add(name);
      return results.at(-1)!.rows as Row[];
    } catch (error) {
      const state = sqlState(error);
      // Made by an earlier call whose answer was lost: known from now on.
      if (state === '42P05') prepared.add(name);
      // The session forgot it (DEALLOCATE, DISCARD ALL), or had it already: again, once; nothing ran.
      if ((state === '26000' && prepared.delete(name)) || (state === '42P05' && prepare)) return run(session, send);
      throw error;
    }
  };
  if (database.pglite) {
    const pglite = database.pglite;
    return run(pglite, (text) => pglite.exec(text));
  }
  const client = await database.pool!.connect();
  let broken: Error | undefined;
  try {
    return await run(client, async (text) => {
      const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
      return Array.isArray(result) ? result : [result];
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}
