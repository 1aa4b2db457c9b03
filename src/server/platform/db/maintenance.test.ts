import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CHURNING_TABLES, refreshEmbeddedStatistics } from './maintenance';

describe('embedded database maintenance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refreshes the planner statistics of the embedded database, table by table, and vacuums the churning tables', async () => {
    const stats = async (table: string) => {
      const result = (await t.db.execute(sql`select last_analyze, last_vacuum from pg_stat_user_tables where relname = ${table}`)) as {
        rows: { last_analyze: unknown; last_vacuum: unknown }[];
      };
      return result.rows[0] ?? { last_analyze: null, last_vacuum: null };
    };
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    // Each statement is a turn on the single connection: no ANALYZE of the whole database at once.
    const statements: string[] = [];
    const pglite = t.database.pglite;
    const original = pglite?.query.bind(pglite);
    const spy =
      pglite && original
        ? vi.spyOn(pglite, 'query').mockImplementation(((...args: Parameters<typeof original>) => {
            statements.push(String(args[0]));
            return original(...args);
          }) as typeof original)
        : undefined;
    const ran = await refreshEmbeddedStatistics({ db: t.db, kind, close: async () => {} });
    spy?.mockRestore();
    expect(ran).toBe(kind === 'pglite');
    if (!ran) return;
    expect(statements.filter((s) => /^analyze "/.test(s)).length).toBeGreaterThan(10);
    expect(statements.filter((s) => s.trim() === 'analyze')).toEqual([]);
    for (const table of ['projects', 'tasks', 'report_counts']) expect((await stats(table)).last_analyze, table).not.toBeNull();
    for (const table of CHURNING_TABLES) expect((await stats(table)).last_vacuum, table).not.toBeNull();
  });
});
