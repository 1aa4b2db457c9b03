// Comments on a task (issue 29). Anyone who can see the project reads them; members and signed-in
// viewers of a link that may contribute write them; a comment's author edits it; its author, or
// staff who outrank the author (decision 006), delete it. A mention names someone who can see the
// project (staff of its organization, or a developer assigned to it) and reaches their inbox and
// email; a comment also reaches the inbox of those following the task (its assignee, those who
// commented on it, those mentioned on it; a member's comment also records them as following, so
// one who had stopped follows again). Each write is one transaction with its activity entry,
// its notifications and its live event.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { COMMENT_MESSAGES, mentionedIds, plainMentions, type Comment, type CommentEvent, type commentInputSchema, type Mentionable } from '../../../domain/comments';
import { INBOX_TEXTS, notePreview } from '../../../domain/inbox';
import type { ProjectListQuery } from '../../../domain/project-lists';
import { withValues } from '../../../domain/locales';
import { outranks, type Role } from '../../../domain/roles';
import { TASK_MESSAGES } from '../../../domain/tasks';
import type { Executor } from '../../platform/db/client';
import { afterNewestFirst, cursorTimeOf, decodeCursor, encodeCursor } from '../../platform/db/cursor';
import { profiles } from '../../platform/db/schema/tenancy';
import { taskComments } from './schema';
import { taskFollows, tasks } from '../tasks/public';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { emit, type EventDelivery } from '../../services/events';
import { requireContributor, type AccessedProject, type ProjectAccess, type ProjectActor } from '../../services/project-access/access';
import { profileSeesProject } from '../../services/project-access/member';
import { memberLocaleColumn } from '../../services/reader-locale';
import { translate } from '../../platform/i18n';
import { EMAIL_TEXTS } from '../../platform/mail/email-words';
import type { Locale } from '../../../domain/locales';
import { COMMENT_EMAIL_TEXTS } from './email-texts';

/** Someone a comment's news may reach by email, with the language it speaks to them (issue 48). */
type Person = { id: string; fullName: string; email: string | null; locale: Locale };

type CommentInput = z.output<typeof commentInputSchema>;

/** The share link a comment is written through, when it is. */
export type CommentLink = { id: string; name: string | null };

/** A bound on one comment's inbox entries (followers of one task). */
const FOLLOWERS_LIMIT = 200;

const author = profiles;

/** The task when it belongs to this project; 404 otherwise. */
async function requireTask(db: Executor, project: AccessedProject, taskId: string): Promise<{ id: string; title: string; assigneeId: string | null }> {
  const [task] = await db
    .select({ id: tasks.id, title: tasks.title, assigneeId: tasks.assigneeId })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.projectId, project.id)));
  if (!task) throw notFound(TASK_MESSAGES.notFound);
  return task;
}

/** The caller's role in the project's organization, for deleting by rank; null through a link. */
async function callerRole(db: Executor, access: ProjectAccess, project: AccessedProject): Promise<Role | null> {
  if (access.via !== 'member' || !access.canManage || !access.actor) return null;
  const [row] = await db
    .select({ role: profiles.role })
    .from(profiles)
    .where(and(eq(profiles.id, access.actor.profileId), eq(profiles.organizationId, project.organizationId)));
  return row?.role ?? null;
}

/** Staff delete a comment whose author they outrank, or whose author's account is gone or elsewhere. */
function mayDelete(row: { createdBy: string | null; authorRole: Role | null; authorOrganizationId: string | null }, actor: ProjectActor | null, role: Role | null, project: AccessedProject): boolean {
  if (actor && row.createdBy === actor.profileId) return true;
  if (!role) return false;
  if (row.authorRole === null || row.authorOrganizationId !== project.organizationId) return true;
  return outranks(role, row.authorRole);
}

type CommentRow = {
  comment: typeof taskComments.$inferSelect;
  authorEmail: string | null;
  authorRole: Role | null;
  authorOrganizationId: string | null;
};

