import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { refreshEmbeddedStatistics } from './maintenance';

describe('embedded database maintenance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refreshes the planner statistics of the embedded database', async () => {
    const lastAnalyze = async () => {
      const result = (await t.db.execute(sql`select last_analyze from pg_stat_user_tables where relname = 'projects'`)) as {
        rows: { last_analyze: unknown }[];
      };
      return result.rows[0]?.last_analyze ?? null;
    };
    const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    const ran = await refreshEmbeddedStatistics({ db: t.db, kind, close: async () => {} });
    expect(ran).toBe(kind === 'pglite');
    if (ran) expect(await lastAnalyze()).not.toBeNull();
  });
});
