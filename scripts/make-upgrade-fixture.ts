// `npx tsx scripts/make-upgrade-fixture.ts [--release=NAME]`: this release's upgrade fixture
// (issue 35 item 5). Builds the app on a fresh embedded data directory, seeds the demo
// organization, adds through the API a few rows of every kind the demo lacks, and writes a
// backup archive with the app's own backup code to test-fixtures/upgrades/<release>.tar.gz,
// with <release>.expected.json beside it: each table's row count and, for a few rows of each
// kind, what upgrade-fixtures.test.ts reads back through the API of every later release.
// NAME defaults to today's date and the last migration's number (2026-11-27-mig0016). An
// existing fixture is never overwritten: old fixtures are kept as they were made.
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays } from 'date-fns/addDays';
import { format } from 'date-fns/format';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/server/app';
import { DEMO_ACCOUNTS, DEMO_ORGANIZATION_NAME, DEMO_PASSWORD } from '../src/server/dev/demo/demo-accounts';
import { seedDemoOrganization } from '../src/server/dev/demo/seed';
import { sendDueReminders } from '../src/server/modules/tasks/due-reminders';
import { appFiles } from '../src/server/platform/app-files';
import { createBackup } from '../src/server/platform/backup/backup';
import { appMigrationLevel } from '../src/server/platform/backup/manifest';
import { systemClock } from '../src/server/platform/clock';
import { loadConfig } from '../src/server/platform/config';
import { openDatabase } from '../src/server/platform/db/client';
import { createStorage } from '../src/server/platform/storage/create-storage';
import { localDiskStorage } from '../src/server/platform/storage/storage';
import { sessionCookie } from '../src/server/test/as-user';
import type { UpgradeFixtureExpectations } from '../src/server/test/upgrade-fixtures';

const FIXTURE_DIR = path.join(appFiles.root, 'test-fixtures', 'upgrades');
/** The restore must use the same secret: verification codes and link grants are signed with it. */
const AUTH_SECRET = 'upgrade-fixture-secret-upgrade-fixture-secret';
const PUBLIC_URL = 'http://localhost:3000';

