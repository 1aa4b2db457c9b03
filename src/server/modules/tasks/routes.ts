// Tasks API (spec 2 "Tasks"): the project page's routes for members and the shared page's for
// anyone holding a link, through the project access gate. Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTaskSchema, TASK_MESSAGES, taskSchema } from '../../../domain/tasks';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { linkReadAccess, linkRouteErrors, linkWriteAccess, sharedLinkParams } from '../../platform/project-access/link';
import { memberProjectAccess } from '../../platform/project-access/member';
import { createTask, listTasks, setTaskStatus } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['tasks'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });
const taskId = z.uuid({ message: TASK_MESSAGES.notFound });
const taskParams = projectParams.extend({ taskId });
const statusBody = z.object({ status: z.enum(['pending', 'completed']) });

export async function taskRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/tasks',
    {
      schema: { tags, summary: "A project's tasks, newest first", params: projectParams, response: { 200: z.object({ items: z.array(taskSchema) }), ...errors } },
    },
    async (request) => ({ items: await listTasks(platform, memberProjectAccess(await requireActor(platform, request), request.params.projectId)) }),
  );

  typed.post(
    '/api/projects/:projectId/tasks',
    { schema: { tags, summary: 'Add a task (staff only)', params: projectParams, body: createTaskSchema, response: { 201: taskSchema, ...errors } } },
    async (request, reply) => {
      const task = await createTask(platform, memberProjectAccess(await requireActor(platform, request), request.params.projectId), request.body);
      return reply.status(201).send(task);
    },
  );

  typed.patch(
    '/api/projects/:projectId/tasks/:taskId',
    {
      schema: {
        tags,
        summary: 'Complete a task or make it pending again (the completion checkbox)',
        params: taskParams,
        body: statusBody,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) =>
      setTaskStatus(
        platform,
        memberProjectAccess(await requireActor(platform, request), request.params.projectId),
        request.params.taskId,
        request.body.status,
      ),
  );

  // Anyone holding a share link (the shared project page).

  typed.get(
    '/api/project-access/:token/tasks',
    { schema: { tags: ['sharing'], summary: "The shared project's tasks", params: sharedLinkParams, response: { 200: z.object({ items: z.array(taskSchema) }), ...linkRouteErrors } } },
    async (request) => ({ items: await listTasks(platform, await linkReadAccess(platform, request)) }),
  );

  typed.patch(
    '/api/project-access/:token/tasks/:taskId',
    {
      schema: {
        tags: ['sharing'],
        summary: 'Toggle a task (signed in)',
        params: sharedLinkParams.extend({ taskId }),
        body: statusBody,
        response: { 200: taskSchema, ...linkRouteErrors },
      },
    },
    async (request) => setTaskStatus(platform, await linkWriteAccess(platform, request), request.params.taskId, request.body.status),
  );
}
