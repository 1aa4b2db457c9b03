// Tasks API (spec 2 "Tasks"): the project page's routes for members and the shared page's for
// anyone holding a link, through the project access gate. Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assigneePageSchema, createTaskSchema, myWorkPageSchema, myWorkQuerySchema, TASK_MESSAGES, taskPageSchema, taskRecurrenceSchema, taskSchema, updateTaskSchema } from '../../../domain/tasks';
import { optionListQuerySchema } from '../../../domain/option-lists';
import { projectListQuerySchema } from '../../../domain/project-lists';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { projectParams } from '../../services/project-access/member';
import { linkRouteErrors, sharedLinkParams } from '../../services/project-access/link';
import { listMyWork } from './my-work';
import { clearRecurrence, setRecurrence, skipOccurrence } from './recurrence';
import { addDependency, removeDependency, shiftTaskDependents } from './dependencies';
import { addDependencySchema } from '../../../domain/task-dependency-schemas';
import { createTask, getTask, listAssignees, listTasks, setTaskStatus, updateTask } from './service';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['tasks'];
const taskId = z.uuid({ message: TASK_MESSAGES.notFound.id });
const taskParams = projectParams.extend({ taskId });
const statusBody = z.object({ status: z.enum(['pending', 'completed']) });

export async function taskRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/projects/:projectId/tasks',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary: "A page of a project's tasks in board order: To Do, In Progress, Completed, each column in its order",
        params: projectParams,
        querystring: projectListQuerySchema,
        response: { 200: taskPageSchema, ...errors },
      },
    },
    async (request) => listTasks(platform, request.projectAccess, request.query),
  );

  typed.post(
    '/api/projects/:projectId/tasks',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Add a task (staff only)', params: projectParams, body: createTaskSchema, response: { 201: taskSchema, ...errors } } },
    async (request, reply) => {
      const task = await createTask(platform, request.projectAccess, request.body);
      return reply.status(201).send(task);
    },
  );

  typed.get(
    '/api/projects/:projectId/tasks/:taskId',
    { config: { access: 'member-project' }, schema: { tags, summary: 'One task (its page, issue 29)', params: taskParams, response: { 200: taskSchema, ...errors } } },
    async (request) => getTask(platform, request.projectAccess, request.params.taskId),
  );

  typed.patch(
    '/api/projects/:projectId/tasks/:taskId',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary: 'Change a task: its status and board place (anyone on the project), title, description, priority, due date and assignee (staff)',
        params: taskParams,
        body: updateTaskSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) => updateTask(platform, request.projectAccess, request.params.taskId, request.body),
  );

  typed.put(
    '/api/projects/:projectId/tasks/:taskId/recurrence',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary:
          'Make a task repeat (staff): an RRULE of every weekday, weekly on chosen days, monthly on a day or on the n-th weekday; completing it, or its due date coming, makes the next occurrence',
        params: taskParams,
        body: taskRecurrenceSchema,
        response: { 200: taskSchema, ...errors },
      },
    },
    async (request) => setRecurrence(platform, request.projectAccess, request.params.taskId, request.body.rule),
  );

  typed.delete(
    '/api/projects/:projectId/tasks/:taskId/recurrence',
    { config: { access: 'member-project' }, schema: { tags, summary: 'Stop a task repeating (staff); its occurrences so far stay', params: taskParams, response: { 200: taskSchema, ...errors } } },
    async (request) => clearRecurrence(platform, request.projectAccess, request.params.taskId),
  );

  typed.post(
    '/api/projects/:projectId/tasks/:taskId/skip',
    {
      config: { access: 'member-project' },
      schema: { tags, summary: "Skip this occurrence of a recurring task (staff): it moves to the rule's next date", params: taskParams, response: { 200: taskSchema, ...errors } },
    },
    async (request) => skipOccurrence(platform, request.projectAccess, request.params.taskId),
  );

  // Issue 51: "blocked by" (finish-to-start) within the project, and shifting the dependents.

  typed.post(
    '/api/projects/:projectId/tasks/:taskId/dependencies',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary:
          'Mark the task as blocked by another task of the project (staff). 201 with the task; 200 when it already was (nothing changed); 409 dependency_cycle with the loop in `path` when the blocker waits on this task',
        params: taskParams,
        body: addDependencySchema,
        response: { 200: taskSchema, 201: taskSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const { task, created } = await addDependency(platform, request.projectAccess, request.params.taskId, request.body.blockedByTaskId);
      return reply.status(created ? 201 : 200).send(task);
    },
  );

  typed.delete(
    '/api/projects/:projectId/tasks/:taskId/dependencies/:blockedByTaskId',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary: 'The task is no longer blocked by that one (staff); 204 also when it was not',
        params: taskParams.extend({ blockedByTaskId: taskId }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeDependency(platform, request.projectAccess, request.params.taskId, request.params.blockedByTaskId);
      return reply.status(204).send(null);
    },
  );

  typed.post(
    '/api/projects/:projectId/tasks/:taskId/shift-dependents',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary:
          "Move every task waiting on this one (and those waiting on them) to start on the first working day (Monday to Friday) after its blockers' due dates, keeping its length (staff); answers the tasks moved",
        params: taskParams,
        response: { 200: z.object({ items: z.array(taskSchema) }), ...errors },
      },
    },
    async (request) => ({ items: await shiftTaskDependents(platform, request.projectAccess, request.params.taskId) }),
  );

  typed.get(
    '/api/projects/:projectId/assignees',
    {
      config: { access: 'member-project' },
      schema: {
        tags,
        summary:
          "A page of who a task of the project may be assigned to: staff and the project's developers (onProject), then the organization's other developers, who must be assigned to the project first; each by name (staff)",
        params: projectParams,
        querystring: optionListQuerySchema,
        response: { 200: assigneePageSchema, ...errors },
      },
    },
    async (request) => listAssignees(platform, request.projectAccess, request.query),
  );

  typed.get(
    '/api/my-work',
    {
      config: { access: 'member' },
      schema: {
        tags,
        summary: "The caller's open tasks across the projects they can see, by due date (keyset-paged)",
        querystring: myWorkQuerySchema,
        response: { 200: myWorkPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => listMyWork(platform, request.actor, request.query.cursor),
  );

  // Anyone holding a share link (the shared project page).

  typed.get(
    '/api/project-access/:token/tasks',
    {
      config: { access: 'link-read' },
      schema: { tags: ['sharing'], summary: "A page of the shared project's tasks, in board order", params: sharedLinkParams, querystring: projectListQuerySchema, response: { 200: taskPageSchema, ...linkRouteErrors } },
    },
    async (request) => listTasks(platform, request.projectAccess, request.query),
  );

  typed.get(
    '/api/project-access/:token/tasks/:taskId',
    { config: { access: 'link-read' }, schema: { tags: ['sharing'], summary: 'One task of the shared project', params: sharedLinkParams.extend({ taskId }), response: { 200: taskSchema, ...linkRouteErrors } } },
    async (request) => getTask(platform, request.projectAccess, request.params.taskId),
  );

  typed.patch(
    '/api/project-access/:token/tasks/:taskId',
    {
      config: { access: 'link-write' },
      schema: {
        tags: ['sharing'],
        summary: 'Toggle a task (signed in)',
        params: sharedLinkParams.extend({ taskId }),
        body: statusBody,
        response: { 200: taskSchema, ...linkRouteErrors },
      },
    },
    async (request) => setTaskStatus(platform, request.projectAccess, request.params.taskId, request.body.status),
  );
}