// Known bytes, so a restore can be checked byte for byte (sha256 in the expectations).
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n% Brieflane upgrade fixture: the brief\n%%EOF\n');
const TXT = Buffer.from('Harbor Foods website: content inventory\n\n- Home\n- Menu (42 dishes)\n- Locations\n- Catering enquiry form\n');
const SECOND_ORG_OWNER = { fullName: 'Hana Ito', email: 'owner@harbor-studio.example', password: 'harbor-password' };
const LINK_PASSWORD = 'fixture-link-password';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function releaseName(): string {
  const given = process.argv.slice(2).find((a) => a.startsWith('--release='))?.slice('--release='.length);
  if (given !== undefined) {
    if (!/^[0-9A-Za-z][0-9A-Za-z._-]*$/.test(given)) throw new Error(`Usage: npx tsx scripts/make-upgrade-fixture.ts [--release=NAME] (NAME: letters, digits, . _ -; got "${given}")`);
    return given;
  }
  const number = /^(\d+)_/.exec(appMigrationLevel().tag)?.[1];
  if (!number) throw new Error(`The last migration's tag "${appMigrationLevel().tag}" does not start with its number.`);
  return `${format(new Date(), 'yyyy-MM-dd')}-mig${number}`;
}

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflanefixture${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A webhook receiver on loopback that answers 200 to everything, so deliveries end delivered. */
async function startReceiver(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/brieflane-fixture`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const release = releaseName();
const archiveFile = path.join(FIXTURE_DIR, `${release}.tar.gz`);
const expectationsFile = path.join(FIXTURE_DIR, `${release}.expected.json`);
for (const file of [archiveFile, expectationsFile]) {
  if (existsSync(file)) {
    console.error(`${path.relative(appFiles.root, file)} exists. Old fixtures are never regenerated: name this one differently (--release=NAME).`);
    process.exit(1);
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-upgrade-fixture-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  AUTH_SECRET,
  PUBLIC_URL,
  // The webhook's receiver is this script's, on loopback.
  WEBHOOK_ALLOW_PRIVATE: 'true',
});
const database = await openDatabase({ dataDir });
const app = await buildApp({ config, database, logger: false, webhooks: { background: false } });
await app.ready();
let appOpen = true;
const closeApp = async () => {
  if (appOpen) await app.close();
  appOpen = false;
};
const receiver = await startReceiver();

try {
  const today = systemClock.now();
  const day = (offset: number) => format(addDays(today, offset), 'yyyy-MM-dd');
  const { organizationId } = await seedDemoOrganization(database.db, systemClock);

  let address = 0;
  /** A request that must succeed; each from its own address, so no rate limit is reached. */
  const call = async (cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object, extra: { headers?: Record<string, string>; loopback?: boolean } = {}) => {
    address += 1;
    const res: LightMyRequestResponse = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: { ...(cookie ? { cookie } : {}), ...extra.headers },
      // The dev mailbox answers only this machine.
      remoteAddress: extra.loopback ? '127.0.0.1' : `198.51.100.${(address % 250) + 1}`,
    });
    if (res.statusCode >= 300) throw new Error(`${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  const json = async <T = Record<string, unknown>>(cookie: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    (await call(cookie, method, url, payload)).json() as T;
  const signIn = async (email: string, password: string) => {
    const cookie = sessionCookie(await call(null, 'POST', '/api/auth/sign-in', { email, password }));
    if (!cookie) throw new Error(`Signing in as ${email} set no session cookie`);
    return cookie;
  };
  const owner = await signIn(DEMO_ACCOUNTS.organization_admin.email, DEMO_PASSWORD);
  const admin = await signIn(DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  const executive = await signIn(DEMO_ACCOUNTS.account_executive.email, DEMO_PASSWORD);
  const developer = await signIn(DEMO_ACCOUNTS.developer.email, DEMO_PASSWORD);
  const profileIdOf = async (cookie: string) => (await json<{ profile: { id: string } }>(cookie, 'GET', '/api/me')).profile.id;
  const ownerId = await profileIdOf(owner);
  const executiveId = await profileIdOf(executive);
  const developerId = await profileIdOf(developer);

  type Item = { id: string; name: string };
  const demoProjects = (await json<{ items: Item[] }>(owner, 'GET', '/api/projects?limit=100')).items;
  const demoProject = (name: string) => demoProjects.find((p) => p.name === name)?.id ?? fail(`the demo has no project "${name}"`);
  const brandId = demoProject('Bluebird Brand Refresh');
  const storeId = demoProject('Acme Online Store');

  // A webhook first, so every change below queues its deliveries (issue 30).
  const hook = await json<{ id: string; secret: string }>(admin, 'POST', '/api/webhooks', {
    url: receiver.url,
    description: 'Fixture: project feed',
    events: ['project', 'client', 'task', 'comment', 'file', 'intake', 'member'],
  });

  // A client, a questionnaire template and a project of the fixture's own.
  const client = await json<{ id: string; name: string }>(owner, 'POST', '/api/clients', {
    name: 'Harbor Foods',
    description: 'Seafood restaurant group with four sites.',
    contactName: 'Maya Lindqvist',
    contactEmail: 'maya@harbor-foods.example',
    contactPhone: '+1 555 0142',
    website: 'https://harbor-foods.example',
  });
  const templateFields = [
    { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
    { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
    { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
    { label: 'Number of Pages', name: 'number_of_pages', type: 'number', required: false, options: [], order: 3, min: 1, max: 200 },
    { label: 'Channels', name: 'channels', type: 'checkbox', required: true, options: ['Web', 'Print', 'Social'], order: 4 },
    { label: 'Budget', name: 'budget', type: 'select', required: false, options: ['Under $10k', 'Over $10k'], order: 5 },
    { label: 'Launch', name: 'launch', type: 'radio', required: false, options: ['Soft', 'Public'], order: 6 },
  ];
  const template = await json<{ id: string; name: string }>(owner, 'POST', '/api/templates', {
    name: 'Website Brief',
    description: 'What we ask before a website build.',
    fields: templateFields,
  });
  const project = await json<{ id: string; name: string }>(owner, 'POST', '/api/projects', {
    name: 'Harbor Foods Website',
    clientId: client.id,
    description: 'A new website with the menu, locations and catering enquiries.',
    companyOverview: 'Four seafood restaurants on the waterfront; bookings by phone today.',
    dueDate: day(30),
  });
  const projectUrl = `/api/projects/${project.id}`;

  // The developer on the project (and their own link), and a team member of each kind.
  await json(owner, 'POST', `${projectUrl}/developers`, { developerProfileId: developerId });
  const withLogin = await json<{ id: string; fullName: string }>(owner, 'POST', '/api/team', {
    fullName: 'Ines Duarte',
    email: 'ines@brieflane.demo',
    role: 'account_executive',
    website: 'https://ines.example',
    tags: ['Copywriting', 'SEO'],
    password: 'ines-password',
  });
  const withoutLogin = await json<{ id: string; fullName: string }>(owner, 'POST', '/api/team', { fullName: 'Theo Grant', role: 'developer', tags: ['Photography'] });

  // Tasks: assigned, in progress, completed; one due tomorrow and one overdue for the reminders.
  const wireframe = await json<{ id: string; title: string }>(owner, 'POST', `${projectUrl}/tasks`, {
    title: 'Homepage wireframe',
    description: 'Menu first, then locations; the catering form below the fold.',
    priority: 'high',
    dueDate: day(1),
    assigneeId: developerId,
  });
  const inventory = await json<{ id: string; title: string }>(owner, 'POST', `${projectUrl}/tasks`, { title: 'Content inventory', priority: 'medium', dueDate: day(7), assigneeId: executiveId });
  await json(executive, 'PATCH', `${projectUrl}/tasks/${inventory.id}`, { status: 'in_progress' });
  const checklist = await json<{ id: string; title: string }>(owner, 'POST', `${projectUrl}/tasks`, { title: 'Launch checklist', priority: 'low' });
  await json(developer, 'PATCH', `${projectUrl}/tasks/${checklist.id}`, { status: 'completed' });
  const demoTasks = (await json<{ items: { id: string; title: string }[] }>(owner, 'GET', `/api/projects/${storeId}/tasks?limit=100`)).items;
  const dataImport = demoTasks.find((t) => t.title === 'Product data import') ?? fail('the demo has no task "Product data import"');
  await json(owner, 'PATCH', `/api/projects/${storeId}/tasks/${dataImport.id}`, { assigneeId: developerId });

  // The conversation: a mention, a reply, an edit, a follower; the executive gets her emails as
  // a daily digest, so a comment on her task leaves a digest item.
  await json(executive, 'PATCH', '/api/settings/notifications', { levels: { comment: 'email' }, digest: true });
  const mention = await json<{ id: string; body: string }>(owner, 'POST', `${projectUrl}/tasks/${wireframe.id}/comments`, {
    body: `Start from the **moodboard**, @[${DEMO_ACCOUNTS.developer.fullName}](${developerId}).`,
  });
  const reply = await json<{ id: string; body: string }>(developer, 'POST', `${projectUrl}/tasks/${wireframe.id}/comments`, { body: 'On it; first draft tomorrow.' });
  const edited = await json<{ id: string; body: string }>(developer, 'PATCH', `${projectUrl}/tasks/${wireframe.id}/comments/${reply.id}`, {
    body: 'On it; first draft tomorrow morning.',
  });
  const onInventory = await json<{ id: string; body: string }>(owner, 'POST', `${projectUrl}/tasks/${inventory.id}/comments`, { body: 'The menu has 42 dishes now.' });
  await json(admin, 'PUT', `${projectUrl}/tasks/${wireframe.id}/follow`, { following: true });

  // Notes, files and a link.
  const note = await json<{ id: string; content: string }>(owner, 'POST', `${projectUrl}/notes`, { content: 'Maya prefers the menu as a page, not a PDF.' });
  const devNote = await json<{ id: string; content: string }>(developer, 'POST', `${projectUrl}/notes`, { content: 'Photos come from Theo next week.' });
  const editedNote = await json<{ id: string; content: string }>(developer, 'PATCH', `${projectUrl}/notes/${devNote.id}`, { content: 'Photos come from Theo on Monday.' });
  const upload = async (cookie: string, fileName: string, bytes: Buffer) => {
    const { payload, headers } = multipart(fileName, bytes);
    return (await call(cookie, 'POST', `${projectUrl}/files`, payload, { headers })).json() as { id: string };
  };
  const pdf = await upload(owner, 'Harbor brief.pdf', PDF);
  const txt = await upload(developer, 'content-inventory.txt', TXT);
  const link = await json<{ id: string }>(owner, 'POST', `${projectUrl}/links`, { name: 'Style guide', url: 'https://harbor-foods.example/style-guide' });

  // A share link with a password, opened with it and a file downloaded through it.
  const locked = await json<{ id: string; token: string }>(owner, 'POST', `${projectUrl}/access-links`, { name: 'Client review', password: LINK_PASSWORD, expiresInDays: null });
  const grant = (await call(null, 'POST', `/api/project-access/${locked.token}/session`, { password: LINK_PASSWORD })).headers['set-cookie'];
  const grantCookie = [grant].flat().find((c): c is string => typeof c === 'string' && c.startsWith('brieflane.link'))?.split(';')[0] ?? fail('opening the link set no grant cookie');
  await call(grantCookie, 'GET', `/api/project-access/${locked.token}/files/${pdf.id}/download`);

  // An intake link with the template, answered and submitted by a client without an account.
  const intake = await json<{ id: string; token: string }>(executive, 'POST', `${projectUrl}/access-links`, { name: 'Client intake', intake: true, showProject: false, templateId: template.id });
  const answers = { audience: 'Families and office lunch crowds.\nTourists in summer.', number_of_pages: '12', channels: ['Web', 'Social'], budget: 'Over $10k', launch: 'Public' };
  await call(null, 'PUT', `/api/project-access/${intake.token}/intake/draft`, { answers: { ...answers, audience: 'Families' } });
  await call(null, 'POST', `/api/project-access/${intake.token}/intake/submit`, { answers });

  // Personal API token and calendar feed, each used once.
  const apiToken = await json<{ id: string; token: string; name: string }>(owner, 'POST', '/api/settings/api-tokens', { name: 'Reporting script', scope: 'read', expiresInDays: null });
  await call(null, 'GET', '/api/projects', undefined, { headers: { authorization: `Bearer ${apiToken.token}` } });
  const feed = await json<{ url: string }>(developer, 'POST', '/api/settings/calendar', {});
  const feedPath = new URL(feed.url).pathname;
  await call(null, 'GET', feedPath);

  // A second organization, made by signing up, whose owner contributes through the demo's open link.
  await call(null, 'POST', '/api/auth/sign-up/send-code', { email: SECOND_ORG_OWNER.email });
  type Mail = { id: string; to: string; kind: string; subject: string; text: string };
  const mailbox = async (query = '') => ((await call(null, 'GET', `/api/dev/mailbox${query}`, undefined, { loopback: true })).json() as { messages: Mail[] }).messages;
  const code = (await mailbox(`?to=${encodeURIComponent(SECOND_ORG_OWNER.email)}`))
    .find((m) => m.kind === 'verification_code')
    ?.text.match(/code is (\d{6})/)?.[1] ?? fail('no sign-up code in the mailbox');
  const signedUp = await call(null, 'POST', '/api/auth/sign-up', { ...SECOND_ORG_OWNER, code });
  const harbor = sessionCookie(signedUp) ?? fail('sign-up set no session cookie');
  const harborClient = await json<{ id: string }>(harbor, 'POST', '/api/clients', { name: 'Lighthouse Museum' });
  const harborProject = await json<{ id: string; name: string }>(harbor, 'POST', '/api/projects', { name: 'Museum Audio Guide', clientId: harborClient.id });
  const demoLink = (await json<{ items: { token: string; name: string | null; intake: unknown }[] }>(owner, 'GET', `/api/projects/${brandId}/access-links`)).items.find((l) => l.intake === null && l.name === 'Client review') ??
    fail('the demo has no open link on Bluebird Brand Refresh');
  await call(harbor, 'POST', `/api/project-access/${demoLink.token}/session`, {});
  const brandTasks = (await json<{ items: { id: string; title: string }[] }>(owner, 'GET', `/api/projects/${brandId}/tasks?limit=100`)).items;
  const logo = brandTasks.find((t) => t.title === 'Logo concepts (3 directions)') ?? fail('the demo has no task "Logo concepts (3 directions)"');
  const viaLink = await json<{ id: string; body: string }>(harbor, 'POST', `/api/project-access/${demoLink.token}/tasks/${logo.id}/comments`, { body: 'Direction two, please.' });
  const linkNote = await json<{ id: string; content: string }>(harbor, 'POST', `/api/project-access/${demoLink.token}/notes`, { content: 'We can meet on Thursday.' });

  // A project made and deleted: its activity stays, named (issue 14).
  const scrapped = await json<{ id: string }>(owner, 'POST', '/api/projects', { name: 'Harbor Foods Pitch Deck', clientId: client.id });
  await call(owner, 'DELETE', `/api/projects/${scrapped.id}`);

  // Secrets in flight: a password reset asked for and a sign-up code never used.
  await call(null, 'POST', '/api/auth/password-reset/request', { email: DEMO_ACCOUNTS.admin.email });
  await call(null, 'POST', '/api/auth/sign-up/send-code', { email: 'prospect@fixture.example' });

  // The reminders job's day-before and overdue reminders, then the inbox read in part.
  const platform = { config, database, db: database.db, clock: systemClock, storage: await createStorage(config.storage) };
  const reminders = await sendDueReminders(platform);
  if (reminders.dueSoon < 1 || reminders.overdue < 1) throw new Error(`Expected a due-soon and an overdue reminder, got ${JSON.stringify(reminders)}`);
  type Notification = { id: string; kind: string; title: string; read: boolean };
  const developerInbox = (await json<{ items: Notification[] }>(developer, 'GET', '/api/inbox')).items;
  const firstRead = developerInbox.at(-1) ?? fail('the developer has no notifications');
  await json(developer, 'POST', '/api/inbox/read', { ids: [firstRead.id] });

  // Every queued event delivered; then the hook is turned off, so a restored copy posts nowhere.
  for (;;) {
    const round = await app.webhookWorker.deliverDue();
    if (round.delivered + round.retried + round.failed === 0) break;
  }
  await json(admin, 'PATCH', `/api/webhooks/${hook.id}`, { enabled: false });
  const deliveries = (await json<{ items: { id: string; eventType: string; status: string }[] }>(admin, 'GET', `/api/webhooks/${hook.id}/deliveries?limit=100`)).items;

  const inboxOf = async (cookie: string, email: string) => (await json<{ items: Notification[] }>(cookie, 'GET', '/api/inbox')).items.map((n) => ({ email, id: n.id, kind: n.kind, title: n.title, read: n.read }));
  const inbox = [...(await inboxOf(developer, DEMO_ACCOUNTS.developer.email)), ...(await inboxOf(executive, DEMO_ACCOUNTS.account_executive.email)), ...(await inboxOf(owner, DEMO_ACCOUNTS.organization_admin.email))];
  const activities = (await json<{ items: { id: string; action: string }[] }>(owner, 'GET', '/api/activities?limit=100')).items;
  const mail = await mailbox();
  // What no route reads back (sign-in secrets, counters, the jobs' bookkeeping): the test finds these rows by id.
  const idsOf = async (table: string) =>
    ((await database.db.execute(sql.raw(`select id::text as id from ${table} order by id limit 5`))) as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  const storedOnly: Record<string, string[]> = {};
  for (const table of ['sessions', 'rate_limits', 'email_notifications', 'task_reminders', 'digest_items', 'verification_codes', 'password_reset_tokens']) {
    storedOnly[table] = await idsOf(table);
    if (storedOnly[table].length === 0) throw new Error(`make-upgrade-fixture: nothing wrote a row of ${table}`);
  }

  // The backup reads a database nothing else writes to any more.
  await closeApp();

  const staging = mkdtempSync(path.join(tmpdir(), 'brieflane-upgrade-fixture-archive-'));
  const backup = await createBackup({ database, storage: localDiskStorage(path.join(dataDir, 'files')), dir: staging });
  const rows = Object.fromEntries(backup.manifest.tables.map((t) => [t.name, t.rows]));
  const empty = Object.entries(rows).filter(([, n]) => n === 0).map(([name]) => name);

  const expectations: UpgradeFixtureExpectations = {
    format: 1,
    release,
    madeBy: 'npx tsx scripts/make-upgrade-fixture.ts',
    migration: backup.manifest.migration,
    madeAt: backup.manifest.createdAt,
    authSecret: AUTH_SECRET,
    rows,
    emptyTables: empty,
    organization: { id: organizationId, name: DEMO_ORGANIZATION_NAME },
    accounts: {
      owner: { email: DEMO_ACCOUNTS.organization_admin.email, password: DEMO_PASSWORD, profileId: ownerId },
      executive: { email: DEMO_ACCOUNTS.account_executive.email, password: DEMO_PASSWORD, profileId: executiveId },
      developer: { email: DEMO_ACCOUNTS.developer.email, password: DEMO_PASSWORD, profileId: developerId },
      addedMember: { email: 'ines@brieflane.demo', password: 'ines-password', profileId: withLogin.id },
    },
    projects: [
      { id: project.id, name: project.name, clientId: client.id, formData: { ...answers, client_name: client.name, due_date: day(30) } },
      { id: brandId, name: 'Bluebird Brand Refresh', clientId: null, formData: null },
      { id: storeId, name: 'Acme Online Store', clientId: null, formData: null },
    ],
    deletedProject: { id: scrapped.id, name: 'Harbor Foods Pitch Deck' },
    clients: [{ id: client.id, name: client.name, contactEmail: 'maya@harbor-foods.example' }],
    templates: [{ id: template.id, name: template.name, fieldNames: templateFields.map((f) => f.name) }],
    team: [
      { id: withLogin.id, fullName: withLogin.fullName, canSignIn: true },
      { id: withoutLogin.id, fullName: withoutLogin.fullName, canSignIn: false },
      { id: developerId, fullName: DEMO_ACCOUNTS.developer.fullName, canSignIn: true },
    ],
    developerAccess: [{ projectId: project.id, profileId: developerId }],
    tasks: [
      { id: wireframe.id, projectId: project.id, title: wireframe.title, status: 'pending', assigneeId: developerId },
      { id: inventory.id, projectId: project.id, title: inventory.title, status: 'in_progress', assigneeId: executiveId },
      { id: checklist.id, projectId: project.id, title: checklist.title, status: 'completed', assigneeId: null },
      { id: dataImport.id, projectId: storeId, title: dataImport.title, status: 'pending', assigneeId: developerId },
    ],
    follows: [{ projectId: project.id, taskId: wireframe.id, email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD }],
    comments: [
      { id: mention.id, projectId: project.id, taskId: wireframe.id, body: mention.body, edited: false, viaLink: null },
      { id: edited.id, projectId: project.id, taskId: wireframe.id, body: edited.body, edited: true, viaLink: null },
      { id: onInventory.id, projectId: project.id, taskId: inventory.id, body: onInventory.body, edited: false, viaLink: null },
      { id: viaLink.id, projectId: brandId, taskId: logo.id, body: viaLink.body, edited: false, viaLink: 'Client review' },
    ],
    notes: [
      { id: note.id, projectId: project.id, content: note.content },
      { id: editedNote.id, projectId: project.id, content: editedNote.content },
      { id: linkNote.id, projectId: brandId, content: linkNote.content },
    ],
    files: [
      { id: pdf.id, projectId: project.id, fileName: 'Harbor brief.pdf', bytes: PDF.length, sha256: sha256(PDF) },
      { id: txt.id, projectId: project.id, fileName: 'content-inventory.txt', bytes: TXT.length, sha256: sha256(TXT) },
    ],
    links: [{ id: link.id, projectId: project.id, fileName: 'Style guide', linkUrl: 'https://harbor-foods.example/style-guide' }],
    shareLinks: [{ id: locked.id, projectId: project.id, name: 'Client review', token: locked.token, password: LINK_PASSWORD, fileId: pdf.id, opens: 2 }],
    intakeLinks: [{ id: intake.id, projectId: project.id, token: intake.token, state: 'submitted' }],
    apiTokens: [{ id: apiToken.id, name: apiToken.name, token: apiToken.token }],
    calendarFeeds: [{ email: DEMO_ACCOUNTS.developer.email, password: DEMO_PASSWORD, path: feedPath, taskTitle: wireframe.title }],
    webhooks: [{ id: hook.id, url: receiver.url, deliveries: deliveries.map((d) => ({ id: d.id, eventType: d.eventType, status: d.status })) }],
    notificationSettings: [{ email: DEMO_ACCOUNTS.account_executive.email, password: DEMO_PASSWORD, digest: true, comment: 'email' }],
    inbox,
    activities: activities.slice(0, 12).map((a) => ({ id: a.id, action: a.action })),
    mail: mail.slice(0, 12).map((m) => ({ id: m.id, kind: m.kind, to: m.to, subject: m.subject })),
    storedOnly,
    secondOrganization: { email: SECOND_ORG_OWNER.email, password: SECOND_ORG_OWNER.password, projectId: harborProject.id, projectName: harborProject.name },
  };

  mkdirSync(FIXTURE_DIR, { recursive: true });
  renameSync(backup.file, archiveFile);
  // A backup is private (0600); this one is a file of the repository, made of demo data.
  chmodSync(archiveFile, 0o644);
  writeFileSync(expectationsFile, `${JSON.stringify(expectations, null, 2)}\n`);
  rmSync(staging, { recursive: true, force: true });
  const size = statSync(archiveFile).size;
  console.log(`Wrote ${path.relative(appFiles.root, archiveFile)} (${size} bytes, ${Object.values(rows).reduce((n, r) => n + r, 0)} rows in ${Object.keys(rows).length} tables, ${backup.manifest.files.count} files)`);
  console.log(`and ${path.relative(appFiles.root, expectationsFile)}.${empty.length ? ` Tables without rows: ${empty.join(', ')}.` : ''}`);
} finally {
  await closeApp();
  await receiver.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

function fail(message: string): never {
  throw new Error(`make-upgrade-fixture: ${message}`);
}
