// The app as a library: what the API suite needs to build it (test/test-app.ts). `npm run build`
// bundles this file too (dist/server/app-library.js), so that CI runs part of the API suite
// against the built server, not only against the sources (TEST_BUILT_SERVER=1; issue 26: every
// test passed on the sources while backups failed in every built install).
export { buildApp } from './app';
export { loadConfig } from './platform/config';
export { openDatabase, PGLITE_OPTIONS } from './platform/db/client';
export { onLocalChange } from './platform/realtime/local-changes';
