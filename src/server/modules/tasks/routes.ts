// Tasks API for the project page (spec 2 "Tasks"). Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTaskSchema, TASK_MESSAGES, taskSchema } from '../../../domain/tasks';
import { requireActor } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { memberProjectAccess } from '../projects/member-access';
import { createTask, listTasks, setTaskStatus } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const tags = ['tasks'];
const projectParams = z.object({ projectId: z.uuid({ message: 'Project not found' }) });
const taskParams = projectParams.extend({ taskId: z.uuid({ message: TASK_MESSAGES.notFound }) });

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
        body: z.object({ status: z.enum(['pending', 'completed']) }),
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
}
