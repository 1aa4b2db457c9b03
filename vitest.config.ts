import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Test files that change what every later file in the same process would see: module mocks,
 * stubbed globals or environment, fake timers. They keep a fresh process each (decision 030).
 */
const SIDE_EFFECTS = /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/;

/** PostgreSQL-only behaviour: these run only when a server is given (TEST_DATABASE_URL). */
const POSTGRES_ONLY = /\.pg\.test\.tsx?$/;

/** Every test file of the run: the `.pg.test.ts` ones only when a PostgreSQL server is given. */
function testFiles(dir: string): string[] {
  return readdirSync(new URL(dir, `file://${root}`), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file) && (process.env.TEST_DATABASE_URL !== undefined || !POSTGRES_ONLY.test(file)))
    .map((file) => `${dir}/${file}`);
}

const files = ['src', 'scripts'].flatMap(testFiles);
// The web app's tests (components and the web modules) never touch a database: a project of
// their own, without the server's global setup, so one component test file does not wait for
// the migrated database (issue 47). They share a DOM and the web app's module state (the
// session, the query client's defaults): one process each.
const isWeb = (file: string) => file.startsWith('src/web/');
const leavesStateBehind = (file: string) => file.endsWith('.tsx') || SIDE_EFFECTS.test(readFileSync(new URL(file, `file://${root}`), 'utf8'));
// The three lists are plain file lists with no exclude of their own, so a command line's
// --exclude (CI's PostgreSQL and built-server runs) applies to every project.
const web = files.filter(isWeb);
const server = files.filter((file) => !isWeb(file) && !leavesStateBehind(file));
const serverIsolated = files.filter((file) => !isWeb(file) && leavesStateBehind(file));

// The migrated database, made once per run for every server test process (test-app.ts). A
// project's global setup runs only when the run has files of that project; the root project's
// would run for every run, so it is on the server projects only (both share one database image).
const DATABASE_SETUP = ['src/server/test/global-setup.ts'];

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // drizzle-orm through Vite's resolver, not Node's: Node 22+ reads its 180 KB package.json
    // again for each of the ~200 files a test process loads (decision 030).
    server: { deps: { inline: ['drizzle-orm'] } },
    projects: [
      {
        // Each server test file builds its own app on its own database, so a test process can
        // run one file after another without loading the app's ~200 modules again for each
        // (isolate: false; decision 030): the load was most of an API test file's time.
        extends: true,
        test: { name: 'server', include: server, isolate: false, globalSetup: DATABASE_SETUP },
      },
      {
        // The server and script files above that mock modules or stub globals: one process each.
        extends: true,
        test: { name: 'server-isolated', include: serverIsolated, isolate: true, globalSetup: DATABASE_SETUP },
      },
      {
        extends: true,
        test: { name: 'web', include: web, isolate: true },
      },
    ],
  },
});
