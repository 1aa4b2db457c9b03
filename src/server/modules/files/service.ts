// Files and links of a project (spec 2 "Files & Links"; decision 10). Anyone who can see the
// project may list and download; signed in, also upload and add links. On the project page
// staff may delete any item, developers the ones they added; through a share link nobody
// deletes (spec 6 "Shared link"). An upload is stored first and its record written after; if the record
// insert fails the stored object is removed again.
import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  acceptedExtension,
  storedFileName,
  addLinkSchema,
  CONTENT_TYPES,
  contentMatchesExtension,
  FILE_MESSAGES,
  SIGNATURE_BYTES,
  textContentCheck,
  type AcceptedExtension,
  type FileEvent,
  type ProjectFile,
} from '../../../domain/files';
import type { ProjectListQuery } from '../../../domain/project-lists';
import { emit } from '../../services/events';
import { afterNewestFirst, cursorTimeOf, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { approvalDecisions, fileApprovals, fileVersions, projectFiles } from './schema';
import type { Executor } from '../../platform/db/client';
import type { FileApproval } from '../../../domain/approvals';
import type { FileVersion } from '../../../domain/files';
import { storeThumbnail } from './thumbnails';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { requireContributor, type ProjectAccess } from '../../services/project-access/access';
import { StorageError, type Storage } from '../../platform/storage/storage';
import { fileTooLarge, malformedUpload, type IncomingFile } from './http';

function mayDelete(access: Pick<ProjectAccess, 'canManage' | 'via' | 'actor'>, row: typeof projectFiles.$inferSelect): boolean {
  if (access.canManage) return true;
  return access.via === 'member' && access.actor !== null && row.uploadedBy === access.actor.profileId;
}

/** What a file row shows besides its own columns (issue 33): its newest version, thumbnail and approval. */
type FileExtras = { version: number; hasThumbnail: boolean; approval: FileApproval | null };
const NO_EXTRAS: FileExtras = { version: 1, hasThumbnail: false, approval: null };

function toFile(row: typeof projectFiles.$inferSelect, access: Pick<ProjectAccess, 'canManage' | 'via' | 'actor'>, extras: FileExtras = NO_EXTRAS): ProjectFile {
  return {
    id: row.id,
    projectId: row.projectId,
    fileName: row.fileName,
    fileType: row.fileType,
    fileSize: row.fileSize,
    isLink: row.isLink,
    linkUrl: row.linkUrl,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt.toISOString(),
    ...extras,
    canDelete: mayDelete(access, row),
  };
}

/** A file or link as webhook events carry it (issue 30): without the reader's own flag. */
function toFileEvent(row: typeof projectFiles.$inferSelect): FileEvent {
  const { canDelete: _delete, approval: _approval, hasThumbnail: _thumbnail, version: _version, ...file } = toFile(row, { via: 'member', canManage: false, actor: null });
  return file;
}

/**
 * The newest version, its thumbnail and the approval of each of a page's files: three queries
 * bounded by the page, served by file_versions' and approval_decisions' (file_id, ...) keys.
 */
async function withExtras(db: Executor, rows: (typeof projectFiles.$inferSelect)[], access: ProjectAccess): Promise<ProjectFile[]> {
  const ids = rows.filter((r) => !r.isLink).map((r) => r.id);
  const extras = new Map<string, FileExtras>();
  if (ids.length > 0) {
    const newest = await db
      .selectDistinctOn([fileVersions.fileId], { fileId: fileVersions.fileId, version: fileVersions.version, thumbnailPath: fileVersions.thumbnailPath })
      .from(fileVersions)
      .where(inArray(fileVersions.fileId, ids))
      .orderBy(fileVersions.fileId, desc(fileVersions.version));
    for (const v of newest) extras.set(v.fileId, { version: v.version, hasThumbnail: v.thumbnailPath !== null, approval: null });
    const approvals = await approvalsOf(db, ids);
    for (const [fileId, approval] of approvals) {
      const current = extras.get(fileId) ?? { ...NO_EXTRAS };
      extras.set(fileId, { ...current, approval });
    }
  }
  return rows.map((row) => toFile(row, access, extras.get(row.id)));
}

/** The approval requests of these files with every decision, newest first. */
export async function approvalsOf(db: Executor, fileIds: string[]): Promise<Map<string, FileApproval>> {
  const result = new Map<string, FileApproval>();
  if (fileIds.length === 0) return result;
  const requests = await db.select().from(fileApprovals).where(inArray(fileApprovals.fileId, fileIds));
  if (requests.length === 0) return result;
  const decisions = await db
    .select()
    .from(approvalDecisions)
    .where(inArray(approvalDecisions.fileId, requests.map((r) => r.fileId)))
    .orderBy(desc(approvalDecisions.createdAt), desc(approvalDecisions.version), desc(approvalDecisions.id));
  for (const request of requests) {
    result.set(request.fileId, {
      state: request.state,
      version: request.version,
      message: request.message,
      dueDate: request.dueDate,
      requestedAt: request.createdAt.toISOString(),
      decisions: decisions
        .filter((d) => d.fileId === request.fileId)
        .map((d) => ({ id: d.id, version: d.version, decision: d.decision, comment: d.comment, deciderName: d.deciderName, linkName: d.linkName, createdAt: d.createdAt.toISOString() })),
    });
  }
  return result;
}

/** These files of the access's project, as lists show them, in the order asked (missing ones left out). */
export async function listFileRows({ db }: Platform, access: ProjectAccess, fileIds: string[]): Promise<ProjectFile[]> {
  if (fileIds.length === 0) return [];
  const project = await access.project(db);
  const rows = await db.select().from(projectFiles).where(and(eq(projectFiles.projectId, project.id), inArray(projectFiles.id, fileIds)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return withExtras(db, fileIds.flatMap((id) => byId.get(id) ?? []), access);
}

/** One page of the project's files and links, newest first (issue 36: none silently cut off). */
export async function listFiles({ db }: Platform, access: ProjectAccess, query: ProjectListQuery): Promise<{ items: ProjectFile[]; nextCursor: string | null }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await access.project(db);
  const rows = await db
    .select({ file: projectFiles, cursorTime: cursorTimeOf(projectFiles.createdAt) })
    .from(projectFiles)
    // Served by project_files_project_id_idx (project_id, created_at, id), read backwards.
    .where(and(eq(projectFiles.projectId, project.id), cursor ? afterNewestFirst(projectFiles.createdAt, projectFiles.id, cursor) : undefined))
    .orderBy(desc(projectFiles.createdAt), desc(projectFiles.id))
    .limit(query.limit + 1);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: await withExtras(db, rows.slice(0, query.limit).map((row) => row.file), access),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.file.id }) : null,
  };
}

