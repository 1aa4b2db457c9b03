// Backups and restores through the real app: an agency with tasks, a link and an uploaded file is
// backed up, restored into another app's empty database and file storage, and read back there.
// Bad archives, a non-empty target and a full disk each end with a clear message and nothing
// half done. (With TEST_DATABASE_URL the apps run on PostgreSQL, so CI covers both databases.)
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { DatabaseHandle } from '../db/client';
import { localDiskStorage } from '../storage/storage';
import { BackupError, createBackup, listArchives, pruneArchives } from './backup';
import { appMigrationLevel } from './manifest';
import { countRows, openArchive, restoreArchive, RestoreError } from './restore';
import { inTransaction, listTables, quoteIdent } from './snapshot';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const filesOf = (t: TestApp) => localDiskStorage(path.join(t.config.dataDir, 'files'));
const storedKeys = (t: TestApp) => {
  const root = path.join(t.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root).flatMap((dir) => readdirSync(path.join(root, dir)).map((f) => `${dir}/${f}`));
};

/** Every row of every table as sorted JSON text: two databases with the same content compare equal. */
async function contents(database: DatabaseHandle): Promise<Record<string, string[]>> {
  return inTransaction(database, 'snapshot', async (query) => {
    const out: Record<string, string[]> = {};
    for (const table of await listTables(query)) {
      const rows = await query(`select row_to_json(t)::text as j from ${quoteIdent(table.name)} t`);
      out[table.name] = rows.map((r) => r.j as string).sort();
    }
    return out;
  });
}

/**
 * The report counts (decision 014), summed per key: not in an archive, rebuilt by a restore; the
 * source may still hold unfolded differences, so sums are compared.
 */
async function reportCounts(database: DatabaseHandle): Promise<string[]> {
  return inTransaction(database, 'snapshot', async (query) => {
    await query(`set local timezone = 'UTC'`);
    const rows = await query(
      `select organization_id, kind, status, grain, bucket::text, sum(n)::int as n from report_counts
        group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`,
    );
    return rows.map((r) => JSON.stringify(r));
  });
}

/** Issue 32: time_totals, derived from time_entries like report_counts (rows of zero minutes aside). */
async function timeTotals(database: DatabaseHandle): Promise<string[]> {
  return inTransaction(database, 'snapshot', async (query) =>
    (
      await query(
        `select organization_id, month::text, project_id, profile_id, member_name, billable, minutes::int as minutes from time_totals
          where minutes <> 0 order by 1, 2, 3, 4, 5, 6`,
      )
    ).map((r) => JSON.stringify(r)),
  );
}

const emptyCounts = async (database: DatabaseHandle) =>
  Object.values(await inTransaction(database, 'snapshot', countRows)).every((n) => n === 0);

/** Rewrites an archive's manifest (and nothing else) into a new archive. */
async function withManifest(file: string, change: (manifest: Record<string, unknown>) => void): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-edit-'));
  await tar.x({ file, cwd: dir });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
  change(manifest);
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'brieflane-edited-')), 'edited.tar.gz');
  await tar.c({ gzip: true, cwd: dir, file: out }, readdirSync(dir));
  return out;
}

