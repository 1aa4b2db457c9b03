// Comments on a task (issue 29): their words and rules without zod, for the task panel, which
// the shared page opens too (decision 013). The API's schemas are in ./comments.ts.

export const COMMENT_MAX_LENGTH = 10000;
/** A comment names at most this many people. */
export const COMMENT_MAX_MENTIONS = 20;

export const COMMENT_MESSAGES = {
  title: (count: number) => `Comments (${count})`,
  empty: 'No comments yet',
  placeholder: 'Write a comment… Markdown works; type @ to mention someone',
  add: 'Comment',
  bodyRequired: 'Comment is required',
  tooLong: `Comments can be at most ${COMMENT_MAX_LENGTH} characters`,
  added: 'Comment added',
  updated: 'Comment updated',
  deleted: 'Comment deleted',
  loadFailed: 'Failed to load comments',
  loadOlder: 'Show older comments',
  edited: 'Edited',
  deleteTitle: 'Delete Comment',
  deleteConfirm: 'Are you sure you want to delete this comment? This action cannot be undone.',
  notFound: 'Comment not found',
  notAuthor: 'You can only edit your own comments.',
  cannotDelete: 'You can only delete your own comments.',
  tooManyMentions: `A comment can mention at most ${COMMENT_MAX_MENTIONS} people`,
  mentionNotOnProject: (names: string) => `${names} can't see this project, so they can't be mentioned. Assign them to the project first.`,
  mentionUnknown: 'Someone mentioned is not a member of this organization.',
  mentionsThroughLink: 'Mentions are for the project team; remove the @mention to comment through a shared link.',
  viaLink: (linkName: string) => `via link '${linkName}'`,
  followMembersOnly: "Following is for the project's team.",
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
