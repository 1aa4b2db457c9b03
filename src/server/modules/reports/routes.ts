// Reports tab API (spec 2 "Reports tab"). Thin route.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reportQuerySchema, reportSchema } from '../../../domain/reports';
import { errorResponses } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { buildReport } from './service';
import { buildTimeReport, buildTimeReportWeeks, listTimeReportEntries, listTimeReportFilterOptions } from './time-report';
import {
  timeReportEntriesQuerySchema,
  timeReportEntriesSchema,
  timeReportFilterOptionsSchema,
  timeReportQuerySchema,
  timeReportSchema,
  timeReportWeeksQuerySchema,
  timeReportWeeksSchema,
} from '../../../domain/time-reports';
import { timeReportColumns } from '../../../domain/csv-export';
import { csvFileSchema, sendCsvPages } from '../../platform/csv-response';
import { documentLocale } from '../../services/request-context';

const errors = errorResponses(400, 401, 403);

export async function reportRoutes(app: FastifyInstance, options: { platform: Platform }) {
  const { platform } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    '/api/reports',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary: "Counts and completion rates of the organization's projects, clients and tasks created in the range",
        querystring: reportQuerySchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => buildReport(platform, request.actor, request.query),
  );

  // Issue 32: time reports, staff only like the tab (they hold money).
  typed.get(
    '/api/reports/time',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary:
          'Time logged in a date range by client, project, member or task, narrowed by client, project, member and billable: billable and not, hours (minutes) and money (minor units)',
        querystring: timeReportQuerySchema,
        response: { 200: timeReportSchema, ...errors },
      },
    },
    async (request) => buildTimeReport(platform, request.actor, request.query),
  );

  // Issue 49 item 15: the drill-down's last step, a task's (or a project's no-task) entries.
  typed.get(
    '/api/reports/time/entries',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary: 'The time entries of a date range under the same filters (and a task, or none for time on the project itself): date, member, minutes, billable, note, money',
        querystring: timeReportEntriesQuerySchema,
        response: { 200: timeReportEntriesSchema, ...errors },
      },
    },
    async (request) => listTimeReportEntries(platform, request.actor, request.query),
  );

  typed.get(
    '/api/reports/time/filters',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary: "What the time report's filters offer: the organization's clients, projects (with their client) and members, by name",
        response: { 200: timeReportFilterOptionsSchema, ...errors },
      },
    },
    async (request) => listTimeReportFilterOptions(platform, request.actor),
  );

  typed.get(
    '/api/reports/time/weeks',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary: 'Minutes logged per week (Monday first) in a date range, billable and not, for the chart',
        querystring: timeReportWeeksQuerySchema,
        response: { 200: timeReportWeeksSchema, ...errors },
      },
    },
    async (request) => buildTimeReportWeeks(platform, request.actor, request.query),
  );

  typed.get(
    '/api/reports/time/export',
    {
      config: { access: 'member' },
      schema: {
        tags: ['reports'],
        summary: 'The time report as a CSV download (the same rows and figures as the screen)',
        querystring: timeReportQuerySchema,
        produces: ['text/csv'],
        response: { 200: csvFileSchema, ...errors },
      },
    },
    async (request, reply) => {
      // Its rows are bounded (MAX_REPORT_ROWS): one page, streamed through the shared export.
      const report = await buildTimeReport(platform, request.actor, request.query);
      return sendCsvPages(reply, { list: 'time-report', clock: platform.clock, locale: await documentLocale(platform, request) }, timeReportColumns(report.groupBy, report.currency), async () => ({
        items: report.rows,
        nextCursor: null,
      }));
    },
  );
}
