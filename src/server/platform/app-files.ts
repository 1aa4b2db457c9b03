// The app's own files, found one way wherever the code runs: from the sources (src/server/...,
// under tsx or Vitest), from the build (dist/server/*.js, under node) and from a production
// install (`npm ci --omit=dev` beside a shipped dist/). Each of those places this module at a
// different depth below the package's folder, so the folder is found by walking up to our own
// package.json, never by a fixed number of `..` (a fixed `../../../../` that was right under src/
// pointed at `/` under dist/ and broke every backup of a built install: issue 26). No other module
// works out a path from its own location (eslint.config.js refuses it).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'brieflane';

function isOurPackage(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

/** The nearest folder above `start` holding Brieflane's package.json. */
export function findAppRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (isOurPackage(dir)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`Brieflane's package.json was not found in ${start} or any folder above it.`);
  }
}

const root = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));

export const appFiles = {
  root,
  packageJson: path.join(root, 'package.json'),
  /** drizzle-kit's SQL migrations; they apply at every start. */
  migrations: path.join(root, 'db', 'migrations'),
  migrationsJournal: path.join(root, 'db', 'migrations', 'meta', '_journal.json'),
  /** A migrated empty embedded database made by `npm run build` (scripts/build.mjs). */
  databaseTemplate: path.join(root, 'dist', 'db-template.tar.gz'),
  /** The built web app (Vite's output). */
  webBuild: path.join(root, 'dist', 'web'),
} as const;
