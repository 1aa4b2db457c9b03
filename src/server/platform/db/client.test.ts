import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { organizations } from './schema/tenancy';

describe('the embedded database on disk', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-db-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created on the first open, migrated, and keeps its data when opened again', async () => {
    const first = await openDatabase({ dataDir });
    await first.db.insert(organizations).values({ name: 'Kept Agency' });
    await first.close();

    const again = await openDatabase({ dataDir });
    const rows = await again.db.select({ name: organizations.name }).from(organizations);
    await again.close();
    expect(rows).toEqual([{ name: 'Kept Agency' }]);
  }, 60_000);
});
