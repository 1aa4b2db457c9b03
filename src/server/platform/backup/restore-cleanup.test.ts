// A restore that fails for a reason nobody foresaw still removes what it unpacked (issue 26: in
// a built install the migration journal was not found, openArchive threw ENOENT past its own
// checks, and every `npm run restore` left a brieflane-restore-* folder in the temp directory).
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { describe, expect, it, vi } from 'vitest';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION } from './manifest';
import { openArchive } from './restore';

vi.mock('./manifest', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./manifest')>()),
  appMigrationLevel: () => {
    throw Object.assign(new Error("ENOENT: no such file or directory, open '/db/migrations/meta/_journal.json'"), { code: 'ENOENT' });
  },
}));

describe('openArchive', () => {
  it('removes its temporary folder when an unexpected error ends it', async () => {
    const source = mkdtempSync(path.join(tmpdir(), 'brieflane-archive-'));
    mkdirSync(path.join(source, 'db'));
    const manifest = {
      format: ARCHIVE_FORMAT,
      formatVersion: ARCHIVE_FORMAT_VERSION,
      appVersion: '0.1.0',
      migration: { count: 1, tag: '0000_init' },
      createdAt: new Date().toISOString(),
      source: 'pglite',
      tables: [],
      files: { count: 0, bytes: 0, missing: [] },
    };
    writeFileSync(path.join(source, 'manifest.json'), JSON.stringify(manifest));
    const archive = path.join(source, 'backup.tar.gz');
    await tar.c({ gzip: true, cwd: source, file: archive }, ['manifest.json', 'db']);

    const workDir = mkdtempSync(path.join(tmpdir(), 'brieflane-unpack-'));
    await expect(openArchive(archive, workDir)).rejects.toThrow(/ENOENT/);
    expect(readdirSync(workDir)).toEqual([]);
  });
});
