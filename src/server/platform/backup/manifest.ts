// What an archive says about itself (manifest.json, the first entry of every archive), and the
// app's own version and migration level to check it against.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { appFiles } from '../app-files';

export const ARCHIVE_FORMAT = 'brieflane-backup';
export const ARCHIVE_FORMAT_VERSION = 1;

export const manifestSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  formatVersion: z.literal(ARCHIVE_FORMAT_VERSION),
  appVersion: z.string(),
  /**
   * Migrations applied to the database that was dumped: how many (the first `count` entries of
   * the journal, which only ever grows at its end), and the last one's tag (`#<count>` when the
   * code that wrote the archive had another number of migrations than its database).
   */
  migration: z.object({ count: z.number().int().min(0), tag: z.string() }),
  createdAt: z.string(),
  source: z.enum(['pglite', 'postgres']),
  /** Parents before children: the order a restore inserts in. Row counts check the restore. */
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), columns: z.array(z.string()), rows: z.number().int().min(0) })),
  files: z.object({
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Objects a row named that the storage no longer had when the backup read it. */
    missing: z.array(z.string()),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function appVersion(): string {
  return (JSON.parse(readFileSync(appFiles.packageJson, 'utf8')) as { version: string }).version;
}

/** The drizzle-kit journal's tags, in the order the migrations apply. */
export function appMigrationTags(): string[] {
  const journal = JSON.parse(readFileSync(appFiles.migrationsJournal, 'utf8')) as { entries: { tag: string }[] };
  return journal.entries.map((entry) => entry.tag);
}

/** The migration level this code expects: the drizzle-kit journal's entries. */
export function appMigrationLevel(): { count: number; tag: string } {
  const tags = appMigrationTags();
  return { count: tags.length, tag: tags.at(-1) ?? '' };
}

/**
 * Every stored object the database names (one `k` column): files, and (issue 33) every version's
 * object and thumbnail. What a backup copies and a restore checks.
 */
export const STORED_KEYS = `select storage_path as k from project_files where storage_path is not null union select storage_path from file_versions union select thumbnail_path from file_versions where thumbnail_path is not null`;
