import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'scripts/**/*.test.ts',
      // Tests of PostgreSQL-only behaviour (the LISTEN connection) run when a server is given.
      ...(process.env.TEST_DATABASE_URL ? ['src/**/*.pg-test.ts'] : []),
    ],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The migrated database, made once per run for every test process (test-app.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    // drizzle-orm through Vite's resolver, not Node's: Node 22+ reads its 180 KB package.json
    // again for each of the ~200 files a test process loads (decision 030).
    server: { deps: { inline: ['drizzle-orm'] } },
  },
});
