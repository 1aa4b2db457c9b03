// Notes' messages and rules without zod (spec 2 "Notes", 4, 8): what a page that lists notes
// needs, so that a share link's page loads no schema library (decision 013). The API's schemas
// are in ./notes.ts.

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
