// queryPrepared (decision 040): a statement prepared once per session and planned once for all
// its values, in one round trip with its setup, answering any value as a plain query would; on
// PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DatabaseHandle } from './client';
import { queryPrepared } from './prepared';

const noSetup = sql`select 1`;
const genericPlans = sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`;

describe('queryPrepared', () => {
  let t: TestApp;
  let database: DatabaseHandle;
  let pool: pg.Pool | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    // On PostgreSQL, one connection: prepared statements and settings are per connection (session).
    pool = t.database.pool ? new pg.Pool({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString, max: 1 }) : undefined;
    database = pool ? { ...t.database, pool } : t.database;
  });
  afterAll(async () => {
    await pool?.end();
    await t.close();
  });

  it('answers every value as written: quotes, backslashes, SQL, accents and emoji', async () => {
    const values = ['plain', "O'Brien", "back\\slash \\' and ''", "'); drop table clients; --", 'Ça coûte 🎉', '', '$1 $2', 'a;\nexecute x'];
    for (const [i, value] of values.entries()) {
      const rows = await queryPrepared<{ value: string; n: number }>(database, noSetup, sql`select ${value}::text as value, ${i}::int as n`);
      expect(rows).toEqual([{ value, n: i }]);
    }
    expect(await queryPrepared(database, noSetup, sql`select count(*)::int as n from clients where ${1} = 1`)).toEqual([{ n: 0 }]);
  });

  it('prepares a statement once and plans it once for all its values', async () => {
    const byName = (name: string) => sql`select count(*)::int as n from clients where name = ${name}`;
    for (const name of ['Acme', 'Globex', 'Initech']) expect(await queryPrepared(database, genericPlans, byName(name))).toEqual([{ n: 0 }]);
    const statements = await queryPrepared(
      database,
      noSetup,
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements
        where statement like ${'%from clients where name = $1%'} and statement not like ${'%pg_prepared_statements%'}`,
    );
    expect(statements).toEqual([{ generic: 3, custom: 0 }]);
  });

  it('runs the setup in the same transaction, before the statement, and only there', async () => {
    const mode = sql`select current_setting('plan_cache_mode') as mode, ${'x'}::text as x`;
    expect(await queryPrepared(database, genericPlans, mode)).toEqual([{ mode: 'force_generic_plan', x: 'x' }]);
    // set_config(..., true): gone with that transaction, on the same session.
    expect(await queryPrepared(database, noSetup, mode)).toEqual([{ mode: 'auto', x: 'x' }]);
  });

  it('prepares a statement again once its session has forgotten it (DEALLOCATE ALL)', async () => {
    const statement = sql`select ${'again'}::text as value`;
    expect(await queryPrepared(database, noSetup, statement)).toEqual([{ value: 'again' }]);
    await (database.pglite ? database.pglite.exec('deallocate all') : pool!.query('deallocate all'));
    expect(await queryPrepared(database, noSetup, statement)).toEqual([{ value: 'again' }]);
  });
});