/**
 * The upload as it streams into storage: held back until its first bytes show the type (magic
 * bytes), text checked piece by piece, bytes counted. A check that fails ends the stream with the
 * 400, so storage keeps nothing.
 */
function inspectContent(ext: AcceptedExtension): { stream: Transform; bytes: () => number } {
  let head: Buffer | null = Buffer.alloc(0);
  let bytes = 0;
  const text = ext === 'txt' ? textContentCheck() : null;
  const mismatch = () => badRequest(FILE_MESSAGES.contentMismatch, 'file_content_mismatch');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (text && !text.push(chunk)) return done(mismatch());
      if (head === null) return done(null, chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length < SIGNATURE_BYTES) return done();
      const start = head;
      head = null;
      if (!text && !contentMatchesExtension(ext, start)) return done(mismatch());
      done(null, start);
    },
    flush(done) {
      if (text && !text.end()) return done(mismatch());
      if (head !== null && !text && !contentMatchesExtension(ext, head)) return done(mismatch());
      done(null, head ?? undefined);
    },
  });
  return { stream, bytes: () => bytes };
}

/** An upload checked and stored, not yet recorded: the caller records it or removes the object. */
type StoredUpload = { fileName: string; fileType: string; fileSize: number; storagePath: string };

/**
 * Streams an upload into storage with its checks (name, extension, magic bytes, size); on any
 * refusal storage keeps nothing. `check` runs before the body is read (access, the file's rules).
 */
