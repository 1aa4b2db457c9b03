// Comments API (issue 29): a task's comments on the project page for members and on the shared
// page for anyone holding a link (writing when signed in and the link may contribute), through
// the project access gate. Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMMENT_MESSAGES, commentInputSchema, commentPageSchema, commentSchema, mentionableSchema, sharedCommentPageSchema, sharedCommentSchema, toSharedComment } from '../../../domain/comments';
import { projectListQuerySchema } from '../../../domain/project-lists';
import { TASK_MESSAGES } from '../../../domain/tasks';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { linkRouteErrors, sharedLinkParams } from '../../services/project-access/link';
import { projectParams } from '../../services/project-access/member';
import { taskFollowSchema } from '../../../domain/notification-settings';
import { addComment, deleteComment, editComment, followState, listComments, listMentionable, setFollow } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['comments'];
const taskId = z.uuid({ message: TASK_MESSAGES.notFound.id });
const commentId = z.uuid({ message: COMMENT_MESSAGES.notFound.id });
const taskParams = projectParams.extend({ taskId });
const commentParams = taskParams.extend({ commentId });
const sharedTaskParams = sharedLinkParams.extend({ taskId });
const sharedCommentParams = sharedTaskParams.extend({ commentId });

export async function commentRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/tasks/:taskId/comments',
    {
      config: { access: 'member-project' },
      schema: { tags, summary: "A page of a task's comments, newest first, and how many there are", params: taskParams, querystring: projectListQuerySchema, response: { 200: commentPageSchema, ...errors } },
    },
    async (request) => listComments(platform, request.projectAccess, request.params.taskId, request.query),
  );

  typed.post(
    '/api/projects/:projectId/tasks/:taskId/comments',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Comment on a task; @mentions tell those named', params: taskParams, body: commentInputSchema, response: { 201: commentSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await addComment(platform, request.projectAccess, request.params.taskId, request.body, null)),
  );

  typed.patch(
    '/api/projects/:projectId/tasks/:taskId/comments/:commentId',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Edit your own comment', params: commentParams, body: commentInputSchema, response: { 200: commentSchema, ...errors } } },
    async (request) => editComment(platform, request.projectAccess, request.params.taskId, request.params.commentId, request.body),
  );

  typed.delete(
    '/api/projects/:projectId/tasks/:taskId/comments/:commentId',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Delete your own comment, or as staff one by someone you outrank', params: commentParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteComment(platform, request.projectAccess, request.params.taskId, request.params.commentId);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/projects/:projectId/mentionable',
    { config: { access: 'member-project' }, schema: { tags, summary: "Who a comment on the project may mention: its organization's staff and its developers", params: projectParams, response: { 200: z.array(mentionableSchema), ...errors } } },
    async (request) => listMentionable(platform, request.projectAccess),
  );

  typed.get(
    '/api/projects/:projectId/tasks/:taskId/follow',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Whether you follow the task (its new comments reach your inbox)', params: taskParams, response: { 200: taskFollowSchema, ...errors } } },
    async (request) => followState(platform, request.projectAccess, request.params.taskId),
  );

  typed.put(
    '/api/projects/:projectId/tasks/:taskId/follow',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Follow the task, or stop following it', params: taskParams, body: taskFollowSchema, response: { 200: taskFollowSchema, ...errors } } },
    async (request) => setFollow(platform, request.projectAccess, request.params.taskId, request.body.following),
  );

  // Anyone holding a share link: comments without emails; writing signed in, without mentions.

  typed.get(
    '/api/project-access/:token/tasks/:taskId/comments',
    {
      config: { access: 'link-read' },
      schema: { tags: ['sharing'], summary: "A page of a shared task's comments", params: sharedTaskParams, querystring: projectListQuerySchema, response: { 200: sharedCommentPageSchema, ...linkRouteErrors } },
    },
    async (request) => {
      const page = await listComments(platform, request.projectAccess, request.params.taskId, request.query);
      return { ...page, items: page.items.map(toSharedComment) };
    },
  );

  typed.post(
    '/api/project-access/:token/tasks/:taskId/comments',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Comment on a shared task (signed in)', params: sharedTaskParams, body: commentInputSchema, response: { 201: sharedCommentSchema, ...linkRouteErrors } } },
    async (request, reply) => {
      const { link } = request.sharedLink;
      const comment = await addComment(platform, request.projectAccess, request.params.taskId, request.body, { id: link.id, name: link.name });
      return reply.status(201).send(toSharedComment(comment));
    },
  );

  typed.patch(
    '/api/project-access/:token/tasks/:taskId/comments/:commentId',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Edit your own comment (signed in)', params: sharedCommentParams, body: commentInputSchema, response: { 200: sharedCommentSchema, ...linkRouteErrors } } },
    async (request) => toSharedComment(await editComment(platform, request.projectAccess, request.params.taskId, request.params.commentId, request.body)),
  );

  typed.delete(
    '/api/project-access/:token/tasks/:taskId/comments/:commentId',
    { config: { access: 'link-write' }, schema: { tags: ['sharing'], summary: 'Delete your own comment (signed in)', params: sharedCommentParams, response: { 204: z.null(), ...linkRouteErrors } } },
    async (request, reply) => {
      await deleteComment(platform, request.projectAccess, request.params.taskId, request.params.commentId);
      return reply.status(204).send(null);
    },
  );
}