describe('backup and restore', () => {
  let source: TestApp;
  let agency: Agency;
  let archive: string;
  let backupDir: string;
  let fileId: string;

  beforeAll(async () => {
    source = await createTestApp();
    agency = await seedAgency(source, { project: 'Backed-up Project' });
    const upload = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/files`, ...multipart('Brief.pdf', PDF) });
    expect(upload.statusCode, upload.body).toBe(201);
    fileId = upload.json().id;
    await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/links`, payload: { name: 'Site', url: 'https://example.com' } });
    const task = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/tasks`, payload: { title: 'Kept task' } });
    // Issue 29: a task's conversation is part of the backup too.
    const comment = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/tasks/${task.json().id}/comments`, payload: { body: 'Kept **comment**' } });
    expect(comment.statusCode, comment.body).toBe(201);
    // Issue 51: what blocks a task is part of it too.
    const blocker = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/tasks`, payload: { title: 'Blocking task' } });
    const dependency = await agency.orgAdmin.inject({ method: 'POST', url: `/api/projects/${agency.projectId}/tasks/${task.json().id}/dependencies`, payload: { blockedByTaskId: blocker.json().id } });
    expect(dependency.statusCode, dependency.body).toBe(201);
    // Issue 32: logged time and a running timer are part of it as well.
    const logged = await agency.developer.inject({ method: 'POST', url: '/api/time/entries', payload: { projectId: agency.projectId, taskId: task.json().id, workDate: '2026-11-27', duration: '1:30' } });
    expect(logged.statusCode, logged.body).toBe(201);
    const timer = await agency.orgAdmin.inject({ method: 'POST', url: '/api/time/timer', payload: { projectId: agency.projectId } });
    expect(timer.statusCode, timer.body).toBe(201);
    // Issue 48: the organization's language, which its emails speak.
    const language = await agency.orgAdmin.inject({ method: 'PUT', url: '/api/organization/locale', payload: { locale: 'de' } });
    expect(language.statusCode, language.body).toBe(200);
    // Issue 48 item 3: a member's region, and their language.
    const region = await agency.developer.inject({ method: 'PUT', url: '/api/settings/region', payload: { region: 'AT' } });
    expect(region.statusCode, region.body).toBe(200);
    const ownLanguage = await agency.developer.inject({ method: 'PUT', url: '/api/settings/language', payload: { locale: 'es' } });
    expect(ownLanguage.statusCode, ownLanguage.body).toBe(200);
    // Issue 51 item 4: a recurring task (its rule and series) and the organization's time zone.
    const repeating = await agency.orgAdmin.inject({ method: 'PUT', url: `/api/projects/${agency.projectId}/tasks/${task.json().id}/recurrence`, payload: { rule: 'FREQ=WEEKLY;BYDAY=MO,TH' } });
    expect(repeating.statusCode, repeating.body).toBe(200);
    await inTransaction(source.database, 'write', (query) => query(`update organizations set time_zone = 'Europe/Berlin' where id = $1`, [agency.orgAdmin.organizationId]));
    backupDir = mkdtempSync(path.join(tmpdir(), 'brieflane-backups-'));
  });
  afterAll(() => source.close());

  it('writes one archive: a manifest with version and migration level, every table, every stored file', async () => {
    const result = await createBackup({ database: source.database, storage: filesOf(source), dir: backupDir });
    archive = result.file;
    expect(path.basename(archive)).toMatch(/^brieflane-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/);
    expect(readdirSync(backupDir)).toEqual([path.basename(archive)]);

    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe('manifest.json');
    const key = storedKeys(source)[0]!;
    expect(entries).toContain(`files/${key}`);
    expect(entries).toContain('db/projects.jsonl');

    const { manifest } = result;
    expect(manifest).toMatchObject({ format: 'brieflane-backup', formatVersion: 1, appVersion: '0.1.0', migration: appMigrationLevel(), source: source.database.kind });
    expect(manifest.files).toEqual({ count: 1, bytes: PDF.length, missing: [] });
    const counts = await inTransaction(source.database, 'snapshot', countRows);
    expect(Object.fromEntries(manifest.tables.map((t) => [t.name, t.rows]))).toEqual(counts);
    expect(counts.task_comments).toBe(1);
    expect(counts.task_dependencies).toBe(1);
    expect(counts.time_entries).toBe(1);
    expect(counts.running_timers).toBe(1);
    // Parents before children, so a restore can insert in this order.
    const order = manifest.tables.map((t) => t.name);
    // The derived tables stay out; a restore rebuilds them.
    expect(order).not.toContain('report_counts');
    expect(order).not.toContain('time_totals');
    expect(order.indexOf('organizations')).toBeLessThan(order.indexOf('projects'));
    expect(order.indexOf('projects')).toBeLessThan(order.indexOf('project_files'));
    expect(order.indexOf('tasks')).toBeLessThan(order.indexOf('task_dependencies'));
  });

  it('restores into an empty database and storage: the same rows, and the file downloads there with the old session', async () => {
    const target = await createTestApp();
    try {
      const opened = await openArchive(archive);
      const result = await restoreArchive({ archive: opened, database: target.database, storage: filesOf(target) });
      await opened.close();
      expect(result.files).toBe(1);
      expect(await contents(target.database)).toEqual(await contents(source.database));
      expect(await reportCounts(target.database)).toEqual(await reportCounts(source.database));
      expect(await reportCounts(target.database)).not.toEqual([]);
      // An archive leaves time_totals out; the restore sums the entries again.
      expect(await timeTotals(target.database)).toEqual(await timeTotals(source.database));
      expect(await timeTotals(target.database)).toHaveLength(1);
      // The indexes a restore drops while loading are all back.
      const indexes = (database: DatabaseHandle) =>
        inTransaction(database, 'snapshot', async (query) =>
          (await query(`select indexdef from pg_indexes where schemaname = 'public' order by indexname`)).map((r) => r.indexdef),
        );
      expect(await indexes(target.database)).toEqual(await indexes(source.database));
      expect((await indexes(target.database)).some((def) => String(def).includes('gin_trgm_ops'))).toBe(true);

      // Same AUTH_SECRET (the test apps share one): the restored session is still good.
      const download = await target.app.inject({
        method: 'GET',
        url: `/api/projects/${agency.projectId}/files/${fileId}/download`,
        headers: { cookie: agency.orgAdmin.cookie },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);
      const report = { method: 'GET' as const, url: '/api/reports', headers: { cookie: agency.orgAdmin.cookie } };
      expect((await target.app.inject(report)).json()).toEqual((await source.app.inject(report)).json());
      const me = await target.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: agency.orgAdmin.cookie } });
      expect(me.json().organization.locale).toBe('de');
      const developer = await target.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: agency.developer.cookie } });
      expect(developer.json().profile).toMatchObject({ region: 'AT', locale: 'es' });
      const kept = await inTransaction(target.database, 'snapshot', (query) =>
        query(`select t.recurrence_rule, t.series_id = t.id as own_series, o.time_zone from tasks t join projects p on p.id = t.project_id join organizations o on o.id = p.organization_id where t.project_id = $1 and t.recurrence_rule is not null`, [agency.projectId]),
      );
      expect(kept).toEqual([{ recurrence_rule: 'FREQ=WEEKLY;BYDAY=MO,TH', own_series: true, time_zone: 'Europe/Berlin' }]);
    } finally {
      await target.close();
    }
  });

  it('refuses a target that is not empty, and with force replaces its data and files', async () => {
    const target = await createTestApp();
    try {
      const own = await seedAgency(target, { project: 'Doomed Project' });
      const up = await own.orgAdmin.inject({ method: 'POST', url: `/api/projects/${own.projectId}/files`, ...multipart('Old.pdf', PDF) });
      expect(up.statusCode).toBe(201);
      const oldKeys = storedKeys(target);
      const before = await contents(target.database);

      const opened = await openArchive(archive);
      try {
        const refused = await restoreArchive({ archive: opened, database: target.database, storage: filesOf(target) }).catch((e: unknown) => e);
        expect(refused).toBeInstanceOf(RestoreError);
        expect((refused as Error).message).toMatch(/^The target database is not empty \(.+\)\. Restore into an empty one, or add --force to replace everything in it\.$/);
        expect(await contents(target.database)).toEqual(before);
        expect(storedKeys(target)).toEqual(oldKeys);

        await restoreArchive({ archive: opened, database: target.database, storage: filesOf(target), force: true });
      } finally {
        await opened.close();
      }
      expect(await contents(target.database)).toEqual(await contents(source.database));
      // The replaced organization's counts went with its rows.
      expect(await reportCounts(target.database)).toEqual(await reportCounts(source.database));
      expect(storedKeys(target)).toEqual(storedKeys(source));
    } finally {
      await target.close();
    }
  });

  it('refuses corrupt and foreign archives with a clear message and keeps nothing of them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-bad-'));
    const garbage = path.join(dir, 'garbage.tar.gz');
    writeFileSync(garbage, 'this is not an archive');
    const truncated = path.join(dir, 'truncated.tar.gz');
    const whole = readFileSync(archive);
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const foreignDir = mkdtempSync(path.join(tmpdir(), 'brieflane-foreign-'));
    writeFileSync(path.join(foreignDir, 'README.txt'), 'holiday photos');
    const foreign = path.join(dir, 'foreign.tar.gz');
    await tar.c({ gzip: true, cwd: foreignDir, file: foreign }, ['README.txt']);
    const otherFormat = await withManifest(archive, (m) => {
      m.format = 'someone-elses-backup';
    });
    const newer = await withManifest(archive, (m) => {
      m.migration = { count: 99, tag: '0098_future' };
    });

    const cases: [string, RegExp][] = [
      [path.join(dir, 'missing.tar.gz'), /does not exist or is not a file\.$/],
      [garbage, /garbage\.tar\.gz is not a readable Brieflane backup \(.+\)\.$/],
      [truncated, /truncated\.tar\.gz is not a readable Brieflane backup \(.+\)\.$/],
      [foreign, /foreign\.tar\.gz is not a Brieflane backup: it has no manifest\.json\.$/],
      [otherFormat, /is not a Brieflane backup this version can read: its manifest\.json is not one/],
      [newer, /was made by Brieflane 0\.1\.0 at database migration 99 \(0098_future\); this is Brieflane at migration \d+ \(.+\)\. Restore it with that version or a newer one\.$/],
    ];
    const workDir = mkdtempSync(path.join(tmpdir(), 'brieflane-unpack-'));
    for (const [file, message] of cases) {
      const error = await openArchive(file, workDir).catch((e: unknown) => e);
      expect(error, file).toBeInstanceOf(RestoreError);
      expect((error as Error).message, file).toMatch(message);
    }
    // Nothing of them is left where they were unpacked.
    expect(readdirSync(workDir)).toEqual([]);
  });

  it('leaves no partial restore behind when the archive turns out damaged half way', async () => {
    const damaged = await withManifest(archive, (m) => {
      const tables = m.tables as { name: string; rows: number }[];
      tables.find((t) => t.name === 'tasks')!.rows += 1;
    });
    const target = await createTestApp();
    try {
      const opened = await openArchive(damaged);
      const error = await restoreArchive({ archive: opened, database: target.database, storage: filesOf(target) }).catch((e: unknown) => e);
      await opened.close();
      expect(error).toBeInstanceOf(RestoreError);
      expect((error as Error).message).toBe('The archive is damaged: tasks has 2 rows, its manifest says 3.');
      expect(await emptyCounts(target.database)).toBe(true);
      // The file it had stored before inserting the rows is gone again.
      expect(storedKeys(target)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('on a full disk stops with a clear message, keeps nothing, and the app carries on', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-full-'));
    // /dev/full answers every write with ENOSPC, as a full disk does.
    const error = await createBackup({
      database: source.database,
      storage: filesOf(source),
      dir,
      openWrite: () => createWriteStream('/dev/full'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toBe(`The backup could not be written: the disk holding ${dir} is full. Nothing was kept.`);
    expect(readdirSync(dir)).toEqual([]);

    expect((await source.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const list = await agency.orgAdmin.inject({ method: 'GET', url: `/api/projects/${agency.projectId}/files` });
    expect(list.statusCode).toBe(200);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the newest archives when pruning', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-prune-'));
    const names = ['2026-01-01T00-00-00-000Z', '2026-01-03T00-00-00-000Z', '2026-01-02T00-00-00-000Z'].map((d) => `brieflane-${d}.tar.gz`);
    for (const name of [...names, 'notes.txt']) writeFileSync(path.join(dir, name), 'x');
    const removed = await pruneArchives(dir, 2);
    expect(removed.map((f) => path.basename(f))).toEqual(['brieflane-2026-01-01T00-00-00-000Z.tar.gz']);
    expect((await listArchives(dir)).map((f) => path.basename(f))).toEqual([names[1], names[2]]);
    expect(readdirSync(dir)).toContain('notes.txt');
  });
});

// Issue 33: every version of a file, its thumbnail, the approval request and the client's
// decisions travel in the archive and come back in another database and storage.
describe('backup and restore of versions, thumbnails and approvals', () => {
  it('carries every version, every thumbnail and every decision', async () => {
    const { default: sharp } = await import('sharp');
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366aa' } }).png().toBuffer();
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#aa6633' } }).jpeg().toBuffer();
    const source = await createTestApp();
    const target = await createTestApp();
    try {
      const agency = await seedAgency(source, { project: 'Versioned Project' });
      const base = `/api/projects/${agency.projectId}`;
      const fileId = (await agency.orgAdmin.inject({ method: 'POST', url: `${base}/files`, ...multipart('Design.png', png) })).json().id as string;
      await agency.orgAdmin.inject({ method: 'PUT', url: `${base}/files/${fileId}/approval`, payload: { message: 'Look' } });
      const link = (await agency.orgAdmin.inject({ method: 'POST', url: `${base}/access-links`, payload: { name: 'Client', viewersMayApprove: true } })).json();
      const decided = await source.app.inject({ method: 'POST', url: `/api/project-access/${link.token}/files/${fileId}/approval`, payload: { decision: 'changes_requested', version: 1, name: 'Cleo', comment: 'Warmer' } });
      expect(decided.statusCode, decided.body).toBe(200);
      expect((await agency.orgAdmin.inject({ method: 'POST', url: `${base}/files/${fileId}/versions`, ...multipart('Design.jpg', jpeg) })).statusCode).toBe(201);
      // Two versions, each with its thumbnail: four stored objects.
      expect(storedKeys(source)).toHaveLength(4);

      const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-versions-'));
      const result = await createBackup({ database: source.database, storage: filesOf(source), dir });
      const opened = await openArchive(result.file);
      const restored = await restoreArchive({ archive: opened, database: target.database, storage: filesOf(target) });
      await opened.close();
      expect(restored.files).toBe(4);
      expect(storedKeys(target).sort()).toEqual(storedKeys(source).sort());
      const tables = await contents(target.database);
      expect(tables.file_versions).toEqual((await contents(source.database)).file_versions);
      expect(tables.approval_decisions).toHaveLength(1);
      expect(tables.file_approvals).toHaveLength(1);

      const as = { headers: { cookie: agency.orgAdmin.cookie } };
      const v1 = await target.app.inject({ method: 'GET', url: `${base}/files/${fileId}/versions/1/download`, ...as });
      expect(v1.rawPayload.equals(png)).toBe(true);
      const thumbnail = await target.app.inject({ method: 'GET', url: `${base}/files/${fileId}/thumbnail`, ...as });
      expect(thumbnail.statusCode).toBe(200);
      const listed = (await target.app.inject({ method: 'GET', url: `${base}/files`, ...as })).json().items[0];
      expect(listed).toMatchObject({ version: 2, hasThumbnail: true, approval: { state: 'awaiting', version: 2, decisions: [{ version: 1, deciderName: 'Cleo', linkName: 'Client' }] } });
    } finally {
      await source.close();
      await target.close();
    }
  });
});