async function receiveUpload({ clock }: Platform, storage: Storage, projectId: string, file: IncomingFile, check: () => void): Promise<StoredUpload> {
  const drain = () => file.stream.resume();
  const storable = storedFileName(file.fileName);
  const fileName = storable ?? '';
  let ext;
  try {
    check();
    if (storable === null) throw badRequest(FILE_MESSAGES.unstorableName, 'invalid_file_name');
    ext = acceptedExtension(fileName);
    if (!ext) throw badRequest(FILE_MESSAGES.wrongType, 'file_type_not_allowed');
  } catch (error) {
    // The body is read to its end either way, so the connection stays usable.
    drain();
    throw error;
  }

  // Spec 7: a unique name (millisecond timestamp) plus the original extension, under the project.
  const storagePath = `${projectId}/${clock.now().getTime()}-${randomUUID()}.${ext}`;
  const inspected = inspectContent(ext);
  // Errors of either stream reach storage.put through the returned (last) stream.
  const checked: Readable = pipeline(file.stream, inspected.stream, () => {});
  try {
    await storage.put(storagePath, checked);
    if (file.truncated()) throw fileTooLarge(file.maxBytes);
  } catch (error) {
    drain();
    await storage.remove(storagePath);
    // A body that broke off mid-stream is the client's, whatever storage made of the cut.
    throw file.unreadable() && !(error instanceof AppError) && !(error instanceof StorageError) ? malformedUpload() : error;
  }
  return { fileName, fileType: CONTENT_TYPES[ext], fileSize: inspected.bytes(), storagePath };
}

/**
 * Issue 33: the thumbnail of a recorded image version, made after the commit (the upload stands
 * without one); stored and then named on its row, or removed again if the row is gone meanwhile.
 */
async function addThumbnail(platform: Platform, storage: Storage, versionId: string, stored: StoredUpload): Promise<boolean> {
  let key: string | null = null;
  try {
    key = await storeThumbnail(storage, stored.storagePath, stored.fileType);
    if (!key) return false;
    const updated = await platform.db.update(fileVersions).set({ thumbnailPath: key }).where(eq(fileVersions.id, versionId)).returning({ id: fileVersions.id });
    if (updated.length === 0) throw new Error('version deleted meanwhile');
    return true;
  } catch (error) {
    if (key) await storage.remove(key).catch(() => {});
    // The upload stands without a preview; a storage fault here is not the uploader's problem.
    void error;
    return false;
  }
}

export async function uploadFile(platform: Platform, storage: Storage, access: ProjectAccess, file: IncomingFile): Promise<ProjectFile> {
  const { db, clock } = platform;
  let project: Awaited<ReturnType<ProjectAccess['project']>>;
  let actor: ReturnType<typeof requireContributor>;
  try {
    project = await access.project(db);
  } catch (error) {
    file.stream.resume();
    throw error;
  }
  const stored = await receiveUpload(platform, storage, project.id, file, () => {
    actor = requireContributor(access);
  });
  let recorded: { file: typeof projectFiles.$inferSelect; versionId: string };
  try {
    recorded = await db.transaction(async (tx) => {
      // Again inside the transaction: access may have ended (a revoked link) while storing.
      await access.project(tx);
      const now = clock.now();
      const [row] = await tx
        .insert(projectFiles)
        .values({
          projectId: project.id,
          fileName: stored.fileName,
          fileType: stored.fileType,
          fileSize: stored.fileSize,
          storagePath: stored.storagePath,
          isLink: false,
          uploadedBy: actor.profileId,
          createdAt: now,
        })
        .returning();
      const [version] = await tx
        .insert(fileVersions)
        .values({ projectId: project.id, fileId: row!.id, version: 1, ...stored, uploadedBy: actor.profileId, uploaderName: actor.fullName, createdAt: now })
        .returning({ id: fileVersions.id });
      // The project's organization: a signed-in user of another one may upload through a link.
      await emit(tx, {
        type: 'file.uploaded',
        organizationId: project.organizationId,
        projectId: project.id,
        actorId: actor.profileId,
        at: row!.createdAt,
        details: { file_name: stored.fileName, file_size: stored.fileSize },
        payload: toFileEvent(row!),
      });
      return { file: row!, versionId: version!.id };
    });
  } catch (error) {
    await storage.remove(stored.storagePath);
    throw error;
  }
  const hasThumbnail = await addThumbnail(platform, storage, recorded.versionId, stored);
  return toFile(recorded.file, access, { version: 1, hasThumbnail, approval: null });
}

/**
 * Issue 33: a new version of an uploaded file (project page only; staff for any file, developers
 * for their own). It becomes what the file shows and downloads; earlier versions stay. An
 * approval asked for goes back to awaiting, about the new version; its decisions stay.
 */