function toComment(row: CommentRow, access: Pick<ProjectAccess, 'via' | 'actor'>, role: Role | null, project: AccessedProject): Comment {
  const { comment } = row;
  return {
    id: comment.id,
    taskId: comment.taskId,
    projectId: comment.projectId,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
    updatedAt: comment.updatedAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
    authorName: comment.authorName,
    // Only members of the project's organization see an email, and only a member's (decision 006).
    authorEmail: access.via === 'member' && row.authorOrganizationId === project.organizationId ? row.authorEmail : null,
    viaLink: comment.accessTokenId || comment.linkName !== null ? (comment.linkName ?? '') : null,
    isOwn: access.actor !== null && comment.createdBy === access.actor.profileId,
    canDelete: mayDelete({ createdBy: comment.createdBy, ...row }, access.actor, role, project),
  };
}

/** A member of the organization who wrote none of it. */
const MEMBER_VIEW = { via: 'member', actor: null } as const;

/** A comment as webhook events carry it (issue 30): as staff of its organization read it, without the reader's own flags. */
function toCommentEvent(row: CommentRow, project: AccessedProject): CommentEvent {
  const { isOwn: _own, canDelete: _delete, ...comment } = toComment(row, MEMBER_VIEW, null, project);
  return comment;
}

const commentColumns = {
  comment: taskComments,
  authorEmail: author.email,
  authorRole: author.role,
  authorOrganizationId: author.organizationId,
};

/** One page of a task's comments, newest first, with the count of all of them. */
export async function listComments(
  { db }: Platform,
  access: ProjectAccess,
  taskId: string,
  query: ProjectListQuery,
): Promise<{ items: Comment[]; nextCursor: string | null; total: number }> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const project = await access.project(db);
  // One round trip for the task's check, the count and the caller's rank (issue 29's bench: six
  // statements a page were twice the bare SQL's time).
  const rankOf = access.via === 'member' && access.canManage && access.actor ? access.actor.profileId : null;
  const [head] = await db
    .select({
      task: sql<string | null>`(select ${tasks.id} from ${tasks} where ${tasks.id} = ${taskId} and ${tasks.projectId} = ${project.id})`,
      total: sql<number>`(select count(*)::int from ${taskComments} where ${taskComments.taskId} = ${taskId})`,
      role: rankOf
        ? sql<Role | null>`(select ${profiles.role} from ${profiles} where ${profiles.id} = ${rankOf} and ${profiles.organizationId} = ${project.organizationId})`
        : sql<Role | null>`null`,
    })
    .from(sql`(select 1) as one`);
  if (!head?.task) throw notFound(TASK_MESSAGES.notFound);
  const role = head.role;
  const rows = await db
    .select({ ...commentColumns, cursorTime: cursorTimeOf(taskComments.createdAt) })
    .from(taskComments)
    .leftJoin(author, eq(author.id, taskComments.createdBy))
    // Served by task_comments_task_idx (task_id, created_at, id), read backwards.
    .where(and(eq(taskComments.taskId, taskId), cursor ? afterNewestFirst(taskComments.createdAt, taskComments.id, cursor) : undefined))
    .orderBy(desc(taskComments.createdAt), desc(taskComments.id))
    .limit(query.limit + 1);
  const count = { n: head.total };
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  return {
    items: rows.slice(0, query.limit).map((row) => toComment(row, access, role, project)),
    nextCursor: last ? encodeCursor({ createdAt: last.cursorTime, id: last.comment.id }) : null,
    total: count?.n ?? 0,
  };
}

/** Who a comment on this project may mention: staff of its organization and its assigned developers. */
export async function listMentionable({ db }: Platform, access: ProjectAccess): Promise<Mentionable[]> {
  const project = await access.project(db);
  return db
    .select({ id: profiles.id, name: profiles.fullName, role: profiles.role })
    .from(profiles)
    .where(profileSeesProject(project))
    .orderBy(profiles.fullName, profiles.id);
}

/**
 * The people a body mentions, each checked: every one must see the project, or the comment is
 * refused (400) naming who cannot; nobody is dropped silently. Through a share link, none.
 */
