// queryPrepared (decision 040): a statement prepared once per connection and planned once for
// all its values, answering any value as a plain query would, on PGlite and on PostgreSQL.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { schema, type Database } from './client';
import { queryPrepared } from './prepared';

const noSetup = sql`select 1`;
const genericPlans = sql`select set_config('plan_cache_mode', 'force_generic_plan', true)`;

describe('queryPrepared', () => {
  let t: TestApp;
  let db: Database;
  let pool: pg.Pool | undefined;

  beforeAll(async () => {
    t = await createTestApp();
    // On PostgreSQL, one connection: prepared statements are per connection (per session).
    pool = t.database.pool ? new pg.Pool({ connectionString: (t.database.pool.options as { connectionString: string }).connectionString, max: 1 }) : undefined;
    db = pool ? (drizzle(pool, { schema }) as unknown as Database) : t.db;
  });
  afterAll(async () => {
    await pool?.end();
    await t.close();
  });

  it('answers every value as written: quotes, backslashes, SQL, accents and emoji', async () => {
    const values = ['plain', "O'Brien", "back\\slash \\' and ''", "'); drop table clients; --", 'Ça coûte 🎉', '', '$1 $2'];
    for (const [i, value] of values.entries()) {
      const rows = await queryPrepared<{ value: string; n: number }>(db, noSetup, sql`select ${value}::text as value, ${i}::int as n`);
      expect(rows).toEqual([{ value, n: i }]);
    }
    const clients = await db.execute(sql`select count(*)::int as n from clients`);
    expect((clients as unknown as { rows: { n: number }[] }).rows).toEqual([{ n: 0 }]);
  });

  it('prepares a statement once and plans it once for all its values', async () => {
    const byName = (name: string) => sql`select count(*)::int as n from clients where name = ${name}`;
    for (const name of ['Acme', 'Globex', 'Initech']) expect(await queryPrepared(db, genericPlans, byName(name))).toEqual([{ n: 0 }]);
    const statements = await db.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%from clients where name = $1%'`,
    );
    expect((statements as unknown as { rows: unknown[] }).rows).toEqual([{ generic: 3, custom: 0 }]);
  });

  it('runs the setup in the same transaction, before the statement', async () => {
    const rows = await queryPrepared<{ mode: string }>(db, genericPlans, sql`select current_setting('plan_cache_mode') as mode, ${'x'}::text as x`);
    expect(rows).toEqual([{ mode: 'force_generic_plan', x: 'x' }]);
    // set_config(..., true): gone with that transaction.
    const after = await db.execute(sql`select current_setting('plan_cache_mode') as mode`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual([{ mode: 'auto' }]);
  });

  it('prepares a statement again once its session has forgotten it (DEALLOCATE ALL)', async () => {
    // The embedded database: its statements are prepared with SQL, tracked by the app.
    const embedded = await createTestApp({ embedded: true });
    try {
      const statement = sql`select ${'again'}::text as value`;
      expect(await queryPrepared(embedded.db, noSetup, statement)).toEqual([{ value: 'again' }]);
      await embedded.db.execute(sql`deallocate all`);
      expect(await queryPrepared(embedded.db, noSetup, statement)).toEqual([{ value: 'again' }]);
    } finally {
      await embedded.close();
    }
  });
});
