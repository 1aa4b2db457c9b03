// Notes on the project page (spec 2 "Notes", 3 "project_note", 4, 5, 8).
import { z } from 'zod';
import { text } from './text-fields';

export const NOTE_MESSAGES = {
  title: (count: number) => `Project Notes (${count})`,
  add: 'Add Note',
  empty: 'No notes yet',
  contentRequired: 'Note content is required',
  added: 'Note added successfully',
  updated: 'Note updated successfully',
  deleted: 'Note deleted successfully',
  loadFailed: 'Failed to load notes',
  edited: 'Edited',
  deleteTitle: 'Delete Note',
  deleteConfirm: 'Are you sure you want to delete this note? This action cannot be undone.',
  notFound: 'Note not found',
  notAuthor: 'You can only edit or delete your own notes.',
} as const;

export const NOTE_MAX_LENGTH = 10000;

/** Spec 5: content non-empty after trimming, saved trimmed. */
export const noteContentSchema = z.object({
  content: text('Note content', { message: NOTE_MESSAGES.contentRequired })
    .trim()
    .min(1, NOTE_MESSAGES.contentRequired)
    .max(NOTE_MAX_LENGTH, `Notes can be at most ${NOTE_MAX_LENGTH} characters`),
});
export type NoteContentInput = z.input<typeof noteContentSchema>;

/** Spec 2: the first letters of up to two words of the author's name. */
export function authorInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const initials = words.slice(0, 2).map((w) => w[0]!.toUpperCase()).join('');
  return initials || '?';
}

/** Spec 4: 'Edited' shows when the updated time differs from the created time. */
export function isEdited(note: { createdAt: string; updatedAt: string }): boolean {
  return new Date(note.createdAt).getTime() !== new Date(note.updatedAt).getTime();
}

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

export const NOTE_LIST_LIMIT = 500;
