// Labels of the notes feature that the spec leaves to us (spec 2 "Notes", the shared page's Add,
// Edit and Delete Note), as message descriptors each component translates (issue 48, decision
// 045: `useT('notes')`); the spec's own wording (title, Add Note, Edited, toasts, the delete
// confirmation) is NOTE_MESSAGES in src/domain/note-rules.ts.
export const NOTES_TEXTS = {
  /** The card's title before the count is known (NOTE_MESSAGES.title once it is). */
  titleUncounted: /*i18n*/ { id: 'notes.titleUncounted', message: 'Project Notes' },
  noteBy: /*i18n*/ { id: 'notes.noteBy', message: 'Note by {author}' },
  /** A note whose author has neither a name nor an email any more. */
  unknownAuthor: /*i18n*/ { id: 'notes.unknownAuthor', message: 'Unknown' },
  edit: /*i18n*/ { id: 'notes.edit', message: 'Edit' },
  editLabel: /*i18n*/ { id: 'notes.editLabel', message: 'Edit note' },
  save: /*i18n*/ { id: 'notes.save', message: 'Save' },
  saving: /*i18n*/ { id: 'notes.saving', message: 'Saving...' },
  newNoteLabel: /*i18n*/ { id: 'notes.newNoteLabel', message: 'New note' },
  newNotePlaceholder: /*i18n*/ { id: 'notes.newNotePlaceholder', message: 'Write a note...' },
  adding: /*i18n*/ { id: 'notes.adding', message: 'Adding...' },
  loadMoreNotes: /*i18n*/ { id: 'notes.loadMoreNotes', message: 'Load more notes' },
} as const;
