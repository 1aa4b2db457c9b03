import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test files that change what every later file in the same process would see: module mocks,
 * stubbed globals or environment, fake timers. They keep a fresh process each (decision 030).
 */
const SIDE_EFFECTS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

/** Every test file of the run: `.pg-test.ts` ones (PostgreSQL-only behaviour) when a server is given. */
function testFiles(dir: string): string[] {
  return readdirSync(new URL(dir, `file://${root}`), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) || (process.env.TEST_DATABASE_URL !== undefined && file.endsWith('.pg-test.ts')))
    .map((file) => `${dir}/${file}`);
}

const leavesStateBehind = (file: string) => file.endsWith('.tsx') || file.startsWith('src/web/') || SIDE_EFFECTS.test(readFileSync(new URL(file, `file://${root}`), 'utf8'));
const files = ['src', 'scripts'].flatMap(testFiles);
// Both lists are plain file lists with no exclude of their own, so a command line's --exclude
// (CI's PostgreSQL and built-server runs) applies to both projects.
const shared = files.filter((file) => !leavesStateBehind(file));
const isolated = files.filter(leavesStateBehind);

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The migrated database, made once per run for every test process (test-app.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    // drizzle-orm through Vite's resolver, not Node's: Node 22+ reads its 180 KB package.json
    // again for each of the ~200 files a test process loads (decision 030).
    server: { deps: { inline: ['drizzle-orm'] } },
    projects: [
      {
        // Each server test file builds its own app on its own database, so a test process can
        // run one file after another without loading the app's ~200 modules again for each
        // (isolate: false; decision 030): the load was most of an API test file's time.
        extends: true,
        test: { name: 'server', include: shared, isolate: false },
      },
      {
        // Component tests share a DOM and the web app's module state (the session, the query
        // client's defaults), and the files above that mock modules or stub globals: one process each.
        extends: true,
        test: { name: 'isolated', include: isolated, isolate: true },
      },
    ],
  },
});
