// Time API (issue 32, decision 034): a member's time entries, their running timer and their week
// as a timesheet; staff reach the time of members ranked below them. Members only: share links
// never see time. Thin routes.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  startTimerSchema,
  stopTimerSchema,
  TIME_MESSAGES,
  timeEntryInputSchema,
  timeEntryListQuerySchema,
  timeEntryListSchema,
  timeEntrySchema,
  timeEntryUpdateSchema,
  timerStateSchema,
  timesheetCellSchema,
  timesheetQuerySchema,
  timesheetSchema,
} from '../../../domain/time-entries';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { createTimeEntry, deleteTimeEntry, discardTimer, getTimer, getTimesheet, listTimeEntries, setTimesheetCell, startTimer, stopTimer, updateTimeEntry } from './service';

const tags = ['time'];
const errors = errorResponses(400, 401, 403, 404);
const entryParams = z.object({ entryId: z.uuid({ message: TIME_MESSAGES.entryNotFound.id }) });

export async function timeRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'member' } as const;

  typed.get(
    '/api/time/entries',
    {
      config,
      schema: {
        tags,
        summary: "Time entries in a date range (at most 62 days): yours, a member's (staff), or a project's (staff: everyone's; developers: their own)",
        querystring: timeEntryListQuerySchema,
        response: { 200: timeEntryListSchema, ...errors },
      },
    },
    async (request) => listTimeEntries(platform, request.actor, request.query),
  );

  typed.post(
    '/api/time/entries',
    {
      config,
      schema: {
        tags,
        summary: 'Log time on a task or on the project itself: yours, or as staff a member ranked below you. A day holds at most 24 hours',
        body: timeEntryInputSchema,
        response: { 201: timeEntrySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createTimeEntry(platform, request.actor, request.body)),
  );

  typed.patch(
    '/api/time/entries/:entryId',
    { config, schema: { tags, summary: 'Change a time entry: yours, or as staff one of a member ranked below you', params: entryParams, body: timeEntryUpdateSchema, response: { 200: timeEntrySchema, ...errors } } },
    async (request) => updateTimeEntry(platform, request.actor, request.params.entryId, request.body),
  );

  typed.delete(
    '/api/time/entries/:entryId',
    { config, schema: { tags, summary: 'Delete a time entry: yours, or as staff one of a member ranked below you', params: entryParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await deleteTimeEntry(platform, request.actor, request.params.entryId);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/time/timer',
    { config, schema: { tags, summary: 'Your running timer, if any', response: { 200: timerStateSchema, ...errors } } },
    async (request) => getTimer(platform, request.actor),
  );

  typed.post(
    '/api/time/timer',
    {
      config,
      schema: { tags, summary: 'Start your timer on a task or a project; 409 while one runs', body: startTimerSchema, response: { 201: timerStateSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    },
    async (request, reply) => reply.status(201).send(await startTimer(platform, request.actor, request.body)),
  );

  typed.post(
    '/api/time/timer/stop',
    {
      config,
      schema: {
        tags,
        summary:
          'Stop your timer into a time entry; over 10 hours it asks first (409 timer_long): confirm "save" or "trim"; under a minute too (409 timer_short): confirm "save", or discard it (DELETE /api/time/timer)',
        body: stopTimerSchema,
        response: { 200: z.object({ entry: timeEntrySchema }), ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => stopTimer(platform, request.actor, request.body),
  );

  typed.delete(
    '/api/time/timer',
    { config, schema: { tags, summary: 'Discard your running timer, saving nothing', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await discardTimer(platform, request.actor);
      return reply.status(204).send(null);
    },
  );

  typed.get(
    '/api/time/timesheet',
    { config, schema: { tags, summary: "A week of your time (or, as staff, a member's) as rows by days, with totals; it starts on firstDay (1 Monday ... 7 Sunday, Monday unless given)", querystring: timesheetQuerySchema, response: { 200: timesheetSchema, ...errors } } },
    async (request) => getTimesheet(platform, request.actor, request.query),
  );

  typed.put(
    '/api/time/timesheet/cell',
    {
      config,
      schema: {
        tags,
        summary: "Set one cell of a timesheet (a row's day) to a total; 0 clears it. Answers the week",
        body: timesheetCellSchema,
        response: { 200: timesheetSchema, ...errors },
      },
    },
    async (request) => setTimesheetCell(platform, request.actor, request.body),
  );
}
