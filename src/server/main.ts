// Starts Brieflane: validate config, open and migrate the database, listen. `npm start` runs
// the build of this file (dist/server/main.js) through scripts/start.mjs.
import { setFlagsFromString } from 'node:v8';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { systemClock } from './platform/clock';
import { openDatabase } from './platform/db/client';
import { scheduleEmbeddedMaintenance } from './platform/db/maintenance';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './dev/demo/demo-accounts';
import { serverLogger } from './platform/logging';
import { seedDemoOnFirstStart } from './dev/demo/seed';
import { exposedWithoutEmailWarning, isExposedWithoutEmail } from './platform/loopback';
import { StorageError } from './platform/storage/storage';
import { keepDataPrivate } from './platform/private-files';

/** In-flight requests get this long to finish after SIGTERM/SIGINT; then their connections close. */
const SHUTDOWN_GRACE_MS = 10_000;

// The embedded database's WebAssembly compiled once by the baseline compiler only: V8's
// optimizing tier would add ~60 MiB of code and compiler memory that stays resident, and
// slows the start (docs/decisions/009). Read when the module compiles, so set before opening.
setFlagsFromString('--liftoff-only');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Before the database opens: its files, the backups and the uploads are private (issue 26).
  const privacyNotes: string[] = [];
  keepDataPrivate([config.dataDir, config.backup.dir], (line) => privacyNotes.push(line));
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: await serverLogger(config) });
  for (const line of privacyNotes) app.log.info(line);

  const demo = await seedDemoOnFirstStart(database.db, systemClock, config);
  if (demo) console.log(`\n${demo}\n`);

  const stopMaintenance = scheduleEmbeddedMaintenance(database, app.log);

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS} ms; closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    try {
      await stopMaintenance();
      // Stops accepting, waits for in-flight requests, closes the live sockets with 1001 and
      // stops the overdue sweep and the mail worker (their onClose hooks).
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  // METRICS_PORT before the app's port: a port already in use stops the start before any
  // request is taken. app.close() above closes it again.
  const metricsAddress = await app.metrics.listen();
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Brieflane is running at ${config.publicUrl} (database: ${database.kind})`);
  if (metricsAddress) app.log.info(`Metrics at http://127.0.0.1:${metricsAddress.port}/metrics`);
  if (isExposedWithoutEmail(config)) {
    const demoAccounts = demo ? { password: DEMO_PASSWORD, emails: Object.values(DEMO_ACCOUNTS).map((a) => a.email) } : undefined;
    console.warn(`\n${exposedWithoutEmailWarning(config, demoAccounts)}\n`);
  }
  if (config.env !== 'production') {
    const line = '='.repeat(60);
    console.log(`\n${line}\n  Brieflane is ready: open ${config.publicUrl}\n  Stop it with Ctrl+C.\n${line}\n`);
  }
}

main().catch((error: unknown) => {
  // A storage that cannot be used (STORAGE=s3 with a wrong key, say) is the operator's to fix: the reason is enough.
  console.error(error instanceof StorageError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
