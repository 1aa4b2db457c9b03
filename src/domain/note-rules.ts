// Notes' messages and rules without zod (spec 2 "Notes", 4, 8): what a page that lists notes
// needs, so that a share link's page loads no schema library (decision 013). The API's schemas
// are in ./notes.ts.

export const NOTE_MESSAGES = {
  title: /*i18n*/ { id: 'domain-shared.note-rules.title', message: 'Project Notes ({count})' },
  add: /*i18n*/ { id: 'domain-shared.note-rules.add', message: 'Add Note' },
  empty: /*i18n*/ { id: 'domain-shared.note-rules.empty', message: 'No notes yet' },
  contentRequired: /*i18n*/ { id: 'domain-shared.note-rules.contentRequired', message: 'Note content is required' },
  added: /*i18n*/ { id: 'domain-shared.note-rules.added', message: 'Note added successfully' },
  updated: /*i18n*/ { id: 'domain-shared.note-rules.updated', message: 'Note updated successfully' },
  deleted: /*i18n*/ { id: 'domain-shared.note-rules.deleted', message: 'Note deleted successfully' },
  loadFailed: /*i18n*/ { id: 'domain-shared.note-rules.loadFailed', message: 'Failed to load notes' },
  edited: /*i18n*/ { id: 'domain-shared.note-rules.edited', message: 'Edited' },
  deleteTitle: /*i18n*/ { id: 'domain-shared.note-rules.deleteTitle', message: 'Delete Note' },
  deleteConfirm: /*i18n*/ { id: 'domain-shared.note-rules.deleteConfirm', message: 'Are you sure you want to delete this note? This action cannot be undone.' },
  notFound: /*i18n*/ { id: 'domain-shared.note-rules.notFound', message: 'Note not found' },
  notAuthor: /*i18n*/ { id: 'domain-shared.note-rules.notAuthor', message: 'You can only edit or delete your own notes.' },
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
