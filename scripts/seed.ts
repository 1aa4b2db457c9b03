// `npm run seed`: seed the demo organization into the configured database (a real PostgreSQL
// server is never seeded unless asked, ARCHITECTURE decision 9). Does nothing if it exists.
import { eq } from 'drizzle-orm';
import { systemClock } from '../src/server/platform/clock';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/client';
import { keepCommandDataPrivate } from '../src/server/platform/backup/commands';
import { users } from '../src/server/platform/db/schema/auth';
import { DEMO_ACCOUNTS } from '../src/server/dev/demo/demo-accounts';
import { demoSignInDetails, seedDemoOrganization } from '../src/server/dev/demo/seed';

const config = loadConfig();
keepCommandDataPrivate(config);
const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
try {
  const existing = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.organization_admin.email));
  if (existing.length > 0) {
    console.log('The demo organization is already there; nothing to do.');
  } else {
    await seedDemoOrganization(database.db, systemClock);
    console.log(demoSignInDetails(config.publicUrl));
  }
} finally {
  await database.close();
}
