// Notes of a project (spec 2 "Notes", 5, 6). Anyone who can see the project may read its notes;
// signed-in members and signed-in link viewers may add them; only a note's author may edit or
// delete it, enforced here (spec 7 filters by creator).
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTE_MESSAGES, noteContentSchema, type Note } from '../../../domain/notes';
import { INBOX_TEXTS, notePreview } from '../../../domain/inbox';
import { withValues } from '../../../domain/locales';
import { emit } from '../../services/events';
import type { ProjectListQuery } from '../../../domain/project-lists';
import type { Executor } from '../../platform/db/client';
import { afterNewestFirst, countAll, cursorTimeOf, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { profiles } from '../../platform/db/schema/tenancy';
import { projectNotes } from './schema';
import { forbidden, notFound } from '../../platform/errors';
import { projectFollowers } from '../../services/inbox';
import type { Platform } from '../../platform/platform';
import { requireContributor, type ProjectAccess, type ProjectActor } from '../../services/project-access/access';

type NoteRow = { note: typeof projectNotes.$inferSelect; authorName: string | null; authorEmail: string | null };

function toNote({ note, authorName, authorEmail }: NoteRow, actor: ProjectActor | null): Note {
  return {
    id: note.id,
    projectId: note.projectId,
    content: note.content,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    createdBy: note.createdBy,
    authorName,
    authorEmail,
    isOwn: actor !== null && note.createdBy === actor.profileId,
  };
}

/**
 * One page of the project's notes, newest first (issue 36: every note reachable, none silently
 * cut off), with the count of all of them for spec 2's 'Project Notes (count)'.
 */
export async function listNotes({ db }: Platform, access: ProjectAccess, query: ProjectListQuery): Promise<{ items: Note[]; nextCursor: string | null; total: number }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await access.project(db);
  const rows = await db
    .select({ note: projectNotes, authorName: profiles.fullName, authorEmail: profiles.email, cursorTime: cursorTimeOf(projectNotes.createdAt) })
    .from(projectNotes)
    .leftJoin(profiles, eq(profiles.id, projectNotes.createdBy))
    // Served by project_notes_project_id_idx (project_id, created_at, id), read backwards.
    .where(and(eq(projectNotes.projectId, project.id), cursor ? afterNewestFirst(projectNotes.createdAt, projectNotes.id, cursor) : undefined))
    .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id))
    .limit(query.limit + 1);
  const [count] = await db.select({ n: countAll }).from(projectNotes).where(eq(projectNotes.projectId, project.id));
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((row) => toNote(row, access.actor)),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.note.id }) : null,
    total: count?.n ?? 0,
  };
}

export async function addNote(
  { db, clock }: Platform,
  access: ProjectAccess,
  input: z.output<typeof noteContentSchema>,
): Promise<Note> {
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    const now = clock.now();
    const [note] = await tx
      .insert(projectNotes)
      .values({ projectId: project.id, content: input.content, createdBy: actor.profileId, createdAt: now, updatedAt: now })
      .returning();
    // The project's organization: a signed-in user of another one may add notes through a link.
    // Issue 16: in the inbox of those who follow the project, but its author.
    const followers = await projectFollowers(tx, project, actor.profileId);
    await emit(tx, {
      type: 'note.added',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: { note_id: note!.id },
      notify: followers.map((recipientId) => ({
        recipientId,
        kind: 'note_added' as const,
        inbox: { projectId: project.id, title: withValues(INBOX_TEXTS.noteAdded, { project: project.name }), body: notePreview(actor.fullName, input.content) },
      })),
    });
    return toNote({ note: note!, authorName: actor.fullName, authorEmail: actor.email }, actor);
  });
}

/** The note when it belongs to this project; 404 otherwise, 403 when someone else wrote it. */
async function requireOwnNote(tx: Executor, access: ProjectAccess, noteId: string) {
  const project = await access.project(tx);
  const actor = requireContributor(access);
  const [note] = await tx
    .select({ id: projectNotes.id, createdBy: projectNotes.createdBy })
    .from(projectNotes)
    .where(and(eq(projectNotes.id, noteId), eq(projectNotes.projectId, project.id)));
  if (!note) throw notFound(NOTE_MESSAGES.notFound);
  if (note.createdBy !== actor.profileId) throw forbidden(NOTE_MESSAGES.notAuthor);
  return { project, actor };
}

export async function editNote(
  { db, clock }: Platform,
  access: ProjectAccess,
  noteId: string,
  input: z.output<typeof noteContentSchema>,
): Promise<Note> {
  return db.transaction(async (tx) => {
    const { project, actor } = await requireOwnNote(tx, access, noteId);
    const [note] = await tx
      .update(projectNotes)
      .set({ content: input.content, updatedAt: clock.now() })
      // The creator filter again: the write itself cannot touch another author's note.
      .where(and(eq(projectNotes.id, noteId), eq(projectNotes.projectId, project.id), eq(projectNotes.createdBy, actor.profileId)))
      .returning();
    await emit(tx, { type: 'note.edited', organizationId: project.organizationId, projectId: project.id, actorId: actor.profileId, at: clock.now(), details: { note_id: noteId } });
    return toNote({ note: note!, authorName: actor.fullName, authorEmail: actor.email }, actor);
  });
}

export async function deleteNote({ db, clock }: Platform, access: ProjectAccess, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { project, actor } = await requireOwnNote(tx, access, noteId);
    await tx
      .delete(projectNotes)
      .where(and(eq(projectNotes.id, noteId), eq(projectNotes.projectId, project.id), eq(projectNotes.createdBy, actor.profileId)));
    await emit(tx, { type: 'note.deleted', organizationId: project.organizationId, projectId: project.id, actorId: actor.profileId, at: clock.now(), details: { note_id: noteId } });
  });
}
