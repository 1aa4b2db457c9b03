// What every feature module gets: configuration, the database, the clock.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { Storage } from './storage/storage';

export type Platform = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
  /** Uploaded files (local disk under DATA_DIR/files by default). */
  storage: Storage;
};
