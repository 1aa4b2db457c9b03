// Labels of the notes feature that the spec leaves to us (spec 2 "Notes", the shared page's Add,
// Edit and Delete Note); the spec's own wording (title, Add Note, Edited, toasts, the delete
// confirmation) is NOTE_MESSAGES in src/domain/note-rules.ts.
export const NOTES_TEXTS = {
  /** The card's title before the count is known (NOTE_MESSAGES.title once it is). */
  titleUncounted: 'Project Notes',
  noteBy: (author: string) => `Note by ${author}`,
  /** A note whose author has neither a name nor an email any more. */
  unknownAuthor: 'Unknown',
  edit: 'Edit',
  editLabel: 'Edit note',
  save: 'Save',
  saving: 'Saving...',
  newNoteLabel: 'New note',
  newNotePlaceholder: 'Write a note...',
  adding: 'Adding...',
  loadMoreNotes: 'Load more notes',
} as const;
