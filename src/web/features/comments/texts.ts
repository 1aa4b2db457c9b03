// Labels of a task's comments that the contract leaves to us (issue 29); its own wording (the
// title, Comment, the delete confirmation, the errors) is COMMENT_MESSAGES in
// src/domain/comment-rules.ts. Message descriptors each component translates (issue 48, decision
// 045: `useT('comments')`).
export const COMMENT_TEXTS = {
  list: /*i18n*/ { id: 'comments.list', message: 'Comments' },
  commentBy: /*i18n*/ { id: 'comments.commentBy', message: 'Comment by {author}' },
  unknownAuthor: /*i18n*/ { id: 'comments.unknownAuthor', message: 'Someone' },
  composerLabel: /*i18n*/ { id: 'comments.composerLabel', message: 'New comment' },
  editLabel: /*i18n*/ { id: 'comments.editLabel', message: 'Edit comment' },
  mode: /*i18n*/ { id: 'comments.mode', message: 'Write or preview' },
  write: /*i18n*/ { id: 'comments.write', message: 'Write' },
  preview: /*i18n*/ { id: 'comments.preview', message: 'Preview' },
  previewEmpty: /*i18n*/ { id: 'comments.previewEmpty', message: 'Nothing to preview' },
  /** Shown under the composer; the platform's own modifier key. */
  sendHintMac: /*i18n*/ { id: 'comments.sendHintMac', message: '⌘ + Enter to send' },
  sendHint: /*i18n*/ { id: 'comments.sendHint', message: 'Ctrl + Enter to send' },
  posting: /*i18n*/ { id: 'comments.posting', message: 'Posting...' },
  edit: /*i18n*/ { id: 'comments.edit', message: 'Edit' },
  save: /*i18n*/ { id: 'comments.save', message: 'Save' },
  saving: /*i18n*/ { id: 'comments.saving', message: 'Saving...' },
  loading: /*i18n*/ { id: 'comments.loading', message: 'Loading comments' },
  loadingOlder: /*i18n*/ { id: 'comments.loadingOlder', message: 'Loading...' },
  // The @mention suggestions (a listbox under the composer).
  mentionList: /*i18n*/ { id: 'comments.mentionList', message: 'People to mention' },
  mentionNone: /*i18n*/ { id: 'comments.mentionNone', message: 'No one on this project matches' },
  mentionCount: /*i18n*/ {
    id: 'comments.mentionCount',
    message: '{count, plural, one {# person to mention, up and down arrows to choose, Enter to pick} other {# people to mention, up and down arrows to choose, Enter to pick}}',
  },
  mentionLoading: /*i18n*/ { id: 'comments.mentionLoading', message: 'Loading people...' },
  // A link viewer who is signed out (a view-only link says SHARING_MESSAGES.viewOnly).
  signInToComment: /*i18n*/ { id: 'comments.signInToComment', message: 'Sign in to comment.' },
  // Markdown's images are shown as a link, never loaded (issue 29: no tracking pixels).
  image: /*i18n*/ { id: 'comments.image', message: 'Image' },
  imageWithAlt: /*i18n*/ { id: 'comments.imageWithAlt', message: 'Image: {alt}' },
  // The Follow button (issue 49 item 9): it says what is so, and changes when pressed.
  follow: /*i18n*/ { id: 'comments.follow', message: 'Follow' },
  following: /*i18n*/ { id: 'comments.following', message: 'Following' },
  followingHint: /*i18n*/ { id: 'comments.followingHint', message: 'You follow this task: new comments reach your inbox. Press to stop following.' },
  notFollowingHint: /*i18n*/ { id: 'comments.notFollowingHint', message: 'Follow to hear of new comments.' },
  checklistDone: /*i18n*/ { id: 'comments.checklistDone', message: 'Done' },
  checklistOpen: /*i18n*/ { id: 'comments.checklistOpen', message: 'Not done' },
} as const;
