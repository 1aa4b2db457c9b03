// Starts Brieflane: validate config, open and migrate the database, listen.
import { buildApp } from './app';
import { ConfigError, loadConfig } from './platform/config';
import { systemClock } from './platform/clock';
import { openDatabase } from './platform/db/client';
import { scheduleEmbeddedMaintenance } from './platform/db/maintenance';
import { seedDemoOnFirstStart } from './modules/demo/seed';
import { StorageError } from './platform/storage/storage';

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
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  const app = await buildApp({ config, database });

  const demo = await seedDemoOnFirstStart(database.db, systemClock, config);
  if (demo) console.log(`\n${demo}\n`);

  const stopMaintenance = scheduleEmbeddedMaintenance(database, app.log);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    stopMaintenance();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Brieflane is running at ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((error) => {
  // A storage that cannot be used (STORAGE=s3 with a wrong key, say) is the operator's to fix: the reason is enough.
  console.error(error instanceof StorageError ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});
