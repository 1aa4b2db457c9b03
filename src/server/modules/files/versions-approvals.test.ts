// Issue 33: file versions, thumbnails and client approvals through share links, through the real
// app on a real database and disk storage.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityActorName, detailLines, type ActivityEntry } from '../../../domain/activity';
import { APPROVAL_MESSAGES } from '../../../domain/approvals';
import { FILE_MESSAGES } from '../../../domain/files';
import { emailOutbox } from '../../platform/db/schema/platform';
import { activityLogs } from '../activity/schema';
import { approvalDecisions, fileApprovals, fileVersions, projectFiles } from './schema';
import { notifications } from '../inbox/schema';
import { fixedClock } from '../../platform/clock';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { TestUser } from '../../test/as-user';

const clock = fixedClock(new Date('2026-11-27T10:00:00Z'));
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20), Buffer.from('\n%%EOF\n')]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid-looking PNG of a few hundred bytes whose header says 50,000 × 50,000 pixels. */
function decompressionBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(50_001 * 4, 0))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('file versions, thumbnails and approvals', () => {
  let t: TestApp;
  let a: Agency;
  let filesRoot: string;
  let jpeg: Buffer;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Sign-off Project' });
    filesRoot = path.join(t.config.dataDir, 'files');
    jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } }).jpeg().toBuffer();
    png = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 0, g: 120, b: 255, alpha: 1 } } }).png().toBuffer();
  });
  afterAll(() => t.close());

  const stored = () => (existsSync(path.join(filesRoot, a.projectId)) ? readdirSync(path.join(filesRoot, a.projectId)).sort() : []);
  const upload = (user: TestUser, name: string, content: Buffer) =>
    user.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files`, ...multipart(name, content) });
  const newVersion = (user: TestUser, fileId: string, name: string, content: Buffer) =>
    user.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files/${fileId}/versions`, ...multipart(name, content) });
  const makeLink = async (payload: Record<string, unknown>) => {
    const res = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; token: string; viewersMayApprove: boolean };
  };
  const decide = (token: string, fileId: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/project-access/${token}/files/${fileId}/approval`, payload });
  const decisionRows = async (fileId: string) => t.db.select().from(approvalDecisions).where(eq(approvalDecisions.fileId, fileId));

  it('keeps every version with who uploaded it and when; the newest shows and each downloads on its own', async () => {
    const first = await upload(a.developer, 'Logo.png', png);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ version: 1, hasThumbnail: true, approval: null });
    const fileId = first.json().id as string;
    clock.advance(60_000);
    const second = await newVersion(a.executive, fileId, 'Logo v2.jpg', jpeg);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ id: fileId, fileName: 'Logo v2.jpg', version: 2, fileType: 'image/jpeg', fileSize: jpeg.length, hasThumbnail: true });

    const versions = (await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files/${fileId}/versions` })).json().items;
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(versions[0]).toMatchObject({ fileName: 'Logo v2.jpg', uploadedBy: a.executive.profileId, createdAt: '2026-11-27T10:01:00.000Z' });
    expect(versions[1]).toMatchObject({ fileName: 'Logo.png', uploadedBy: a.developer.profileId, createdAt: '2026-11-27T10:00:00.000Z', uploaderName: expect.any(String) });

    const newest = await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files/${fileId}/download` });
    expect(newest.rawPayload.equals(jpeg)).toBe(true);
    const v1 = await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files/${fileId}/versions/1/download` });
    expect(v1.statusCode).toBe(200);
    expect(v1.rawPayload.equals(png)).toBe(true);
    expect(v1.headers['content-disposition']).toContain('filename="Logo.png"');
    expect((await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files/${fileId}/versions/3/download` })).statusCode).toBe(404);

    const thumb = await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files/${fileId}/thumbnail` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 480, 360]);
    const logs = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'upload_file_version')));
    expect(logs.map((l) => l.details)).toEqual([{ file_name: 'Logo v2.jpg', version: 2, file_size: jpeg.length }]);
  });

  it('lets developers replace only their own files, and refuses links and outsiders', async () => {
    const staffs = (await upload(a.executive, 'Staff.pdf', PDF)).json();
    const refused = await newVersion(a.developer, staffs.id, 'Staff.pdf', PDF);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(FILE_MESSAGES.notYoursToReplace.message);
    const link = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/links`, payload: { name: 'Site', url: 'https://example.com' } })).json();
    expect((await newVersion(a.orgAdmin, link.id, 'x.pdf', PDF)).json().error.message).toBe(FILE_MESSAGES.linkHasNoVersions.message);
    for (const user of [a.outsider, a.unassigned]) expect((await newVersion(user, staffs.id, 'x.pdf', PDF)).statusCode).toBe(404);
    // A refused new version stores nothing.
    const before = stored();
    expect((await newVersion(a.orgAdmin, staffs.id, 'renamed.pdf', Buffer.from('MZ not a pdf at all'))).statusCode).toBe(400);
    expect(stored()).toEqual(before);
  });

  it('makes no thumbnail of a decompression bomb or a file that claims to be an image, never a 500, nothing half stored', async () => {
    const before = stored();
    const bomb = await upload(a.orgAdmin, 'bomb.png', decompressionBomb());
    expect(bomb.statusCode, bomb.body).toBe(201);
    expect(bomb.json().hasThumbnail).toBe(false);
    // PNG magic bytes, then garbage.
    const fake = await upload(a.orgAdmin, 'fake.png', Buffer.concat([png.subarray(0, 16), Buffer.alloc(4000, 0x41)]));
    expect(fake.statusCode, fake.body).toBe(201);
    expect(fake.json().hasThumbnail).toBe(false);
    // Only the two uploads themselves were stored: no thumbnail, whole or half.
    const added = stored().filter((k) => !before.includes(k));
    expect(added).toHaveLength(2);
    expect(added.some((k) => k.includes('-thumb'))).toBe(false);
    expect((await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files/${bomb.json().id}/thumbnail` })).statusCode).toBe(404);
  });

  it('deletes every version and its stored objects with the file', async () => {
    const first = (await upload(a.orgAdmin, 'Poster.png', png)).json();
    await newVersion(a.orgAdmin, first.id, 'Poster.jpg', jpeg);
    const keys = (await t.db.select().from(fileVersions).where(eq(fileVersions.fileId, first.id))).flatMap((v) => [v.storagePath, v.thumbnailPath!]);
    expect(keys).toHaveLength(4);
    for (const key of keys) expect(existsSync(path.join(filesRoot, key))).toBe(true);
    expect((await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}/files/${first.id}` })).statusCode).toBe(204);
    for (const key of keys) expect(existsSync(path.join(filesRoot, key))).toBe(false);
    expect(await t.db.select().from(fileVersions).where(eq(fileVersions.fileId, first.id))).toEqual([]);
  });

  describe('approvals', () => {
    let fileId: string;
    let approving: { id: string; token: string };

    beforeAll(async () => {
      fileId = (await upload(a.orgAdmin, 'Design.png', png)).json().id;
      approving = await makeLink({ name: 'Client review', viewersMayApprove: true });
    });

    it('lets only staff ask for an approval', async () => {
      const url = `/api/projects/${a.projectId}/files/${fileId}/approval`;
      const dev = await a.developer.inject({ method: 'PUT', url, payload: {} });
      expect(dev.statusCode).toBe(403);
      expect((await a.outsider.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(404);
      expect((await a.orgAdmin.inject({ method: 'PUT', url, payload: { dueDate: '2026-13-01' } })).json().error.message).toBe(APPROVAL_MESSAGES.dueDateInvalid.message);
      const res = await a.executive.inject({ method: 'PUT', url, payload: { message: 'Please check the colours', dueDate: '2026-12-04' } });
      expect(res.statusCode, res.body).toBe(204);
      const listed = (await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/files` })).json().items.find((f: { id: string }) => f.id === fileId);
      expect(listed.approval).toMatchObject({ state: 'awaiting', version: 1, message: 'Please check the colours', dueDate: '2026-12-04', decisions: [] });
    });

    it('shows the link what awaits approval, and whether it may decide', async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/approvals` });
      expect(res.statusCode).toBe(200);
      expect(res.json().canApprove).toBe(true);
      expect(res.json().items.map((f: { id: string }) => f.id)).toEqual([fileId]);
      const project = await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}` });
      expect(project.json().canApprove).toBe(true);
      // The thumbnail and each version through the link.
      expect((await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/files/${fileId}/thumbnail` })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/files/${fileId}/versions/1/download` })).rawPayload.equals(png)).toBe(true);
    });

    it('refuses decisions on view-only, revoked and expired links with 403, writing nothing', async () => {
      const viewOnly = await makeLink({ name: 'View only', viewersMayContribute: false });
      const revoked = await makeLink({ name: 'Revoked', viewersMayApprove: true });
      await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${revoked.id}/revoke` });
      const expiring = await makeLink({ name: 'Expiring', viewersMayApprove: true, expiresInDays: 1 });
      clock.advance(2 * 24 * 3600_000);
      const body = { decision: 'approved', version: 1, name: 'Cleo Client' };
      for (const [link, code] of [
        [viewOnly, 'approval_not_allowed'],
        [revoked, 'approval_link_inactive'],
        [expiring, 'approval_link_inactive'],
      ] as const) {
        const res = await decide(link.token, fileId, body);
        expect(res.statusCode, link.token).toBe(403);
        expect(res.json().error.code).toBe(code);
      }
      expect(await decisionRows(fileId)).toEqual([]);
      expect((await decide('x'.repeat(43), fileId, body)).statusCode).toBe(404);
    });

    it('requires a comment to request changes and a name; records the decision, tells staff, logs it', async () => {
      const missing = await decide(approving.token, fileId, { decision: 'changes_requested', version: 1, name: 'Cleo Client' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().error.message).toBe(APPROVAL_MESSAGES.commentRequired.message);
      expect((await decide(approving.token, fileId, { decision: 'approved', version: 1, name: '  ' })).json().error.message).toBe(APPROVAL_MESSAGES.nameRequired.message);
      const res = await decide(approving.token, fileId, { decision: 'changes_requested', version: 1, name: 'Cleo Client', comment: 'Bigger logo, please' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().approval).toMatchObject({ state: 'changes_requested', version: 1 });
      const [row] = await decisionRows(fileId);
      expect(row).toMatchObject({ version: 1, decision: 'changes_requested', comment: 'Bigger logo, please', deciderName: 'Cleo Client', linkName: 'Client review', accessTokenId: approving.id });
      const logs = await t.db.select().from(activityLogs).where(eq(activityLogs.action, 'request_changes'));
      expect(logs[0]!.details).toMatchObject({ file_name: 'Design.png', version: 1, decider_name: 'Cleo Client', link_name: 'Client review' });
      const inbox = await t.db.select().from(notifications).where(and(eq(notifications.kind, 'approval_decided'), eq(notifications.recipientId, a.executive.profileId)));
      expect(inbox[0]!.title).toBe("Cleo Client via link 'Client review' asked for changes to Design.png (version 1)");
      const mail = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, a.executive.email!));
      expect(mail.some((m) => m.subject.startsWith("Cleo Client via link 'Client review' asked for changes to Design.png"))).toBe(true);
      // Decided already: a second decision on the same version is refused.
      expect((await decide(approving.token, fileId, { decision: 'approved', version: 1, name: 'Cleo' })).statusCode).toBe(409);
      const projects = (await a.orgAdmin.inject({ method: 'GET', url: '/api/projects' })).json();
      expect(JSON.stringify(projects)).toContain('"changesRequested":1');
    });

    it("names the link beside the name a client typed, wherever staff read it: inbox, email, activity log (issue 46 4a)", async () => {
      // The name is free text: an outsider can type a member's name and a role.
      const typed = 'Olivia Park (Owner)';
      const viaLink = `${typed} via link 'Client review'`;
      /** How often the typed name appears in the text, and how often with its link beside it. */
      const mentions = (text: string) => [text.split(typed).length - 1, text.split(viaLink).length - 1];
      const file = (await upload(a.orgAdmin, 'Logo.png', png)).json().id as string;
      expect((await a.orgAdmin.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/files/${file}/approval`, payload: {} })).statusCode).toBe(204);
      const res = await decide(approving.token, file, { decision: 'approved', version: 1, name: typed, comment: 'Looks right' });
      expect(res.statusCode, res.body).toBe(200);

      const inbox = await t.db.select().from(notifications).where(eq(notifications.kind, 'approval_decided'));
      const ours = inbox.filter((n) => n.title.includes('Logo.png'));
      expect(ours.length).toBeGreaterThan(0);
      for (const item of ours) {
        expect(item.title).toBe(`${viaLink} approved Logo.png (version 1)`);
        expect(mentions(`${item.title}\n${item.body ?? ''}`)).toEqual([1, 1]);
      }

      const mail = (await t.db.select().from(emailOutbox)).filter((m) => m.subject.includes('Logo.png'));
      expect(mail.map((m) => m.toAddress).sort()).toContain(a.executive.email);
      for (const message of mail) {
        expect(message.subject).toContain(viaLink);
        const [named, withLink] = mentions(`${message.subject}\n${message.text}`);
        expect(named, message.text).toBeGreaterThan(0);
        expect(withLink, message.text).toBe(named);
      }

      // The Activities tab's entry as it reads (its detail lines) and as the CSV export writes it.
      const page = await a.orgAdmin.inject({ method: 'GET', url: `/api/activities?projectId=${a.projectId}&search=approve` });
      const entry = (page.json().items as ActivityEntry[]).find((e) => e.details?.file_name === 'Logo.png')!;
      expect(entry.action).toBe('approve_file');
      const shown = [activityActorName(entry), ...detailLines(entry.details).map((line) => `${line.label}: ${line.value}`)].join('\n');
      expect(shown).toContain(`Decided by: ${viaLink}`);
      expect(mentions(shown)).toEqual([1, 1]);
      const csv = await a.orgAdmin.inject({ method: 'GET', url: `/api/activities/export?projectId=${a.projectId}&search=approve` });
      expect(csv.statusCode).toBe(200);
      const row = csv.body.split('\n').find((line) => line.includes('Logo.png'))!;
      expect(row).toContain(viaLink);
      expect(mentions(row)).toEqual([1, 1]);
    });

    it("keeps what was decided on the link's approvals, newest decision first, with who, when and the comment (issue 49 item 7)", async () => {
      const poster = (await upload(a.orgAdmin, 'Poster.png', png)).json().id as string;
      expect((await a.orgAdmin.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/files/${poster}/approval`, payload: {} })).statusCode).toBe(204);
      const before = (await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/approvals` })).json();
      expect(before.items.map((f: { id: string }) => f.id)).toEqual([poster]);
      clock.advance(60_000);
      expect((await decide(approving.token, poster, { decision: 'approved', version: 1, name: 'Cleo Client', comment: 'Ship it' })).statusCode).toBe(200);

      const res = await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/approvals` });
      expect(res.statusCode, res.body).toBe(200);
      const { items, decided } = res.json() as { items: { id: string }[]; decided: { id: string; approval: { state: string; decisions: unknown[] } }[] };
      expect(items).toEqual([]);
      // Poster just now, Design.png's request for changes before it (Logo.png's too).
      expect(decided[0]).toMatchObject({
        id: poster,
        fileName: 'Poster.png',
        approval: { state: 'approved', version: 1, decisions: [{ decision: 'approved', version: 1, comment: 'Ship it', deciderName: 'Cleo Client', createdAt: clock.now().toISOString() }] },
      });
      expect(decided.find((f) => f.id === fileId)).toMatchObject({
        approval: { state: 'changes_requested', decisions: [{ decision: 'changes_requested', comment: 'Bigger logo, please', deciderName: 'Cleo Client' }] },
      });
      // A withdrawn request is neither awaiting nor decided any more.
      await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}/files/${poster}/approval` });
      const after = (await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/approvals` })).json();
      expect(after.decided.map((f: { id: string }) => f.id)).not.toContain(poster);
    });

    it('a new version resets the request to awaiting; a decision on the old version is refused clearly; history stays', async () => {
      const res = await newVersion(a.orgAdmin, fileId, 'Design v2.png', png);
      expect(res.json().approval).toMatchObject({ state: 'awaiting', version: 2 });
      // Back among what awaits the client, no longer among what was decided.
      const listed = (await t.app.inject({ method: 'GET', url: `/api/project-access/${approving.token}/approvals` })).json();
      expect(listed.items.map((f: { id: string }) => f.id)).toEqual([fileId]);
      expect(listed.decided.map((f: { id: string }) => f.id)).not.toContain(fileId);
      const old = await decide(approving.token, fileId, { decision: 'approved', version: 1, name: 'Cleo Client' });
      expect(old.statusCode).toBe(409);
      expect(old.json().error.message).toBe('Version 1 has been replaced by version 2. Please review version 2 and decide on it.');
      const ok = await decide(approving.token, fileId, { decision: 'approved', version: 2, name: 'Cleo Client' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().approval.state).toBe('approved');
      expect(ok.json().approval.decisions.map((d: { version: number; decision: string }) => [d.version, d.decision])).toEqual([
        [2, 'approved'],
        [1, 'changes_requested'],
      ]);
      const [request] = await t.db.select().from(fileApprovals).where(eq(fileApprovals.fileId, fileId));
      expect(request).toMatchObject({ state: 'approved', version: 2 });
      // Deleting the file takes its request and decisions with it.
      await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}/files/${fileId}` });
      expect(await decisionRows(fileId)).toEqual([]);
      expect(await t.db.select().from(projectFiles).where(eq(projectFiles.id, fileId))).toEqual([]);
    });
  });
});
