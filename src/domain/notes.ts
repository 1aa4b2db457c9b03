// Notes on the project page (spec 2 "Notes", 3 "project_note", 4, 5, 8).
import { z } from 'zod';
import { projectListPageSchema } from './project-lists';
import { text } from './text-fields';
import { NOTE_MESSAGES } from './note-rules';
// Named here too for the API and the server; pages read them from note-rules.ts (decision 013).
export { authorInitials, isEdited, NOTE_MESSAGES } from './note-rules';

export const NOTE_MAX_LENGTH = 10000;

/** Spec 5: content non-empty after trimming, saved trimmed. */
export const noteContentSchema = z.object({
  content: text({ message: NOTE_MESSAGES.contentRequired.id })
    .trim()
    .min(1, NOTE_MESSAGES.contentRequired.id)
    .max(NOTE_MAX_LENGTH, `Notes can be at most ${NOTE_MAX_LENGTH} characters`),
});
export type NoteContentInput = z.input<typeof noteContentSchema>;

export const noteSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  authorName: z.string().nullable(),
  authorEmail: z.string().nullable(),
  /** The caller wrote it: only then Edit and Delete show (the server enforces the same). */
  isOwn: z.boolean(),
});

/**
 * Decision 006: a share-link page shows authors by name (and initials), never by email, whoever
 * is looking; the schema holds null so an email that slipped through fails loudly.
 */
export const sharedNoteSchema = noteSchema.extend({ authorEmail: z.null() });

export function toSharedNote<T extends { authorEmail: string | null }>(note: T): T & { authorEmail: null } {
  return { ...note, authorEmail: null };
}
export type Note = z.infer<typeof noteSchema>;

/** A page of notes, newest first, with spec 2's count ('Project Notes (count)') of all of them. */
export const notePageSchema = projectListPageSchema(noteSchema).extend({ total: z.number().int() });
export const sharedNotePageSchema = projectListPageSchema(sharedNoteSchema).extend({ total: z.number().int() });
export type NotePage = z.infer<typeof notePageSchema>;
