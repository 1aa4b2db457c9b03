// Files and links of a project (spec 2 "Files & Links"; decision 10). Anyone who can see the
// project may list and download; signed in, also upload and add links. On the project page
// staff may delete any item, developers the ones they added; through a share link nobody
// deletes (spec 6 "Shared link"). An upload is stored first and its record written after; if the record
// insert fails the stored object is removed again.
import { randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { and, desc, eq } from 'drizzle-orm';
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
import { recordActivity } from '../../services/activity-log';
import { afterNewestFirst, cursorTimeOf, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { projectFiles } from '../../platform/db/schema/work';
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { requireContributor, type ProjectAccess } from '../../services/project-access/access';
import { StorageError, type Storage } from '../../platform/storage/storage';
import { emitWebhookEvent } from '../../services/webhook-events';
import { fileTooLarge, malformedUpload, type IncomingFile } from './http';

function mayDelete(access: Pick<ProjectAccess, 'canManage' | 'via' | 'actor'>, row: typeof projectFiles.$inferSelect): boolean {
  if (access.canManage) return true;
  return access.via === 'member' && access.actor !== null && row.uploadedBy === access.actor.profileId;
}

function toFile(row: typeof projectFiles.$inferSelect, access: Pick<ProjectAccess, 'canManage' | 'via' | 'actor'>): ProjectFile {
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
    canDelete: mayDelete(access, row),
  };
}

/** A file or link as webhook events carry it (issue 30): without the reader's own flag. */
function toFileEvent(row: typeof projectFiles.$inferSelect): FileEvent {
  const { canDelete: _delete, ...file } = toFile(row, { via: 'member', canManage: false, actor: null });
  return file;
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
    items: rows.slice(0, query.limit).map((row) => toFile(row.file, access)),
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

export async function uploadFile(
  { db, clock }: Platform,
  storage: Storage,
  access: ProjectAccess,
  file: IncomingFile,
): Promise<ProjectFile> {
  const drain = () => file.stream.resume();
  const storable = storedFileName(file.fileName);
  const fileName = storable ?? '';
  let project;
  let actor;
  let ext;
  try {
    project = await access.project(db);
    actor = requireContributor(access);
    if (storable === null) throw badRequest(FILE_MESSAGES.unstorableName, 'invalid_file_name');
    ext = acceptedExtension(fileName);
    if (!ext) throw badRequest(FILE_MESSAGES.wrongType, 'file_type_not_allowed');
  } catch (error) {
    // The body is read to its end either way, so the connection stays usable.
    drain();
    throw error;
  }

  // Spec 7: a unique name (millisecond timestamp) plus the original extension, under the project.
  const storagePath = `${project.id}/${clock.now().getTime()}-${randomUUID()}.${ext}`;
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
  const fileSize = inspected.bytes();
  try {
    return await db.transaction(async (tx) => {
      // Again inside the transaction: access may have ended (a revoked link) while storing.
      await access.project(tx);
      const [row] = await tx
        .insert(projectFiles)
        .values({
          projectId: project.id,
          fileName,
          fileType: CONTENT_TYPES[ext],
          fileSize,
          storagePath,
          isLink: false,
          uploadedBy: actor.profileId,
          createdAt: clock.now(),
        })
        .returning();
      // The project's organization: a signed-in user of another one may upload through a link.
      await recordActivity(tx, {
        organizationId: project.organizationId,
        userId: actor.profileId,
        action: 'upload_file',
        projectId: project.id,
        details: { file_name: fileName, file_size: fileSize },
      });
      await emitWebhookEvent(tx, { organizationId: project.organizationId, type: 'file.created', data: toFileEvent(row!), at: row!.createdAt });
      return toFile(row!, access);
    });
  } catch (error) {
    await storage.remove(storagePath);
    throw error;
  }
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
    await recordActivity(tx, {
      organizationId: project.organizationId,
      userId: actor.profileId,
      action: 'upload_link',
      projectId: project.id,
      details: { link_name: input.name, url: input.url },
    });
    await emitWebhookEvent(tx, { organizationId: project.organizationId, type: 'file.created', data: toFileEvent(row!), at: row!.createdAt });
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
  await platform.db.transaction(async (tx) => {
    await access.project(tx);
    await tx.delete(projectFiles).where(and(eq(projectFiles.id, row.id), eq(projectFiles.projectId, project.id)));
    await recordActivity(tx, {
      organizationId: project.organizationId,
      userId: actor.profileId,
      action: 'delete_file',
      projectId: project.id,
      details: { file_name: row.fileName, is_link: row.isLink },
    });
    await emitWebhookEvent(tx, { organizationId: project.organizationId, type: 'file.deleted', data: toFileEvent(row), at: platform.clock.now() });
  });
  // After the commit: a failed removal leaves an unreferenced object, never a record without one.
  if (row.storagePath) await storage.remove(row.storagePath);
}
