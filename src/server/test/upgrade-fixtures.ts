// The upgrade fixtures (issue 35 item 5): a backup archive of each release, kept in
// test-fixtures/upgrades/<release>.tar.gz, and beside it <release>.expected.json, what
// scripts/make-upgrade-fixture.ts saw when it made the archive. upgrade-fixtures.test.ts restores
// every archive with the current code and reads these rows back through the API.
//
// The expectations' format is versioned: a fixture is never regenerated, so a later change to
// this schema adds a format (and the test reads both) rather than editing format 1.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { appFiles } from '../platform/app-files';

export const UPGRADE_FIXTURE_DIR = path.join(appFiles.root, 'test-fixtures', 'upgrades');

const id = z.string().min(1);
const signIn = { email: z.string(), password: z.string() };
/** A list of rows to read back: never empty, so no check loops over nothing. */
const account = z.object({ ...signIn, profileId: id });
const some = <T extends z.ZodType>(item: T) => z.array(item).min(1);

export const upgradeFixtureExpectationsSchema = z.object({
  format: z.literal(1),
  release: z.string(),
  madeBy: z.string(),
  migration: z.object({ count: z.number().int(), tag: z.string() }),
  /** When the archive was made: the restored app's clock starts there (a feed's window, an expiry). */
  madeAt: z.iso.datetime(),
  /** The AUTH_SECRET the archive was made under: a restore keeps it, as an operator's does. */
  authSecret: z.string(),
  /** Every table of the archive and its row count. */
  rows: z.record(z.string(), z.number().int().min(0)),
  /** Tables nothing in that release wrote to: their 0 is expected, not an omission. */
  emptyTables: z.array(z.string()),
  organization: z.object({ id, name: z.string() }),
  /** Who signs in; `owner` is the demo organization's admin, the others each read their own rows. */
  accounts: z.object({ owner: account }).catchall(account),
  projects: some(z.object({ id, name: z.string(), clientId: id.nullable(), formData: z.record(z.string(), z.unknown()).nullable() })),
  deletedProject: z.object({ id, name: z.string() }),
  clients: some(z.object({ id, name: z.string(), contactEmail: z.string() })),
  templates: some(z.object({ id, name: z.string(), fieldNames: z.array(z.string()) })),
  team: some(z.object({ id, fullName: z.string(), canSignIn: z.boolean() })),
  developerAccess: some(z.object({ projectId: id, profileId: id })),
  tasks: some(z.object({ id, projectId: id, title: z.string(), status: z.string(), assigneeId: id.nullable() })),
  follows: some(z.object({ projectId: id, taskId: id, ...signIn })),
  comments: some(z.object({ id, projectId: id, taskId: id, body: z.string(), edited: z.boolean(), viaLink: z.string().nullable() })),
  notes: some(z.object({ id, projectId: id, content: z.string() })),
  files: some(z.object({ id, projectId: id, fileName: z.string(), bytes: z.number().int(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  links: some(z.object({ id, projectId: id, fileName: z.string(), linkUrl: z.string() })),
  shareLinks: some(z.object({ id, projectId: id, name: z.string(), token: z.string(), password: z.string(), fileId: id, opens: z.number().int() })),
  intakeLinks: some(z.object({ id, projectId: id, token: z.string(), state: z.string() })),
  apiTokens: some(z.object({ id, name: z.string(), token: z.string() })),
  calendarFeeds: some(z.object({ ...signIn, path: z.string(), taskTitle: z.string() })),
  webhooks: some(z.object({ id, url: z.string(), deliveries: some(z.object({ id, eventType: z.string(), status: z.string() })) })),
  notificationSettings: some(z.object({ ...signIn, digest: z.boolean(), comment: z.string() })),
  inbox: some(z.object({ email: z.string(), id, kind: z.string(), title: z.string(), read: z.boolean() })),
  activities: some(z.object({ id, action: z.string() })),
  mail: some(z.object({ id, kind: z.string(), to: z.string(), subject: z.string() })),
  /** Rows no route reads back, by table: their ids, found in the restored database by SQL. */
  storedOnly: z.record(z.string(), some(id)),
  secondOrganization: z.object({ ...signIn, projectId: id, projectName: z.string() }),
});
export type UpgradeFixtureExpectations = z.infer<typeof upgradeFixtureExpectationsSchema>;

export type UpgradeFixture = { release: string; archive: string; expectations: string };

/** Every fixture in the folder, oldest release first (their names start with the date). */
export function listUpgradeFixtures(dir = UPGRADE_FIXTURE_DIR): UpgradeFixture[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.tar.gz'))
    .sort()
    .map((name) => {
      const release = name.slice(0, -'.tar.gz'.length);
      return { release, archive: path.join(dir, name), expectations: path.join(dir, `${release}.expected.json`) };
    });
}
