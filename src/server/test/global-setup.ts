// Once per test run (vitest's globalSetup), before any test file: the migrated embedded database
// as a file and, with TEST_DATABASE_URL, a migrated PostgreSQL template database. Every test
// process copies these instead of running initdb and the migrations itself (test-app.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeMigratedImage, makeTemplateDatabase, MIGRATED_IMAGE_ENV, TEMPLATE_DATABASE_ENV } from './test-app';

type Prepared = { imageFile: string; template?: { name: string; drop: () => Promise<void> }; remove: () => Promise<void> };

// Two vitest projects (server, server-isolated) name this file, and vitest calls each project's
// setup in the same main process, one after the other, before any test runs and tears them down
// after the last. The second reuses the first's database instead of making another (~12 s); the
// last teardown removes it. Kept on globalThis: each project may load this module afresh.
const SHARED = Symbol.for('brieflane.test.database-setup');
type Shared = { users: number; prepared: Promise<Prepared> };
const holder = globalThis as typeof globalThis & { [SHARED]?: Shared };

async function prepare(): Promise<Prepared> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-test-image-'));
  const imageFile = path.join(dir, 'migrated.tar');
  writeFileSync(imageFile, Buffer.from(await (await makeMigratedImage()).arrayBuffer()));
  const template = process.env.TEST_DATABASE_URL ? await makeTemplateDatabase(process.env.TEST_DATABASE_URL) : undefined;
  return {
    imageFile,
    template,
    remove: async () => {
      rmSync(dir, { recursive: true, force: true });
      await template?.drop();
    },
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  const shared = (holder[SHARED] ??= { users: 0, prepared: prepare() });
  shared.users += 1;
  const prepared = await shared.prepared;
  // The test processes start after this and inherit the environment.
  process.env[MIGRATED_IMAGE_ENV] = prepared.imageFile;
  if (prepared.template) process.env[TEMPLATE_DATABASE_ENV] = prepared.template.name;
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete holder[SHARED];
    await prepared.remove();
  };
}