async function checkedMentions(tx: Executor, access: ProjectAccess, project: AccessedProject, body: string): Promise<Person[]> {
  const ids = mentionedIds(body);
  if (ids.length === 0) return [];
  if (access.via !== 'member') throw badRequest(COMMENT_MESSAGES.mentionsThroughLink, 'mention_through_link');
  const people = await tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, locale: memberLocaleColumn, role: profiles.role, organizationId: profiles.organizationId })
    .from(profiles)
    .where(inArray(profiles.id, ids));
  const ours = people.filter((person) => person.organizationId === project.organizationId);
  if (ours.length < ids.length) throw badRequest(COMMENT_MESSAGES.mentionUnknown, 'mention_unknown');
  const seeing = new Set(
    (await tx.select({ id: profiles.id }).from(profiles).where(and(inArray(profiles.id, ids), profileSeesProject(project)))).map((row) => row.id),
  );
  const blind = ours.filter((person) => !seeing.has(person.id));
  if (blind.length > 0) throw badRequest(withValues(COMMENT_MESSAGES.mentionNotOnProject, { names: blind.map((person) => person.fullName).join(', ') }), 'mention_not_on_project');
  return ours.map(({ id, fullName, email, locale }) => ({ id, fullName, email, locale }));
}

/** A follow someone chose for this task: true to follow, false to stop following; none, automatic. */
function chosenFollow(taskId: string, following: boolean) {
  return sql`exists (select 1 from ${taskFollows} where ${taskFollows.taskId} = ${taskId} and ${taskFollows.profileId} = ${profiles.id} and ${taskFollows.following} = ${following})`;
}

/** Following by themselves (issue 29): the task's assignee, whoever commented on it or was mentioned on it. */
function followsByThemselves(task: { id: string; assigneeId: string | null }) {
  const commented = sql`exists (select 1 from ${taskComments} where ${taskComments.taskId} = ${task.id} and (${taskComments.createdBy} = ${profiles.id} or ${taskComments.mentions} @> jsonb_build_array(${profiles.id}::text)))`;
  return task.assigneeId ? or(eq(profiles.id, task.assigneeId), commented) : commented;
}

/**
 * Who follows a task: those who follow it by themselves or chose to, but not those who chose to
 * stop, while they can still see the project. `except`: the comment's author and those it mentions.
 */
async function taskFollowers(
  tx: Executor,
  project: AccessedProject,
  task: { id: string; assigneeId: string | null },
  except: string[],
): Promise<Person[]> {
  return tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email, locale: memberLocaleColumn })
    .from(profiles)
    .where(
      and(
        profileSeesProject(project),
        except.length > 0 ? sql`${profiles.id} not in (${sql.join(except.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
        or(followsByThemselves(task), chosenFollow(task.id, true)),
        sql`not ${chosenFollow(task.id, false)}`,
      ),
    )
    .orderBy(profiles.id)
    .limit(FOLLOWERS_LIMIT);
}

/** Whether the caller follows the task (by themselves or by choice), for its page. */
export async function followState({ db }: Platform, access: ProjectAccess, taskId: string): Promise<{ following: boolean }> {
  const project = await access.project(db);
  const task = await requireTask(db, project, taskId);
  const actor = requireMember(access);
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(and(eq(profiles.id, actor.profileId), or(followsByThemselves(task), chosenFollow(task.id, true)), sql`not ${chosenFollow(task.id, false)}`));
  return { following: row !== undefined };
}

/** Follow or stop following a task; anyone on the project's page who can see it. */
export async function setFollow({ db, clock }: Platform, access: ProjectAccess, taskId: string, following: boolean): Promise<{ following: boolean }> {
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const task = await requireTask(tx, project, taskId);
    const actor = requireMember(access);
    const now = clock.now();
    await tx
      .insert(taskFollows)
      .values({ taskId: task.id, profileId: actor.profileId, following, updatedAt: now })
      .onConflictDoUpdate({ target: [taskFollows.taskId, taskFollows.profileId], set: { following, updatedAt: now } });
    return { following };
  });
}

/** Following is for the project's own people: a member on the project page, not a link viewer. */
function requireMember(access: ProjectAccess): ProjectActor {
  if (access.via !== 'member' || !access.actor) throw forbidden(COMMENT_MESSAGES.followMembersOnly);
  return access.actor;
}

/** The email about a comment, to one person, in their language (issue 48). */
function commentEmail(config: Platform['config'], project: AccessedProject, task: { id: string; title: string }, comment: { id: string; body: string; authorName: string }, person: Person, mentioned: boolean) {
  const values = { author: comment.authorName, title: task.title, project: project.name };
  const say = (text: Parameters<typeof translate>[1], more?: Record<string, string>) => translate(person.locale, text, { ...values, ...more });
  return {
    to: person.email,
    subject: say(mentioned ? COMMENT_EMAIL_TEXTS.mentionedSubject : COMMENT_EMAIL_TEXTS.commentedSubject),
    text: [
      say(EMAIL_TEXTS.hello, { name: person.fullName }),
      '',
      say(mentioned ? COMMENT_EMAIL_TEXTS.mentionedBody : COMMENT_EMAIL_TEXTS.commentedBody),
      '',
      plainMentions(comment.body),
      '',
      say(COMMENT_EMAIL_TEXTS.openComment, { url: `${config.publicUrl}/project/${project.id}/tasks/${task.id}#comment-${comment.id}` }),
    ].join('\n'),
  };
}

