// Labels of a task's comments that the contract leaves to us (issue 29); its own wording (the
// title, Comment, the delete confirmation, the errors) is COMMENT_MESSAGES in
// src/domain/comment-rules.ts.
export const COMMENT_TEXTS = {
  list: 'Comments',
  commentBy: (author: string) => `Comment by ${author}`,
  unknownAuthor: 'Someone',
  composerLabel: 'New comment',
  editLabel: 'Edit comment',
  mode: 'Write or preview',
  write: 'Write',
  preview: 'Preview',
  previewEmpty: 'Nothing to preview',
  /** Shown under the composer; the platform's own modifier key. */
  sendHint: (mac: boolean) => (mac ? '⌘ + Enter to send' : 'Ctrl + Enter to send'),
  posting: 'Posting...',
  edit: 'Edit',
  save: 'Save',
  saving: 'Saving...',
  loading: 'Loading comments',
  loadingOlder: 'Loading...',
  // The @mention suggestions (a listbox under the composer).
  mentionList: 'People to mention',
  mentionCount: (count: number) =>
    count === 0 ? 'No one on this project matches' : `${count} ${count === 1 ? 'person' : 'people'} to mention, up and down arrows to choose, Enter to pick`,
  mentionLoading: 'Loading people...',
  // A link viewer who is signed out (a view-only link says SHARING_MESSAGES.viewOnly).
  signInToComment: 'Sign in to comment.',
  // Markdown's images are shown as a link, never loaded (issue 29: no tracking pixels).
  image: (alt: string) => (alt ? `Image: ${alt}` : 'Image'),
  checklistDone: 'Done',
  checklistOpen: 'Not done',
} as const;
