// Comments on a task (issue 29): their words and rules without zod, for the task panel, which
// the shared page opens too (decision 013). The API's schemas are in ./comments.ts.

export const COMMENT_MAX_LENGTH = 10000;
/** A comment names at most this many people. */
export const COMMENT_MAX_MENTIONS = 20;

export const COMMENT_MESSAGES = {
  title: /*i18n*/ { id: 'domain-shared.comment-rules.title', message: 'Comments ({count})' },
  empty: /*i18n*/ { id: 'domain-shared.comment-rules.empty', message: 'No comments yet' },
  placeholder: /*i18n*/ { id: 'domain-shared.comment-rules.placeholder', message: 'Write a comment… Markdown works; type @ to mention someone' },
  add: /*i18n*/ { id: 'domain-shared.comment-rules.add', message: 'Comment' },
  bodyRequired: /*i18n*/ { id: 'domain-shared.comment-rules.bodyRequired', message: 'Comment is required' },
  tooLong: /*i18n*/ { id: 'domain-shared.comment-rules.tooLong', message: 'Comments can be at most {max} characters' },
  added: /*i18n*/ { id: 'domain-shared.comment-rules.added', message: 'Comment added' },
  updated: /*i18n*/ { id: 'domain-shared.comment-rules.updated', message: 'Comment updated' },
  deleted: /*i18n*/ { id: 'domain-shared.comment-rules.deleted', message: 'Comment deleted' },
  loadFailed: /*i18n*/ { id: 'domain-shared.comment-rules.loadFailed', message: 'Failed to load comments' },
  loadOlder: /*i18n*/ { id: 'domain-shared.comment-rules.loadOlder', message: 'Show older comments' },
  edited: /*i18n*/ { id: 'domain-shared.comment-rules.edited', message: 'Edited' },
  deleteTitle: /*i18n*/ { id: 'domain-shared.comment-rules.deleteTitle', message: 'Delete Comment' },
  deleteConfirm: /*i18n*/ { id: 'domain-shared.comment-rules.deleteConfirm', message: 'Are you sure you want to delete this comment? This action cannot be undone.' },
  notFound: /*i18n*/ { id: 'domain-shared.comment-rules.notFound', message: 'Comment not found' },
  notAuthor: /*i18n*/ { id: 'domain-shared.comment-rules.notAuthor', message: 'You can only edit your own comments.' },
  cannotDelete: /*i18n*/ { id: 'domain-shared.comment-rules.cannotDelete', message: 'You can only delete your own comments.' },
  tooManyMentions: /*i18n*/ { id: 'domain-shared.comment-rules.tooManyMentions', message: 'A comment can mention at most {max} people' },
  mentionNotOnProject: /*i18n*/ { id: 'domain-shared.comment-rules.mentionNotOnProject', message: '{names} can\'t see this project, so they can\'t be mentioned. Assign them to the project first.' },
  mentionUnknown: /*i18n*/ { id: 'domain-shared.comment-rules.mentionUnknown', message: 'Someone mentioned is not a member of this organization.' },
  mentionsThroughLink: /*i18n*/ { id: 'domain-shared.comment-rules.mentionsThroughLink', message: 'Mentions are for the project team; remove the @mention to comment through a shared link.' },
  viaLink: /*i18n*/ { id: 'domain-shared.comment-rules.viaLink', message: 'via link \'\'{linkName}\'\'' },
  followMembersOnly: /*i18n*/ { id: 'domain-shared.comment-rules.followMembersOnly', message: 'Following is for the project\'s team.' },
} as const;

/**
 * The token a mention is written as in a comment's Markdown: `@[Full Name](profile-id)`. The
 * composer writes it when a name is picked; the panel shows it as the name; the server reads
 * the ids from the body (and nowhere else), so the people named are exactly the people told.
 */
export const MENTION_PATTERN = /@\[([^\]\n]{1,200})\]\(([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/g;

/** The profile ids a comment's body mentions, each once, in order of first mention. */
export function mentionedIds(body: string): string[] {
  const ids = new Set<string>();
  for (const match of body.matchAll(MENTION_PATTERN)) ids.add(match[2]!.toLowerCase());
  return [...ids];
}

/** The mention token for a person. Brackets in a name would end the token early, so they go. */
export function mentionToken(person: { id: string; name: string }): string {
  return `@[${person.name.replace(/[[\]\n]/g, '').trim()}](${person.id})`;
}

/** The body with each mention token shown as `@Name` (email previews, the inbox). */
export function plainMentions(body: string): string {
  return body.replace(MENTION_PATTERN, (_, name: string) => `@${name}`);
}
