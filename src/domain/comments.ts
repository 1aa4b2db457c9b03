// Comments on a task (issue 29): the API's schemas. Words and the mention rules are in
// ./comment-rules.ts, without zod (decision 013).
import { z } from 'zod';
import { messageWithValues } from './locales';
import { COMMENT_MAX_LENGTH, COMMENT_MAX_MENTIONS, COMMENT_MESSAGES, mentionedIds } from './comment-rules';
import { projectListPageSchema } from './project-lists';
import { text } from './text-fields';
export { COMMENT_MAX_LENGTH, COMMENT_MAX_MENTIONS, COMMENT_MESSAGES, MENTION_PATTERN, mentionedIds, mentionToken, plainMentions } from './comment-rules';

/** A new or edited comment: Markdown, trimmed, with at most COMMENT_MAX_MENTIONS people named. */
export const commentInputSchema = z.object({
  body: text({ message: COMMENT_MESSAGES.bodyRequired.id })
    .trim()
    .min(1, COMMENT_MESSAGES.bodyRequired.id)
    .max(COMMENT_MAX_LENGTH, messageWithValues(COMMENT_MESSAGES.tooLong, { max: COMMENT_MAX_LENGTH }))
    .refine((body) => mentionedIds(body).length <= COMMENT_MAX_MENTIONS, { message: messageWithValues(COMMENT_MESSAGES.tooManyMentions, { max: COMMENT_MAX_MENTIONS }) }),
});
export type CommentInput = z.input<typeof commentInputSchema>;

export const commentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  projectId: z.string(),
  /** Markdown; mentions as `@[Name](id)` tokens. Rendered without raw HTML. */
  body: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set when the author changed the text after posting ('Edited'). */
  editedAt: z.string().nullable(),
  authorName: z.string(),
  /** Members' pages only; a shared page never carries an email (decision 006). */
  authorEmail: z.string().nullable(),
  /** Written through a share link: the link's name ('via link ...'), else null. */
  viaLink: z.string().nullable(),
  /** The caller wrote it: Edit and Delete show (the server enforces the same). */
  isOwn: z.boolean(),
  /** The caller may delete it: its author, or staff who outrank its author (decision 006). */
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

/** A comment as webhook events carry it: without the reader's own flags. */
export const commentEventSchema = commentSchema.omit({ isOwn: true, canDelete: true });
export type CommentEvent = z.infer<typeof commentEventSchema>;

export const sharedCommentSchema = commentSchema.extend({ authorEmail: z.null() });

/** A comment as a share link's page gets it: never an email (decision 006). */
export function toSharedComment(comment: Comment): Comment & { authorEmail: null } {
  return { ...comment, authorEmail: null };
}

/** A page of a task's comments, newest first, with the count of all of them. */
export const commentPageSchema = projectListPageSchema(commentSchema).extend({ total: z.number().int() });
export const sharedCommentPageSchema = projectListPageSchema(sharedCommentSchema).extend({ total: z.number().int() });
export type CommentPage = z.infer<typeof commentPageSchema>;

/** Who can be mentioned on a project: staff of its organization and its assigned developers. */
export const mentionableSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type Mentionable = z.infer<typeof mentionableSchema>;
