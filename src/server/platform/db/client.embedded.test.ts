import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';
import { organizations } from './schema/tenancy';

describe('the embedded database on disk', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'brieflane-db-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is created on the first open (by initdb when the template does not load), migrated, and keeps its data', async () => {
    const dataDir = path.join(root, 'initdb');
    const template = path.join(root, 'broken-template.tar.gz');
    writeFileSync(template, 'not a tarball');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});

    const first = await openDatabase({ dataDir, template });
    await first.db.insert(organizations).values({ name: 'Kept Agency' });
    await first.close();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("The build's database template did not load"));

    const again = await openDatabase({ dataDir });
    const rows = await again.db.select({ name: organizations.name }).from(organizations);
    await again.close();
    expect(rows).toEqual([{ name: 'Kept Agency' }]);
  }, 90_000);

  it("starts a new directory from the build's template", async () => {
    // A template as scripts/build.mjs makes it, with a marker row to show it was used.
    const source = await openDatabase({});
    await source.db.insert(organizations).values({ name: 'From The Template' });
    const tarball = await source.pglite!.dumpDataDir('gzip');
    await source.close();
    const template = path.join(root, 'template.tar.gz');
    writeFileSync(template, Buffer.from(await tarball.arrayBuffer()));

    const dataDir = path.join(root, 'templated');
    const opened = await openDatabase({ dataDir, template });
    await opened.db.insert(organizations).values({ name: 'Added After' });
    const rows = await opened.db.select({ name: organizations.name }).from(organizations).orderBy(organizations.name);
    await opened.close();
    expect(rows).toEqual([{ name: 'Added After' }, { name: 'From The Template' }]);
  }, 90_000);
});