/** The people newly mentioned hear of it; with `followers`, the task's followers too (a new comment). */
async function commentNews(
  tx: Executor,
  { config }: Platform,
  project: AccessedProject,
  task: { id: string; title: string; assigneeId: string | null },
  comment: { id: string; body: string; authorName: string; authorId: string },
  mentioned: Person[],
  { followers }: { followers: boolean },
): Promise<EventDelivery<'comment.added'>[]> {
  const inbox = { projectId: project.id, taskId: task.id, commentId: comment.id, body: notePreview(comment.authorName, plainMentions(comment.body)) };
  const told = mentioned.filter((person) => person.id !== comment.authorId);
  const news: EventDelivery<'comment.added'>[] = told.map((person) => ({
    recipientId: person.id,
    kind: 'mentioned',
    inbox: { ...inbox, title: withValues(INBOX_TEXTS.mentioned, { author: comment.authorName, task: task.title }) },
    email: commentEmail(config, project, task, comment, person, true),
  }));
  if (!followers) return news;
  for (const person of await taskFollowers(tx, project, task, [comment.authorId, ...told.map((p) => p.id)])) {
    news.push({
      recipientId: person.id,
      kind: 'task_comment',
      inbox: { ...inbox, title: withValues(INBOX_TEXTS.commented, { author: comment.authorName, task: task.title }) },
      email: commentEmail(config, project, task, comment, person, false),
    });
  }
  return news;
}

export async function addComment(platform: Platform, access: ProjectAccess, taskId: string, input: CommentInput, link: CommentLink | null): Promise<Comment> {
  const { db, clock } = platform;
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    const task = await requireTask(tx, project, taskId);
    const mentioned = await checkedMentions(tx, access, project, input.body);
    const now = clock.now();
    const [row] = await tx
      .insert(taskComments)
      .values({
        projectId: project.id,
        taskId: task.id,
        body: input.body,
        createdBy: actor.profileId,
        authorName: actor.fullName,
        accessTokenId: link?.id ?? null,
        linkName: link ? (link.name ?? '') : null,
        mentions: mentioned.map((person) => person.id),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    // Issue 49 item 9: commenting follows the task, as on GitHub: a member who had stopped
    // following follows again by joining the conversation. One row per task and member (its
    // key), so a second comment changes nothing. A link's viewer follows no task (requireMember).
    if (access.via === 'member') {
      await tx
        .insert(taskFollows)
        .values({ taskId: task.id, profileId: actor.profileId, following: true, updatedAt: now })
        .onConflictDoUpdate({ target: [taskFollows.taskId, taskFollows.profileId], set: { following: true, updatedAt: now }, setWhere: eq(taskFollows.following, false) });
    }
    const [me] = await tx.select({ role: profiles.role, organizationId: profiles.organizationId, email: profiles.email }).from(profiles).where(eq(profiles.id, actor.profileId));
    const added: CommentRow = { comment: row!, authorEmail: me?.email ?? null, authorRole: me?.role ?? null, authorOrganizationId: me?.organizationId ?? null };
    await emit(tx, {
      type: 'comment.added',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: { task_id: task.id, task_title: task.title, comment_id: row!.id },
      payload: toCommentEvent(added, project),
      notify: await commentNews(tx, platform, project, task, { id: row!.id, body: input.body, authorName: actor.fullName, authorId: actor.profileId }, mentioned, { followers: true }),
    });
    return toComment(added, access, null, project);
  });
}

