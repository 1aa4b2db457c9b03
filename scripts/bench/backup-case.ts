// The backup benchmark's worker (issue 11), started by scripts/bench.ts in its own process: seeds
// an embedded database in a temp DATA_DIR with the demo organization and BENCH_PROJECTS more
// projects (over a tenth as many clients), then BENCH_RUNS times writes a backup archive and
// restores it into a fresh migrated in-memory database (its creation not timed). Prints one
// JSON line { backupMs, restoreMs, bytes, rows }.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemClock } from '../../src/server/platform/clock';
import { createBackup } from '../../src/server/platform/backup/backup';
import { openArchive, restoreArchive } from '../../src/server/platform/backup/restore';
import { createOrganization } from '../../src/server/platform/auth/accounts';
import { openDatabase } from '../../src/server/platform/db/client';
import { clients } from '../../src/server/modules/clients/schema';
import { projects } from '../../src/server/modules/projects/schema';
import { localDiskStorage } from '../../src/server/platform/storage/storage';
import { seedDemoOrganization } from '../../src/server/dev/demo/seed';

const PROJECTS = Number(process.env.BENCH_PROJECTS ?? 0);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-backup-'));
const database = await openDatabase({ dataDir });
await seedDemoOrganization(database.db, systemClock);
if (PROJECTS > 0) {
  const organization = await createOrganization(database.db, 'Bench Agency');
  const clientIds: string[] = [];
  const clientCount = Math.max(1, Math.round(PROJECTS / 10));
  for (let i = 0; i < clientCount; i += 500) {
    const rows = await database.db
      .insert(clients)
      .values(Array.from({ length: Math.min(500, clientCount - i) }, (_, j) => ({ organizationId: organization.id, name: `Client ${i + j}` })))
      .returning({ id: clients.id });
    clientIds.push(...rows.map((r) => r.id));
  }
  for (let i = 0; i < PROJECTS; i += 500) {
    await database.db.insert(projects).values(
      Array.from({ length: Math.min(500, PROJECTS - i) }, (_, j) => ({
        organizationId: organization.id,
        clientId: clientIds[(i + j) % clientIds.length]!,
        name: `Project ${i + j} Website Refresh`,
        description: 'A project seeded for the backup benchmark, with a sentence of description.',
      })),
    );
  }
}
const storage = localDiskStorage(path.join(dataDir, 'files'));
const backupMs: number[] = [];
const restoreMs: number[] = [];
let bytes = 0;
let rows = 0;
for (let run = 0; run < RUNS; run += 1) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-archive-'));
  let started = performance.now();
  const result = await createBackup({ database, storage, dir });
  backupMs.push(performance.now() - started);
  bytes = result.bytes;
  rows = result.manifest.tables.reduce((n, t) => n + t.rows, 0);

  const target = await openDatabase({});
  const targetFiles = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-files-'));
  started = performance.now();
  const archive = await openArchive(result.file);
  await restoreArchive({ archive, database: target, storage: localDiskStorage(targetFiles) });
  await archive.close();
  restoreMs.push(performance.now() - started);
  await target.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(targetFiles, { recursive: true, force: true });
}
await database.close();
rmSync(dataDir, { recursive: true, force: true });
console.log(JSON.stringify({ backupMs, restoreMs, bytes, rows }));