export async function uploadNewVersion(platform: Platform, storage: Storage, access: ProjectAccess, fileId: string, file: IncomingFile): Promise<ProjectFile> {
  const { db, clock } = platform;
  let found: Awaited<ReturnType<typeof findFile>>;
  let actor: ReturnType<typeof requireContributor>;
  try {
    found = await findFile(platform, access, fileId);
  } catch (error) {
    file.stream.resume();
    throw error;
  }
  const { project, row: current } = found;
  const stored = await receiveUpload(platform, storage, project.id, file, () => {
    actor = requireContributor(access);
    if (current.isLink) throw badRequest(FILE_MESSAGES.linkHasNoVersions, 'link_has_no_versions');
    if (!mayDelete(access, current)) throw forbidden(FILE_MESSAGES.notYoursToReplace);
  });
  let recorded: { file: typeof projectFiles.$inferSelect; versionId: string; version: number };
  try {
    recorded = await db.transaction(async (tx) => {
      await access.project(tx);
      const now = clock.now();
      // The file row, locked: two new versions at once get 2 and 3, not 2 twice.
      const [locked] = await tx
        .select({ id: projectFiles.id })
        .from(projectFiles)
        .where(and(eq(projectFiles.id, current.id), eq(projectFiles.projectId, project.id)))
        .for('update');
      if (!locked) throw notFound(FILE_MESSAGES.notFound);
      const [{ newest } = { newest: 0 }] = await tx
        .select({ newest: sql<number>`coalesce(max(${fileVersions.version}), 0)::int` })
        .from(fileVersions)
        .where(eq(fileVersions.fileId, current.id));
      const version = newest + 1;
      const [inserted] = await tx
        .insert(fileVersions)
        .values({ projectId: project.id, fileId: current.id, version, ...stored, uploadedBy: actor.profileId, uploaderName: actor.fullName, createdAt: now })
        .returning({ id: fileVersions.id });
      const [row] = await tx
        .update(projectFiles)
        .set({ fileName: stored.fileName, fileType: stored.fileType, fileSize: stored.fileSize, storagePath: stored.storagePath })
        .where(eq(projectFiles.id, current.id))
        .returning();
      const reset = await tx
        .update(fileApprovals)
        .set({ state: 'awaiting', version, updatedAt: now })
        .where(eq(fileApprovals.fileId, current.id))
        .returning({ id: fileApprovals.id });
      // Its 'projects' change refreshes the Projects tab's approval badges and filter (a reset).
      await emit(tx, {
        type: 'file.version_uploaded',
        organizationId: project.organizationId,
        projectId: project.id,
        actorId: actor.profileId,
        at: now,
        details: { file_name: stored.fileName, version, file_size: stored.fileSize, ...(reset.length > 0 ? { approval: 'awaiting' } : {}) },
      });
      return { file: row!, versionId: inserted!.id, version };
    });
  } catch (error) {
    await storage.remove(stored.storagePath);
    throw error;
  }
  const hasThumbnail = await addThumbnail(platform, storage, recorded.versionId, stored);
  const approvals = await approvalsOf(db, [recorded.file.id]);
  return toFile(recorded.file, access, { version: recorded.version, hasThumbnail, approval: approvals.get(recorded.file.id) ?? null });
}

/** Every version of a file, newest first (bounded: a file's versions are few; at most 500 shown). */
export async function listVersions(platform: Platform, access: ProjectAccess, fileId: string): Promise<{ items: FileVersion[] }> {
  const { row } = await findFile(platform, access, fileId);
  const rows = await platform.db.select().from(fileVersions).where(eq(fileVersions.fileId, row.id)).orderBy(desc(fileVersions.version)).limit(500);
  return {
    items: rows.map((v) => ({
      id: v.id,
      version: v.version,
      fileName: v.fileName,
      fileType: v.fileType,
      fileSize: v.fileSize,
      uploadedBy: v.uploadedBy,
      uploaderName: v.uploaderName,
      createdAt: v.createdAt.toISOString(),
      hasThumbnail: v.thumbnailPath !== null,
    })),
  };
}

