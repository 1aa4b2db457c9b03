// Issue 48 item 3: the comment emails in the `server` part of the catalogs (decision 045).
export const COMMENT_EMAIL_TEXTS = {
  mentionedSubject: /*i18n*/ { id: 'server.emails.comments.mentionedSubject', message: '{author} mentioned you on "{title}" ({project})' },
  commentedSubject: /*i18n*/ { id: 'server.emails.comments.commentedSubject', message: '{author} commented on "{title}" ({project})' },
  mentionedBody: /*i18n*/ { id: 'server.emails.comments.mentionedBody', message: '{author} mentioned you in a comment on the task "{title}" of the project "{project}":' },
  commentedBody: /*i18n*/ { id: 'server.emails.comments.commentedBody', message: '{author} commented on the task "{title}" of the project "{project}":' },
  openComment: /*i18n*/ { id: 'server.emails.comments.openComment', message: 'Open the comment: {url}' },
};
