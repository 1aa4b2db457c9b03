// Notes of a project (spec 2 "Notes", 5, 6). Anyone who can see the project may read and add
// notes; only a note's author may edit or delete it, enforced here (spec 7 filters by creator).
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { NOTE_LIST_LIMIT, NOTE_MESSAGES, noteContentSchema, type Note } from '../../../domain/notes';
import { recordActivity } from '../../platform/activity-log';
import type { Actor } from '../../platform/auth/session';
import type { Executor } from '../../platform/db/client';
import { profiles } from '../../platform/db/schema/tenancy';
import { projectNotes } from '../../platform/db/schema/work';
import { forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { requireVisibleProject } from '../projects/detail-service';

type NoteRow = { note: typeof projectNotes.$inferSelect; authorName: string | null; authorEmail: string | null };

function toNote({ note, authorName, authorEmail }: NoteRow, actor: Actor): Note {
  return {
    id: note.id,
    projectId: note.projectId,
    content: note.content,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    createdBy: note.createdBy,
    authorName,
    authorEmail,
    isOwn: note.createdBy === actor.profileId,
  };
}

function notesWithAuthor(db: Executor) {
  return db
    .select({ note: projectNotes, authorName: profiles.fullName, authorEmail: profiles.email })
    .from(projectNotes)
    .leftJoin(profiles, eq(profiles.id, projectNotes.createdBy));
}

export async function listNotes({ db }: Platform, actor: Actor, projectId: string): Promise<Note[]> {
  await requireVisibleProject(db, actor, projectId);
  const rows = await notesWithAuthor(db)
    .where(eq(projectNotes.projectId, projectId))
    .orderBy(desc(projectNotes.createdAt), desc(projectNotes.id))
    .limit(NOTE_LIST_LIMIT);
  return rows.map((row) => toNote(row, actor));
}

export async function addNote(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  input: z.output<typeof noteContentSchema>,
): Promise<Note> {
  return db.transaction(async (tx) => {
    const project = await requireVisibleProject(tx, actor, projectId);
    const now = clock.now();
    const [note] = await tx
      .insert(projectNotes)
      .values({ projectId: project.id, content: input.content, createdBy: actor.profileId, createdAt: now, updatedAt: now })
      .returning();
    await recordActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.profileId,
      action: 'add_note',
      projectId: project.id,
      details: { note_id: note!.id },
    });
    return toNote({ note: note!, authorName: actor.fullName, authorEmail: actor.email }, actor);
  });
}

/** The note when it belongs to this project; 404 otherwise, 403 when someone else wrote it. */
async function requireOwnNote(tx: Executor, actor: Actor, projectId: string, noteId: string) {
  const project = await requireVisibleProject(tx, actor, projectId);
  const [note] = await tx
    .select({ id: projectNotes.id, createdBy: projectNotes.createdBy })
    .from(projectNotes)
    .where(and(eq(projectNotes.id, noteId), eq(projectNotes.projectId, project.id)));
  if (!note) throw notFound(NOTE_MESSAGES.notFound);
  if (note.createdBy !== actor.profileId) throw forbidden(NOTE_MESSAGES.notAuthor);
  return project;
}

export async function editNote(
  { db, clock }: Platform,
  actor: Actor,
  projectId: string,
  noteId: string,
  input: z.output<typeof noteContentSchema>,
): Promise<Note> {
  return db.transaction(async (tx) => {
    const project = await requireOwnNote(tx, actor, projectId, noteId);
    const [note] = await tx
      .update(projectNotes)
      .set({ content: input.content, updatedAt: clock.now() })
      // The creator filter again: the write itself cannot touch another author's note.
      .where(and(eq(projectNotes.id, noteId), eq(projectNotes.createdBy, actor.profileId)))
      .returning();
    await recordActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.profileId,
      action: 'edit_note',
      projectId: project.id,
      details: { note_id: noteId },
    });
    return toNote({ note: note!, authorName: actor.fullName, authorEmail: actor.email }, actor);
  });
}

export async function deleteNote({ db }: Platform, actor: Actor, projectId: string, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const project = await requireOwnNote(tx, actor, projectId, noteId);
    await tx.delete(projectNotes).where(and(eq(projectNotes.id, noteId), eq(projectNotes.createdBy, actor.profileId)));
    await recordActivity(tx, {
      organizationId: actor.organizationId,
      userId: actor.profileId,
      action: 'delete_note',
      projectId: project.id,
      details: { note_id: noteId },
    });
  });
}
