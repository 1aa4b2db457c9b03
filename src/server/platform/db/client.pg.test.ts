// Several app servers starting at once on a new PostgreSQL database (a first install, a boot
// after an upgrade): each migrates under one advisory lock, so all of them start.
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/test-app';
import { openDatabase } from './client';

const baseUrl = process.env.TEST_DATABASE_URL;
if (!baseUrl) throw new Error('client.pg.test.ts needs TEST_DATABASE_URL');

describe('opening one new PostgreSQL database from three servers at once', () => {
  it('migrates it once, and all three open', async () => {
    const fresh = await createPostgresDatabase(baseUrl, { prefix: 'brieflane_migrate_race' });
    try {
      const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ url: fresh.url, poolSize: 2 })));
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      expect(opened.map((r) => (r.status === 'rejected' ? String(r.reason) : 'opened'))).toEqual(['opened', 'opened', 'opened']);
      const check = await openDatabase({ url: fresh.url, poolSize: 1 });
      try {
        const rows = (await check.pool!.query('select count(*)::int as n, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations')).rows[0];
        expect(rows.n).toBeGreaterThan(0);
        expect(rows.distinct_hashes).toBe(rows.n);
      } finally {
        await check.close();
      }
    } finally {
      await fresh.drop();
    }
  });
});
