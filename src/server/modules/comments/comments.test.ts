import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMENT_MESSAGES, mentionToken } from '../../../domain/comments';
import { withValues } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { activityLogs } from '../activity/schema';
import { notifications } from '../inbox/schema';
import { taskComments } from './schema';
import { taskFollows } from '../tasks/public';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));

describe('comments API', () => {
  let t: TestApp;
  let a: Agency;
  let taskId: string;
  let otherTaskId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', developer: 'Dana Dev', project: 'Talked-about Project' });
    const task = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Draft the brief', assigneeId: a.developer.profileId } });
    taskId = task.json().id;
    otherTaskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.otherProjectId}/tasks`, payload: { title: 'Elsewhere' } })).json().id;
    token = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Client room' } })).json().token;
  });
  afterAll(() => t.close());

  const url = (task = taskId, project = a.projectId) => `/api/projects/${project}/tasks/${task}/comments`;
  const post = (user: TestUser, body: unknown, task = taskId, project = a.projectId) => {
    clock.advance(1000);
    return user.inject({ method: 'POST', url: url(task, project), payload: { body } });
  };
  const page = async (user: TestUser, query = '') => (await user.inject({ method: 'GET', url: `${url()}${query}` })).json();
  const inboxOf = (user: TestUser) =>
    t.db.select().from(notifications).where(eq(notifications.recipientId, user.profileId)).orderBy(notifications.createdAt);
  const mention = (user: TestUser) => mentionToken({ id: user.profileId, name: user.fullName });

  it('reads one task for its page, on the project page and through a link; 404 for another project\'s task', async () => {
    const task = await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/tasks/${taskId}` });
    expect(task.statusCode).toBe(200);
    expect(task.json()).toMatchObject({ id: taskId, title: 'Draft the brief', assigneeName: 'Dana Dev' });
    expect((await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/tasks/${otherTaskId}` })).statusCode).toBe(404);
    expect((await a.unassigned.inject({ method: 'GET', url: `/api/projects/${a.projectId}/tasks/${taskId}` })).statusCode).toBe(404);
    const shared = await t.app.inject({ method: 'GET', url: `/api/project-access/${token}/tasks/${taskId}` });
    expect(shared.json()).toMatchObject({ id: taskId, title: 'Draft the brief' });
  });

  it('adds a trimmed Markdown comment, logs add_comment with the task, and tells the assignee who follows the task', async () => {
    const res = await post(a.executive, '  Looks **good**; see [the doc](https://example.com).  ');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ body: 'Looks **good**; see [the doc](https://example.com).', authorName: a.executive.fullName, authorEmail: a.executive.email, isOwn: true, canDelete: true, editedAt: null, viaLink: null });
    const [log] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, a.projectId), eq(activityLogs.action, 'add_comment')));
    expect(log!.details).toMatchObject({ task_id: taskId, task_title: 'Draft the brief', comment_id: res.json().id });
    const inbox = await inboxOf(a.developer);
    expect(inbox.at(-1)).toMatchObject({ kind: 'task_comment', taskId, commentId: res.json().id, title: `${a.executive.fullName} commented on "Draft the brief"` });
    expect(await inboxOf(a.executive)).toEqual([]);
  });

  it('refuses an empty, too long or unstorable comment with 400 and writes nothing', async () => {
    const before = (await t.db.select().from(taskComments)).length;
    for (const body of ['   ', 'x'.repeat(10001), 'bad\u0000byte', 42, null]) {
      const res = await post(a.orgAdmin, body);
      expect(res.statusCode, String(body)).toBe(400);
    }
    expect((await post(a.orgAdmin, '')).json().error.message).toBe(COMMENT_MESSAGES.bodyRequired.message);
    expect(await t.db.select().from(taskComments)).toHaveLength(before);
  });

  it('mentions someone who can see the project: their inbox and email name the comment; the author is not told of their own', async () => {
    const res = await post(a.orgAdmin, `Can you check this, ${mention(a.developer)}? cc ${mention(a.orgAdmin)}`);
    expect(res.statusCode, res.body).toBe(201);
    const commentId = res.json().id;
    const note = (await inboxOf(a.developer)).find((n) => n.commentId === commentId)!;
    expect(note).toMatchObject({ kind: 'mentioned', taskId, projectId: a.projectId, title: 'Olive Owner mentioned you on "Draft the brief"' });
    // The preview shows names, not tokens.
    expect(note.body).toBe('Olive Owner: Can you check this, @Dana Dev? cc @Olive Owner');
    // Mentioned, so not told twice as a follower of the task.
    expect((await inboxOf(a.developer)).filter((n) => n.commentId === commentId)).toHaveLength(1);
    expect((await inboxOf(a.orgAdmin)).filter((n) => n.commentId === commentId)).toEqual([]);
    const [mail] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'mentioned'), eq(emailOutbox.toAddress, a.developer.email!)));
    expect(mail!.subject).toBe('Olive Owner mentioned you on "Draft the brief" (Talked-about Project)');
    expect(mail!.text).toContain(`/project/${a.projectId}/tasks/${taskId}#comment-${commentId}`);
    // The executive commented on the task before: a follower.
    expect((await inboxOf(a.executive)).find((n) => n.commentId === commentId)).toMatchObject({ kind: 'task_comment' });
  });

  it('refuses, with a message naming them, a mention of someone who cannot see the project; of another organization, unknown', async () => {
    const before = (await t.db.select().from(taskComments)).length;
    const blind = await post(a.orgAdmin, `Hello ${mention(a.unassigned)}`);
    expect(blind.statusCode).toBe(400);
    expect(blind.json().error).toEqual({ code: 'mention_not_on_project', message: translate('en', withValues(COMMENT_MESSAGES.mentionNotOnProject, { names: a.unassigned.fullName })) });
    const foreign = await post(a.orgAdmin, `Hello ${mention(a.outsider)}`);
    expect(foreign.json().error).toEqual({ code: 'mention_unknown', message: COMMENT_MESSAGES.mentionUnknown.message });
    expect(await t.db.select().from(taskComments)).toHaveLength(before);
    expect(await inboxOf(a.unassigned)).toEqual([]);
  });

  it('offers as mentionable exactly the staff and the assigned developers', async () => {
    const people = (await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/mentionable` })).json();
    const ids = people.map((p: { id: string }) => p.id).sort();
    expect(ids).toEqual([a.orgAdmin, a.admin, a.executive, a.developer].map((u) => u.profileId).sort());
    expect((await a.unassigned.inject({ method: 'GET', url: `/api/projects/${a.projectId}/mentionable` })).statusCode).toBe(404);
    expect((await a.outsider.inject({ method: 'GET', url: `/api/projects/${a.projectId}/mentionable` })).statusCode).toBe(404);
  });

  it('pages newest first with a total, every comment once, and a bad cursor is a 400', async () => {
    const total = (await page(a.orgAdmin)).total;
    for (let i = 0; i < 7; i += 1) await post(a.developer, `Paged ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const body = await page(a.orgAdmin, `?limit=3${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(body.total).toBe(total + 7);
      seen.push(...body.items.map((c: { id: string }) => c.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(total + 7);
    const newest = await page(a.orgAdmin, '?limit=2');
    expect(newest.items.map((c: { body: string }) => c.body)).toEqual(['Paged 6', 'Paged 5']);
    expect((await a.orgAdmin.inject({ method: 'GET', url: `${url()}?cursor=nonsense` })).statusCode).toBe(400);
  });

  it('edits only one\'s own comment, marked edited; a newly mentioned person is told once', async () => {
    const own = (await post(a.admin, 'First thought')).json();
    const notMine = await a.orgAdmin.inject({ method: 'PATCH', url: `${url()}/${own.id}`, payload: { body: 'Hijack' } });
    expect(notMine.statusCode).toBe(403);
    expect(notMine.json().error.message).toBe(COMMENT_MESSAGES.notAuthor.message);
    clock.advance(60_000);
    const edited = await a.admin.inject({ method: 'PATCH', url: `${url()}/${own.id}`, payload: { body: `Second thought, ${mention(a.executive)}` } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: `Second thought, ${mention(a.executive)}`, editedAt: clock.now().toISOString() });
    expect((await inboxOf(a.executive)).filter((n) => n.commentId === own.id && n.kind === 'mentioned')).toHaveLength(1);
    await a.admin.inject({ method: 'PATCH', url: `${url()}/${own.id}`, payload: { body: `Third thought, ${mention(a.executive)}` } });
    expect((await inboxOf(a.executive)).filter((n) => n.commentId === own.id && n.kind === 'mentioned')).toHaveLength(1);
  });

  it('deletes one\'s own; staff delete by rank (decision 006); a developer only their own', async () => {
    const byDeveloper = (await post(a.developer, 'Dev note')).json();
    const byAdmin = (await post(a.admin, 'Admin note')).json();
    const byOwner = (await post(a.orgAdmin, 'Owner note')).json();
    const del = (user: TestUser, id: string) => user.inject({ method: 'DELETE', url: `${url()}/${id}` });
    // canDelete says the same as the server.
    const asExecutive = (await page(a.executive, '?limit=3')).items;
    expect(asExecutive.map((c: { canDelete: boolean }) => c.canDelete)).toEqual([false, false, true]);
    expect((await del(a.developer, byAdmin.id)).statusCode).toBe(403);
    expect((await del(a.executive, byAdmin.id)).statusCode).toBe(403);
    expect((await del(a.admin, byOwner.id)).statusCode).toBe(403);
    expect((await del(a.executive, byDeveloper.id)).statusCode).toBe(204);
    expect((await del(a.orgAdmin, byAdmin.id)).statusCode).toBe(204);
    expect((await del(a.orgAdmin, byOwner.id)).statusCode).toBe(204);
    // Gone, with the notifications about it.
    expect(await t.db.select().from(notifications).where(eq(notifications.commentId, byAdmin.id))).toEqual([]);
    const [log] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.action, 'delete_comment'), eq(activityLogs.userId, a.orgAdmin.profileId)));
    expect(log!.details).toMatchObject({ task_id: taskId });
    expect((await del(a.orgAdmin, byOwner.id)).statusCode).toBe(404);
  });

  it('keeps comments to their task and project: another project\'s task through this project is 404', async () => {
    expect((await post(a.orgAdmin, 'Crossing', otherTaskId)).statusCode).toBe(404);
    expect((await post(a.orgAdmin, 'Crossing', otherTaskId, a.otherProjectId)).statusCode).toBe(201);
    expect((await post(a.developer, 'Not mine to see', otherTaskId, a.otherProjectId)).statusCode).toBe(404);
    expect((await post(a.outsider, 'Foreign', taskId)).statusCode).toBe(404);
  });

  it('lets anyone on the project follow or stop following a task; comments then reach them or not', async () => {
    const follow = (user: TestUser, following?: boolean) =>
      user.inject({ method: following === undefined ? 'GET' : 'PUT', url: `/api/projects/${a.projectId}/tasks/${taskId}/follow`, ...(following === undefined ? {} : { payload: { following } }) });
    // The assignee follows by themselves.
    expect((await follow(a.developer)).json()).toEqual({ following: true });
    expect((await follow(a.developer, false)).json()).toEqual({ following: false });
    expect((await follow(a.developer)).json()).toEqual({ following: false });
    const fresh = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Followed by choice' } })).json();
    const followFresh = (user: TestUser, following?: boolean) =>
      user.inject({ method: following === undefined ? 'GET' : 'PUT', url: `/api/projects/${a.projectId}/tasks/${fresh.id}/follow`, ...(following === undefined ? {} : { payload: { following } }) });
    expect((await followFresh(a.admin)).json()).toEqual({ following: false });
    expect((await followFresh(a.admin, true)).json()).toEqual({ following: true });
    const onFresh = (await post(a.executive, 'On the fresh task', fresh.id)).json();
    expect((await inboxOf(a.admin)).filter((n) => n.commentId === onFresh.id)).toMatchObject([{ kind: 'task_comment' }]);
    const onOld = (await post(a.executive, 'The developer stopped following')).json();
    expect((await inboxOf(a.developer)).filter((n) => n.commentId === onOld.id)).toEqual([]);
    // Mentioned, they hear of it all the same.
    const mentioning = (await post(a.executive, `Still, ${mention(a.developer)}`)).json();
    expect((await inboxOf(a.developer)).filter((n) => n.commentId === mentioning.id)).toMatchObject([{ kind: 'mentioned' }]);
    expect((await a.unassigned.inject({ method: 'PUT', url: `/api/projects/${a.projectId}/tasks/${taskId}/follow`, payload: { following: true } })).statusCode).toBe(404);
    expect((await follow(a.developer, 'yes' as never)).statusCode).toBe(400);
  });

  it('makes a member who comments a follower of the task, once however often they comment, and again after they stopped (issue 49 item 9)', async () => {
    const fresh = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Talked into following' } })).json();
    const followUrl = `/api/projects/${a.projectId}/tasks/${fresh.id}/follow`;
    const followed = async (user: TestUser) => (await user.inject({ method: 'GET', url: followUrl })).json().following;
    const rows = () => t.db.select().from(taskFollows).where(and(eq(taskFollows.taskId, fresh.id), eq(taskFollows.profileId, a.admin.profileId)));
    expect(await followed(a.admin)).toBe(false);
    expect(await rows()).toEqual([]);

    expect((await post(a.admin, 'First thoughts', fresh.id)).statusCode).toBe(201);
    expect(await followed(a.admin)).toBe(true);
    expect(await rows()).toMatchObject([{ following: true }]);
    // A second comment: still one row, no duplicate.
    expect((await post(a.admin, 'Second thoughts', fresh.id)).statusCode).toBe(201);
    expect(await rows()).toHaveLength(1);

    // Stopped following, a new comment follows again; the others' comments reach them then.
    expect((await a.admin.inject({ method: 'PUT', url: followUrl, payload: { following: false } })).json()).toEqual({ following: false });
    expect((await post(a.admin, 'Back in', fresh.id)).statusCode).toBe(201);
    expect(await followed(a.admin)).toBe(true);
    expect(await rows()).toMatchObject([{ following: true }]);
    const reply = (await post(a.executive, 'A reply', fresh.id)).json();
    expect((await inboxOf(a.admin)).filter((n) => n.commentId === reply.id)).toMatchObject([{ kind: 'task_comment' }]);
    // Only the commenter follows by commenting: the owner, who created the task, does not.
    expect((await a.orgAdmin.inject({ method: 'GET', url: followUrl })).json()).toEqual({ following: false });
  });

  describe('through a share link', () => {
    const shared = (path = '') => `/api/project-access/${token}/tasks/${taskId}/comments${path}`;

    it('lets anyone read them without emails, and a signed-in viewer comment as themselves via the link', async () => {
      const anonymous = await t.app.inject({ method: 'GET', url: shared() });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.json().items.every((c: { authorEmail: unknown }) => c.authorEmail === null)).toBe(true);
      expect((await t.app.inject({ method: 'POST', url: shared(), payload: { body: 'Anonymous' } })).statusCode).toBe(401);
      clock.advance(1000);
      const res = await a.outsider.inject({ method: 'POST', url: shared(), payload: { body: 'From the client side' } });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ authorName: a.outsider.fullName, authorEmail: null, viaLink: 'Client room', isOwn: true });
      // Staff see it with the link's name and without the outsider's email.
      const seen = (await page(a.orgAdmin)).items[0];
      expect(seen).toMatchObject({ id: res.json().id, viaLink: 'Client room', authorEmail: null, canDelete: true });
    });

    it('refuses mentions through a link, and edits and deletes only the viewer\'s own', async () => {
      const mentioning = await a.outsider.inject({ method: 'POST', url: shared(), payload: { body: `Hi ${mention(a.developer)}` } });
      expect(mentioning.statusCode).toBe(400);
      expect(mentioning.json().error.code).toBe('mention_through_link');
      const own = (await a.outsider.inject({ method: 'POST', url: shared(), payload: { body: 'Mine' } })).json();
      const staffComment = (await page(a.orgAdmin)).items.find((c: { isOwn: boolean; viaLink: string | null }) => c.isOwn && c.viaLink === null);
      expect((await a.outsider.inject({ method: 'PATCH', url: shared(`/${staffComment.id}`), payload: { body: 'x' } })).statusCode).toBe(403);
      expect((await a.outsider.inject({ method: 'DELETE', url: shared(`/${staffComment.id}`) })).statusCode).toBe(403);
      expect((await a.outsider.inject({ method: 'PATCH', url: shared(`/${own.id}`), payload: { body: 'Mine, edited' } })).json()).toMatchObject({ body: 'Mine, edited', viaLink: 'Client room' });
      expect((await a.outsider.inject({ method: 'DELETE', url: shared(`/${own.id}`) })).statusCode).toBe(204);
    });

    it('refuses writes through a view-only link', async () => {
      const viewOnly = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Look only', viewersMayContribute: false } })).json();
      const res = await a.outsider.inject({ method: 'POST', url: `/api/project-access/${viewOnly.token}/tasks/${taskId}/comments`, payload: { body: 'Nope' } });
      expect(res.statusCode).toBe(403);
    });
  });

  it("shows staff the task's own activity, newest first; developers get 403", async () => {
    const res = await a.executive.inject({ method: 'GET', url: `/api/projects/${a.projectId}/tasks/${taskId}/activity` });
    expect(res.statusCode).toBe(200);
    const actions = res.json().items.map((e: { action: string }) => e.action);
    expect(actions.at(-1)).toBe('create_task');
    expect(actions).toContain('add_comment');
    expect(res.json().items.every((e: { details: { task_id: string } }) => e.details.task_id === taskId)).toBe(true);
    expect((await a.developer.inject({ method: 'GET', url: `/api/projects/${a.projectId}/tasks/${taskId}/activity` })).statusCode).toBe(403);
  });

  it('removes a task\'s comments with the task\'s project', async () => {
    await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.otherProjectId}` });
    expect(await t.db.select().from(taskComments).where(eq(taskComments.projectId, a.otherProjectId))).toEqual([]);
  });
});