/** The comment when it is on this task of this project; 404 otherwise. */
async function requireComment(tx: Executor, project: AccessedProject, taskId: string, commentId: string): Promise<CommentRow> {
  const [row] = await tx
    .select(commentColumns)
    .from(taskComments)
    .leftJoin(author, eq(author.id, taskComments.createdBy))
    .where(and(eq(taskComments.id, commentId), eq(taskComments.taskId, taskId), eq(taskComments.projectId, project.id)));
  if (!row) throw notFound(COMMENT_MESSAGES.notFound);
  return row;
}

/**
 * A new text for one's own comment, marked edited. People newly mentioned are told; those
 * mentioned before are not told again.
 */
export async function editComment(platform: Platform, access: ProjectAccess, taskId: string, commentId: string, input: CommentInput): Promise<Comment> {
  const { db, clock } = platform;
  return db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    const task = await requireTask(tx, project, taskId);
    const current = await requireComment(tx, project, task.id, commentId);
    if (current.comment.createdBy !== actor.profileId) throw forbidden(COMMENT_MESSAGES.notAuthor);
    const mentioned = await checkedMentions(tx, access, project, input.body);
    const now = clock.now();
    const [row] = await tx
      .update(taskComments)
      .set({ body: input.body, mentions: mentioned.map((person) => person.id), updatedAt: now, editedAt: input.body === current.comment.body ? current.comment.editedAt : now })
      // The author filter again: the write itself cannot touch another's comment.
      .where(and(eq(taskComments.id, commentId), eq(taskComments.createdBy, actor.profileId)))
      .returning();
    // Only the newly mentioned hear of it; followers heard of the comment when it was posted.
    const before = new Set(current.comment.mentions);
    const added = mentioned.filter((person) => !before.has(person.id));
    const news = await commentNews(tx, platform, project, task, { id: commentId, body: input.body, authorName: actor.fullName, authorId: actor.profileId }, added, { followers: false });
    const edited: CommentRow = { ...current, comment: row! };
    await emit(tx, {
      type: 'comment.edited',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: now,
      details: { task_id: task.id, task_title: task.title, comment_id: commentId },
      payload: toCommentEvent(edited, project),
      // Mentions only (followers: false).
      notify: news.filter((item): item is EventDelivery<'comment.edited'> => item.kind === 'mentioned'),
    });
    return toComment(edited, access, null, project);
  });
}

/** Deletes a comment: its author's own, or by staff who outrank its author. */
export async function deleteComment({ db, clock }: Platform, access: ProjectAccess, taskId: string, commentId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const project = await access.project(tx);
    const actor = requireContributor(access);
    const task = await requireTask(tx, project, taskId);
    const current = await requireComment(tx, project, task.id, commentId);
    const role = await callerRole(tx, access, project);
    if (!mayDelete({ createdBy: current.comment.createdBy, ...current }, actor, role, project)) throw forbidden(COMMENT_MESSAGES.cannotDelete);
    await tx.delete(taskComments).where(eq(taskComments.id, commentId));
    await emit(tx, {
      type: 'comment.deleted',
      organizationId: project.organizationId,
      projectId: project.id,
      actorId: actor.profileId,
      at: clock.now(),
      details: { task_id: task.id, task_title: task.title, comment_id: commentId, author_name: current.comment.authorName },
      payload: { id: commentId, taskId: task.id, projectId: project.id },
    });
  });
}
