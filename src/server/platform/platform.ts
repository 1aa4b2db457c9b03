// What every feature module gets: configuration, the database, the clock.
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';

export type Platform = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  clock: Clock;
};
