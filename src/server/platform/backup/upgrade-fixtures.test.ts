// Upgrades (issue 35 item 5): every release keeps a backup archive of its own in
// test-fixtures/upgrades/ (scripts/make-upgrade-fixture.ts), never regenerated. Each one is
// restored here with the current code, the way `npm run restore` does it (restoreCommand, into a
// new embedded data directory, or with TEST_DATABASE_URL into a new PostgreSQL database), and
// its rows are counted table by table and read back through the API: projects, tasks, comments,
// notes, files byte for byte, clients, templates, team, activity, the inbox, a password-protected
// share link through its public route, an intake link, an API token, a calendar feed, webhooks.
//
// A restore upgrades an archive of an older migration level (decision 010: the schema at the
// archive's level, its rows, then the later migrations, in one transaction), so every fixture
// made before the current migration goes through that upgrade here, and the restored database
// must then have exactly the schema and migration bookkeeping of a new one.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCalendarFeed } from '../../test/calendar-feed';
import { sessionCookie } from '../../test/as-user';
import { openUnmigrated, schemaOf } from '../../test/database-schema';
import { createPostgresDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { listUpgradeFixtures, upgradeFixtureExpectationsSchema, type UpgradeFixtureExpectations } from '../../test/upgrade-fixtures';
import type { Clock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { restoreCommand } from './commands';
import { appMigrationLevel } from './manifest';
import { countRows, type RestoreResult } from './restore';
import { inTransaction, quoteIdent } from './snapshot';

const fixtures = listUpgradeFixtures();
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

it('keeps at least one upgrade fixture, each with its expectations beside it', () => {
  expect(fixtures.length).toBeGreaterThan(0);
  for (const fixture of fixtures) expect(existsSync(fixture.expectations), fixture.expectations).toBe(true);
});

describe.each(fixtures)('the $release archive, restored by this code', (fixture) => {
  let expected: UpgradeFixtureExpectations;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;
  let restored: RestoreResult;
  let counts: Record<string, number>;
  let storedOnly: Record<string, string[]>;
  let restoredSchema: Record<string, string[]>;
  let newSchema: Record<string, string[]>;
  let t: TestApp;
  let address = 0;

  beforeAll(async () => {
    expected = upgradeFixtureExpectationsSchema.parse(JSON.parse(readFileSync(fixture.expectations, 'utf8')));
    dataDir = mkdtempSync(path.join(tmpdir(), 'brieflane-upgrade-'));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DATABASE_URL) {
      const fresh = await createPostgresDatabase(process.env.TEST_DATABASE_URL);
      databaseUrl = fresh.url;
      dropDatabase = fresh.drop;
    }
    // The operator's settings as they were: the same AUTH_SECRET (codes and link grants are signed with it).
    const config = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: expected.authSecret, LOG_LEVEL: 'silent', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
    restored = await restoreCommand(config, fixture.archive, { force: false });

    // Counted on a connection of our own before the app starts, whose jobs may write at start,
    // and that runs no migration either: what is there is what the restore left.
    const database = await openUnmigrated(databaseUrl ? { url: databaseUrl } : { dataDir });
    try {
      ({ counts, storedOnly, restoredSchema } = await inTransaction(database, 'snapshot', async (query) => {
        const found: Record<string, string[]> = {};
        for (const [table, ids] of Object.entries(expected.storedOnly)) {
          found[table] = (await query(`select id::text as id from ${quoteIdent(table)} where id::text = any($1::text[]) order by 1`, [ids])).map((r) => r.id as string);
        }
        return { counts: await countRows(query), storedOnly: found, restoredSchema: await schemaOf(query) };
      }));
    } finally {
      await database.close();
    }
    // The schema of a database this version makes from nothing, on the same kind of server.
    const fresh = databaseUrl ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    const blank: DatabaseHandle = await openDatabase(fresh ? { url: fresh.url, poolSize: 1 } : {});
    try {
      newSchema = await inTransaction(blank, 'snapshot', schemaOf);
    } finally {
      await blank.close();
      await fresh?.drop();
    }

    // The app's clock runs from when the archive was made, so what is relative to today (a
    // calendar feed's window, the overdue sweep) reads the data as it was then, however old.
    const offset = Date.parse(expected.madeAt) - Date.now();
    const clock: Clock = { now: () => new Date(Date.now() + offset) };
    t = await createTestApp({ existing: { dataDir, databaseUrl }, clock, env: { AUTH_SECRET: expected.authSecret }, webhooks: { background: false } });
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await dropDatabase?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // -- Calling the API ---------------------------------------------------------------------------

  /** Each request from its own address, so no per-address limit is reached. */
  const request = (options: InjectOptions & { cookie?: string }) => {
    address += 1;
    const { cookie, ...rest } = options;
    return t.app.inject({
      ...rest,
      headers: { ...rest.headers, ...(cookie ? { cookie } : {}) },
      remoteAddress: rest.remoteAddress ?? `203.0.113.${(address % 250) + 1}`,
    }) as Promise<LightMyRequestResponse>;
  };
  const sessions = new Map<string, string>();
  const signIn = async (who: { email: string; password: string }) => {
    const known = sessions.get(who.email);
    if (known) return known;
    const res = await request({ method: 'POST', url: '/api/auth/sign-in', payload: { email: who.email, password: who.password } });
    expect(res.statusCode, `${who.email}: ${res.body}`).toBe(200);
    const cookie = sessionCookie(res)!;
    expect(cookie).toBeTruthy();
    sessions.set(who.email, cookie);
    return cookie;
  };
  const get = async (cookie: string | undefined, url: string, status = 200) => {
    const res = await request({ method: 'GET', url, cookie });
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(status);
    return res;
  };
  const owner = () => signIn(expected.accounts.owner);
  /** Every item of a paged list ({ items, nextCursor }), page by page. */
  const readAll = async <T = Record<string, unknown>>(cookie: string | undefined, url: string): Promise<T[]> => {
    const items: T[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 100; page++) {
      const separator = url.includes('?') ? '&' : '?';
      const body = (await get(cookie, cursor === null ? url : `${url}${separator}cursor=${encodeURIComponent(cursor)}`)).json() as { items: T[]; nextCursor: string | null };
      items.push(...body.items);
      cursor = body.nextCursor;
      if (cursor === null) return items;
    }
    throw new Error(`${url} had more than 100 pages`);
  };
  const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

  // -- Checks --------------------------------------------------------------------------------------

  it('restores every table of the archive with its row count, and every stored file', () => {
    for (const [table, rows] of Object.entries(expected.rows)) {
      expect(counts[table], `${table} in this code's database`).toBe(rows);
      expect(restored.tables[table], `${table} as restored`).toBe(rows);
      if (!expected.emptyTables.includes(table)) expect(rows, `${table} has rows in the fixture`).toBeGreaterThan(0);
    }
    // Tables added since the fixture was made are not in it; every table it has is one we have.
    expect(Object.keys(expected.rows).filter((table) => !(table in counts))).toEqual([]);
    expect(restored.files).toBe(expected.files.length);
  });

  it("ends at this version's migration level with the schema of a new database", () => {
    const level = appMigrationLevel();
    if (expected.migration.count < level.count) expect(restored.upgraded).toEqual({ from: expected.migration, to: level });
    else expect(restored.upgraded).toBeUndefined();
    expect(restoredSchema.migrations).toHaveLength(level.count);
    expect(restoredSchema).toEqual(newSchema);
  });

  it('keeps the rows no route reads back (sign-in secrets, counters, the jobs\u2019 bookkeeping)', () => {
    for (const [table, ids] of Object.entries(expected.storedOnly)) expect(storedOnly[table], table).toEqual([...ids].sort());
  });

  it('signs every account in with its password, in its organization', async () => {
    for (const [role, account] of Object.entries(expected.accounts)) {
      const me = (await get(await signIn(account), '/api/me')).json();
      expect(me.profile.id, role).toBe(account.profileId);
      // Issues 32 and 48 gave the organization a currency and a language; an archive from before them has the defaults.
      expect(me.organization, role).toEqual({ ...expected.organization, currency: 'USD', locale: 'en' });
    }
  });

  it('reads the projects, clients and templates, and the deleted project only in the activity log', async () => {
    const cookie = await owner();
    for (const project of expected.projects) {
      const detail = (await get(cookie, `/api/projects/${project.id}`)).json();
      expect(detail.name).toBe(project.name);
      if (project.clientId) expect(detail.clientId).toBe(project.clientId);
      if (project.formData) expect(detail.formData).toEqual(project.formData);
    }
    const clients = byId(await readAll<{ id: string; name: string; contactEmail: string | null }>(cookie, '/api/clients?limit=100'));
    for (const client of expected.clients) expect(clients.get(client.id), client.name).toMatchObject({ name: client.name, contactEmail: client.contactEmail });
    for (const template of expected.templates) {
      const body = (await get(cookie, `/api/templates/${template.id}`)).json();
      expect(body.name).toBe(template.name);
      expect(body.fields.map((f: { name: string }) => f.name)).toEqual(template.fieldNames);
    }
    await get(cookie, `/api/projects/${expected.deletedProject.id}`, 404);
    const activity = await readAll<{ action: string; projectName: string | null }>(cookie, '/api/activities?limit=100');
    expect(activity).toContainEqual(expect.objectContaining({ action: 'delete_project', projectName: expected.deletedProject.name }));
  });

  it('reads the team and the developers of each project', async () => {
    const cookie = await owner();
    for (const member of expected.team) expect((await get(cookie, `/api/team/${member.id}`)).json()).toMatchObject({ id: member.id, fullName: member.fullName, canSignIn: member.canSignIn });
    for (const access of expected.developerAccess) {
      const developers = await readAll<{ profileId: string }>(cookie, `/api/projects/${access.projectId}/developers?limit=100`);
      expect(developers.map((d) => d.profileId)).toContain(access.profileId);
    }
  });

  it('reads the tasks with their assignees, their comments, and who follows them', async () => {
    const cookie = await owner();
    for (const task of expected.tasks) {
      expect((await get(cookie, `/api/projects/${task.projectId}/tasks/${task.id}`)).json()).toMatchObject({
        id: task.id,
        title: task.title,
        status: task.status,
        assigneeId: task.assigneeId,
      });
    }
    for (const comment of expected.comments) {
      const comments = byId(await readAll<{ id: string; body: string; editedAt: string | null; viaLink: string | null }>(cookie, `/api/projects/${comment.projectId}/tasks/${comment.taskId}/comments?limit=100`));
      const found = comments.get(comment.id);
      expect(found, comment.body).toMatchObject({ body: comment.body, viaLink: comment.viaLink });
      expect(found!.editedAt !== null, `${comment.body} edited`).toBe(comment.edited);
    }
    for (const follow of expected.follows) {
      expect((await get(await signIn(follow), `/api/projects/${follow.projectId}/tasks/${follow.taskId}/follow`)).json()).toEqual({ following: true });
    }
  });

  it('reads the notes and links, and downloads every file byte for byte', async () => {
    const cookie = await owner();
    for (const note of expected.notes) {
      const notes = byId(await readAll<{ id: string; content: string }>(cookie, `/api/projects/${note.projectId}/notes?limit=100`));
      expect(notes.get(note.id)?.content).toBe(note.content);
    }
    for (const link of expected.links) {
      const files = byId(await readAll<{ id: string; fileName: string; isLink: boolean; linkUrl: string | null }>(cookie, `/api/projects/${link.projectId}/files?limit=100`));
      expect(files.get(link.id)).toMatchObject({ fileName: link.fileName, isLink: true, linkUrl: link.linkUrl });
    }
    for (const file of expected.files) {
      const files = byId(await readAll<{ id: string; fileName: string; fileSize: number | null }>(cookie, `/api/projects/${file.projectId}/files?limit=100`));
      expect(files.get(file.id)).toMatchObject({ fileName: file.fileName, fileSize: file.bytes });
      const download = await get(cookie, `/api/projects/${file.projectId}/files/${file.id}/download`);
      expect(download.rawPayload.length).toBe(file.bytes);
      expect(sha256(download.rawPayload)).toBe(file.sha256);
    }
  });

  it('opens a password-protected share link through its public route with its password only', async () => {
    const cookie = await owner();
    for (const link of expected.shareLinks) {
      const links = byId(await readAll<{ id: string; name: string | null; hasPassword: boolean }>(cookie, `/api/projects/${link.projectId}/access-links?limit=100`));
      expect(links.get(link.id)).toMatchObject({ name: link.name, hasPassword: true });
      // Its access log as it was, before this test opens it again.
      const opens = (await get(cookie, `/api/projects/${link.projectId}/access-links/${link.id}/opens`)).json();
      expect(opens.total).toBe(link.opens);

      const session = (payload: object) => request({ method: 'POST', url: `/api/project-access/${link.token}/session`, payload });
      expect((await session({})).statusCode).toBe(401);
      expect((await session({ password: `${link.password}-wrong` })).statusCode).toBe(401);
      const opened = await session({ password: link.password });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().projectId).toBe(link.projectId);
      const grant = [opened.headers['set-cookie']].flat().find((c): c is string => typeof c === 'string' && c.startsWith('brieflane.link'))?.split(';')[0];
      expect(grant).toBeTruthy();
      const download = await get(grant, `/api/project-access/${link.token}/files/${link.fileId}/download`);
      expect(sha256(download.rawPayload)).toBe(expected.files.find((f) => f.id === link.fileId)!.sha256);
    }
  });

  it("reads an intake link's state and its submitted answers", async () => {
    const cookie = await owner();
    for (const link of expected.intakeLinks) {
      expect((await get(undefined, `/api/project-access/${link.token}/intake`)).json().state).toBe(link.state);
      const links = byId(await readAll<{ id: string; intake: { state: string } | null }>(cookie, `/api/projects/${link.projectId}/access-links?limit=100`));
      expect(links.get(link.id)?.intake?.state).toBe(link.state);
    }
  });

  it('authenticates a request with the API token, and not with another', async () => {
    const listed = byId((await get(await owner(), '/api/settings/api-tokens')).json() as { id: string; name: string }[]);
    for (const token of expected.apiTokens) {
      expect(listed.get(token.id)?.name).toBe(token.name);
      const me = await request({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token.token}` } });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json().profile.id).toBe(expected.accounts.owner.profileId);
      const other = await request({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token.token.slice(0, -2)}xx` } });
      expect(other.statusCode).toBe(401);
    }
  });

  it("answers the calendar feed with its member's due tasks", async () => {
    for (const feed of expected.calendarFeeds) {
      expect((await get(await signIn(feed), '/api/settings/calendar')).json().feed).not.toBeNull();
      const res = await get(undefined, feed.path);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(parseCalendarFeed(res.body).events.map((e) => e.summary)).toContainEqual(expect.stringContaining(feed.taskTitle));
    }
  });

  it('reads the webhooks and their delivery logs', async () => {
    const cookie = await owner();
    const hooks = byId((await get(cookie, '/api/webhooks')).json() as { id: string; url: string }[]);
    for (const hook of expected.webhooks) {
      expect(hooks.get(hook.id)?.url).toBe(hook.url);
      const deliveries = byId(await readAll<{ id: string; eventType: string; status: string }>(cookie, `/api/webhooks/${hook.id}/deliveries?limit=100`));
      for (const delivery of hook.deliveries) expect(deliveries.get(delivery.id), delivery.eventType).toMatchObject({ eventType: delivery.eventType, status: delivery.status });
    }
  });

  it('reads the notification settings, every inbox, the activity log and the outbox', async () => {
    for (const settings of expected.notificationSettings) {
      expect((await get(await signIn(settings), '/api/settings/notifications')).json()).toMatchObject({ digest: settings.digest, levels: { comment: settings.comment } });
    }
    type Notification = { id: string; kind: string; title: string; read: boolean };
    const inboxes = new Map<string, Map<string, Notification>>();
    for (const entry of expected.inbox) {
      const who = Object.values(expected.accounts).find((a) => a.email === entry.email);
      expect(who, `an account for ${entry.email}`).toBeDefined();
      if (!inboxes.has(entry.email)) inboxes.set(entry.email, byId(await readAll<Notification>(await signIn(who!), '/api/inbox')));
      expect(inboxes.get(entry.email)!.get(entry.id), entry.title).toMatchObject({ kind: entry.kind, title: entry.title, read: entry.read });
    }
    const activity = byId(await readAll<{ id: string; action: string }>(await owner(), '/api/activities?limit=100'));
    for (const entry of expected.activities) expect(activity.get(entry.id)?.action, entry.id).toBe(entry.action);
    // The outbox through the dev mailbox, which answers this machine only.
    for (const mail of expected.mail) {
      const res = await request({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(mail.to)}`, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(byId(res.json().messages as { id: string; kind: string; subject: string }[]).get(mail.id), mail.subject).toMatchObject({ kind: mail.kind, subject: mail.subject });
    }
  });

  it("keeps the second organization's data its own", async () => {
    const other = expected.secondOrganization;
    expect((await get(await signIn(other), `/api/projects/${other.projectId}`)).json().name).toBe(other.projectName);
    await get(await owner(), `/api/projects/${other.projectId}`, 404);
  });
});