async function findVersion(platform: Platform, access: ProjectAccess, fileId: string, version: number | 'newest') {
  const { row } = await findFile(platform, access, fileId);
  const [found] = await platform.db
    .select()
    .from(fileVersions)
    .where(and(eq(fileVersions.fileId, row.id), version === 'newest' ? undefined : eq(fileVersions.version, version)))
    .orderBy(desc(fileVersions.version))
    .limit(1);
  if (!found) throw notFound(FILE_MESSAGES.versionNotFound);
  return found;
}

/** One version's stored object, for its own download (and the in-page viewer). */
export async function openVersionDownload(platform: Platform, storage: Storage, access: ProjectAccess, fileId: string, version: number) {
  const found = await findVersion(platform, access, fileId, version);
  const stream = await storage.read(found.storagePath);
  if (!stream) throw notFound(FILE_MESSAGES.notFound);
  return { stream, fileName: found.fileName, contentType: found.fileType, size: found.fileSize };
}

/** A version's thumbnail (newest by default); 404 when it has none. */
export async function openThumbnail(platform: Platform, storage: Storage, access: ProjectAccess, fileId: string, version: number | 'newest') {
  const found = await findVersion(platform, access, fileId, version);
  if (!found.thumbnailPath) throw notFound(FILE_MESSAGES.noThumbnail);
  const stream = await storage.read(found.thumbnailPath);
  if (!stream) throw notFound(FILE_MESSAGES.noThumbnail);
  return { stream, fileName: `${found.fileName}.webp`, contentType: 'image/webp', size: null };
}

export async function addLink(
  { db, clock }: Platform,
  access: ProjectAccess,
  input: z.output<typeof addLinkSchema>,
): Promise<ProjectFile> {
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    const [row] = await tx
      .insert(projectFiles)
      .values({
        projectId: project.id,
        fileName: input.name,
        fileType: 'link',
        linkUrl: input.url,
        isLink: true,
        uploadedBy: actor.profileId,
        createdAt: clock.now(),
      })
      .returning();
    await emit(tx, {
      type: 'link.added',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: row!.createdAt,
      details: { link_name: input.name, url: input.url },
      payload: toFileEvent(row!),
    });
    return toFile(row!, access);
  });
}

async function findFile(platform: Platform, access: ProjectAccess, fileId: string) {
  const project = await access.project(platform.db);
  const [row] = await platform.db
    .select()
    .from(projectFiles)
    .where(and(eq(projectFiles.id, fileId), eq(projectFiles.projectId, project.id)));
  if (!row) throw notFound(FILE_MESSAGES.notFound);
  return { project, row };
}

/** The stored object and its original name, for the authorized download route. */
export async function openDownload(platform: Platform, storage: Storage, access: ProjectAccess, fileId: string) {
  const { row } = await findFile(platform, access, fileId);
  if (row.isLink || !row.storagePath) throw notFound(FILE_MESSAGES.notFound);
  const stream = await storage.read(row.storagePath);
  if (!stream) throw notFound(FILE_MESSAGES.notFound);
  return { stream, fileName: row.fileName, contentType: row.fileType, size: row.fileSize };
}

export async function deleteFile(platform: Platform, storage: Storage, access: ProjectAccess, fileId: string) {
  const { project, row } = await findFile(platform, access, fileId);
  const actor = requireContributor(access);
  if (!mayDelete(access, row)) throw forbidden(FILE_MESSAGES.notYours);
  const keys = await platform.db.transaction(async (tx) => {
    await access.project(tx);
    // Issue 33: every version's object and thumbnail go with the file (its versions by cascade).
    const versions = await tx
      .select({ storagePath: fileVersions.storagePath, thumbnailPath: fileVersions.thumbnailPath })
      .from(fileVersions)
      .where(eq(fileVersions.fileId, row.id));
    await tx.delete(projectFiles).where(and(eq(projectFiles.id, row.id), eq(projectFiles.projectId, project.id)));
    await emit(tx, {
      type: 'file.deleted',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: platform.clock.now(),
      details: { file_name: row.fileName, is_link: row.isLink },
      payload: toFileEvent(row),
    });
    return new Set([row.storagePath, ...versions.flatMap((v) => [v.storagePath, v.thumbnailPath])].filter((k): k is string => !!k));
  });
  // After the commit: a failed removal leaves an unreferenced object, never a record without one.
  for (const key of keys) await storage.remove(key);
}
