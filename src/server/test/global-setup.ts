// Once per test run (vitest's globalSetup), before any test file: the migrated embedded database
// as a file and, with TEST_DATABASE_URL, a migrated PostgreSQL template database. Every test
// process copies these instead of running initdb and the migrations itself (test-app.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makeMigratedImage, makeTemplateDatabase, MIGRATED_IMAGE_ENV, TEMPLATE_DATABASE_ENV } from './test-app';

export default async function setup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-test-image-'));
  const imageFile = path.join(dir, 'migrated.tar');
  writeFileSync(imageFile, Buffer.from(await (await makeMigratedImage()).arrayBuffer()));
  // The test processes start after this and inherit the environment.
  process.env[MIGRATED_IMAGE_ENV] = imageFile;
  const template = process.env.TEST_DATABASE_URL ? await makeTemplateDatabase(process.env.TEST_DATABASE_URL) : undefined;
  if (template) process.env[TEMPLATE_DATABASE_ENV] = template.name;
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
}
