// Builds the Fastify app. Tests call buildApp and use app.inject; main.ts listens.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityRoutes } from './modules/activity/routes';
import { authRoutes } from './modules/auth/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { clientRoutes } from './modules/clients/routes';
import { devMailboxRoutes } from './dev/mailbox/routes';
import { fileRoutes } from './modules/files/routes';
import { liveRoutes } from './modules/live/routes';
import { noteRoutes } from './modules/notes/routes';
import { timeRoutes } from './modules/time/routes';
import { commentRoutes } from './modules/comments/routes';
import { searchRoutes } from './modules/search/routes';
import { apiTokenRoutes } from './modules/api-tokens/routes';
import { webhookDocs } from './modules/webhooks/openapi';
import { webhookRoutes } from './modules/webhooks/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { passkeyRoutes } from './modules/passkeys/routes';
import { scheduleSsoDomainChecks } from './modules/sso/domain-proof';
import { ssoRoutes } from './modules/sso/routes';
import { attachWebhookDelivery, type WebhookWorkerOptions } from './modules/webhooks/worker';
import { organizationRoutes } from './modules/organizations/routes';
import { projectDetailRoutes } from './modules/projects/detail-routes';
import { scheduleOverdueSweep } from './modules/projects/overdue-job';
import { scheduleDueReminders } from './modules/tasks/due-reminders';
import { scheduleRecurrence } from './modules/tasks/recurrence';
import { scheduleDigests } from './modules/settings/digest';
import { scheduleHousekeeping } from './platform/db/housekeeping';
import { PRUNES } from './housekeeping';
import { projectRoutes } from './modules/projects/routes';
import { scheduleReportCountsFold } from './modules/reports/report-counts';
import { reportRoutes } from './modules/reports/routes';
import { budgetRoutes } from './modules/budgets/routes';
import { settingsRoutes } from './modules/settings/routes';
import { sharingRoutes } from './modules/sharing/routes';
import { intakeRoutes } from './modules/intake/routes';
import { inboxRoutes } from './modules/inbox/routes';
import { taskRoutes } from './modules/tasks/routes';
import { teamRoutes } from './modules/team/routes';
import { templateRoutes } from './modules/templates/routes';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import { AppError, errorBody, errorResponses, isDatabaseUnavailable, type ErrorMessage } from './platform/errors';
import { translate } from './platform/i18n';
import { SERVER_MESSAGES } from './platform/messages';
import { LOG_REDACTION } from './platform/log-redaction';
import { attachMailDelivery } from './platform/mail/mail-delivery';
import { registerOriginCheck } from './platform/origin-check';
import { registerSecurityHeaders } from './platform/security-headers';
import type { Platform } from './platform/platform';
import { findUsableLink } from './services/project-access/link';
import { requestLogController } from './platform/logging';
import { appFiles } from './platform/app-files';
import { collectRouteTable } from './platform/route-table';
import { backupRoutes } from './platform/backup/server-side';
import { registerChangeOrigin } from './platform/realtime/change-origin';
import { registerRequestContext, requestLocale } from './services/request-context';
import { BODY_LIMITS, bodyTooLarge, registerRequestBodies } from './platform/request-bodies';
import { registerRequestAdmission } from './platform/request-admission';
import { registerMetrics } from './platform/metrics';
import { appMigrationLevel } from './platform/backup/manifest';
import { createStorage } from './platform/storage/create-storage';
import { StorageError, StorageFullError } from './platform/storage/storage';
import { carriesLiveSession } from './platform/auth/session';
import { readWebPages } from './platform/web-pages';
import { FILE_MESSAGES } from '../domain/files';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** The built web app; tests point it at a folder of their own. */
  webRoot?: string;
  /** The webhook delivery worker's pacing; tests drive it by hand. */
  webhooks?: WebhookWorkerOptions;
};

export type App = FastifyInstance;

const builtWebRoot = appFiles.webBuild;

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const webRoot = options.webRoot ?? builtWebRoot;
  const platform: Platform = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    storage: await createStorage(config.storage),
  };
  // A bucket with wrong keys or out of reach stops the start with the reason, not the first upload.
  await platform.storage.check();

  // Every logger, a test's included, redacts what a failed query would otherwise spill.
  const logger =
    options.logger === false ? false : { level: config.logLevel, ...(typeof options.logger === 'object' ? options.logger : {}), ...LOG_REDACTION };
  const app = Fastify({
    logger,
    logController: requestLogController(config.logLevel),
    trustProxy: config.trustProxy,
    // Routes get theirs by kind (request-bodies.ts); this is what the rest take.
    bodyLimit: BODY_LIMITS.signedOut,
    // The router's own refusals (a malformed or over-long path) in the one error shape.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply)
        .status(tooLong ? 414 : 400)
        .send(errorBody(tooLong ? 'uri_too_long' : 'bad_url', tooLong ? 'The address is too long' : 'The address is not valid'));
    },
  }).withTypeProvider<ZodTypeProvider>();

  collectRouteTable(app);
  registerRequestBodies(app);
  registerRequestAdmission(app, config, database.kind);
  const metrics = registerMetrics(app, platform);
  if (app.admissionQueue) {
    const queue = app.admissionQueue;
    metrics.gauge('brieflane_db_queue_waiting', 'Requests waiting for the embedded database (decision 025)', () => queue.waiting);
    metrics.gauge('brieflane_db_queue_busy', 'Requests holding a slot of the embedded database', () => queue.busy);
  }
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler(async (error, request, reply) => {
    // What people read of an error is in the caller's language (issue 48); its code is not.
    const locale = await requestLocale(platform, request);
    const say = (text: ErrorMessage) => translate(locale, text);
    if (error instanceof AppError) {
      const body = errorBody(error.code, say(error.text), error.detailText === undefined ? undefined : say(error.detailText), error.locale);
      if (error.field) body.error.field = error.field;
      if (error.path) body.error.path = error.path;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = say(first?.message ?? SERVER_MESSAGES.invalidRequest);
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === 'params') return reply.status(404).send(errorBody('not_found', message));
      // Issue 48: the field the message is about, by its name in the request ("contactName",
      // "formData.brief"), since a message in the reader's language may not name it.
      const body = errorBody('validation_error', message);
      const field = first?.instancePath.split('/').filter(Boolean).join('.');
      if (field) body.error.field = field;
      return reply.status(400).send(body);
    }
    if (error instanceof StorageFullError) {
      request.log.error({ err: error }, 'file storage is full');
      return reply.status(507).send(errorBody('storage_full', say(FILE_MESSAGES.storageFull)));
    }
    if (error instanceof StorageError) {
      request.log.error({ err: error }, 'file storage failed');
      return reply.status(503).send(errorBody('storage_unavailable', say(SERVER_MESSAGES.storageUnavailable)));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', say(SERVER_MESSAGES.internalError)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ code: (error as { code?: string }).code }, 'database unavailable');
      return reply.status(503).send(errorBody('database_unavailable', say(SERVER_MESSAGES.databaseUnavailable)));
    }
    if ((error as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const tooLarge = bodyTooLarge(request);
      return reply.status(tooLarge.statusCode).send(errorBody(tooLarge.code, say(tooLarge.text)));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal_error', say(SERVER_MESSAGES.internalError)));
    }
    const code = (error as { code?: string }).code?.toLowerCase() ?? 'bad_request';
    return reply.status(status).send(errorBody(code, (error as Error).message));
  });

  await registerSecurityHeaders(app, config.publicUrl);
  await app.register(fastifyCookie);
  registerOriginCheck(app, config.publicUrl);
  // API responses over 1 KB, br or gzip as the client accepts; the web app's files come
  // precompressed from the build instead (@fastify/static's preCompressed below).
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });

  await app.register(fastifySwagger, {
    openapi: {
      // 3.1 for `webhooks`: the requests Brieflane sends to a hook (issue 30).
      openapi: '3.1.0',
      webhooks: webhookDocs(),
      info: { title: 'Brieflane API', version: '0.1.0', description: 'Project management for agencies.' },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'brieflane.session_token' },
          // Issue 30: a personal API token (Settings -> API tokens), `Authorization: Bearer blt_...`.
          bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token from Settings -> API tokens.' },
        },
      },
    },
    // A member's route takes the session cookie or a token (unless closed to tokens), so /api/docs
    // offers both under Authorize and sends the token on "Try it out".
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const config = input.route.config as { access?: string; tokens?: false } | undefined;
      if (config?.access === 'member' || config?.access === 'member-project') {
        const security: Record<string, string[]>[] = config.tokens === false ? [{ session: [] }] : [{ session: [] }, { bearer: [] }];
        return { ...transformed, schema: { ...transformed.schema, security } };
      }
      return transformed;
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Liveness and database check',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) },
      },
    },
    async () => {
      await database.db.execute('select 1');
      return { status: 'ok' as const, database: database.kind };
    },
  );

  // Issue 35: a liveness probe that never touches the database (a restart will not cure a
  // database that is away), and a readiness probe: the database answers and its migrations are
  // the ones this code expects.
  app.get(
    '/api/health/live',
    { schema: { tags: ['platform'], summary: 'Liveness: the process answers', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['platform'],
        summary: 'Readiness: the database answers and its migrations are current',
        response: { 200: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']), migrations: z.number() }), ...errorResponses(503) },
      },
    },
    async (_request, reply) => {
      const expected = appMigrationLevel().count;
      const applied = await appliedMigrations(database).catch(() => null);
      if (applied === null) return reply.status(503).send(errorBody('database_unavailable', 'The database does not answer'));
      if (applied !== expected) return reply.status(503).send(errorBody('migrations_pending', `The database is at migration ${applied}; this code expects ${expected}`));
      return { status: 'ready' as const, database: database.kind, migrations: applied };
    },
  );

  // Who is calling, resolved once per request for routes that declare it (config.access).
  registerChangeOrigin(app);
  registerRequestContext(app, platform);

  // Feature modules register here, each in its own scope.
  await app.register(authRoutes, { platform });
  await app.register(settingsRoutes, { platform });
  await app.register(calendarRoutes, { platform });
  await app.register(organizationRoutes, { platform });
  await app.register(devMailboxRoutes, { platform });
  await app.register(clientRoutes, { platform });
  await app.register(projectRoutes, { platform });
  await app.register(templateRoutes, { platform });
  await app.register(projectDetailRoutes, { platform });
  await app.register(taskRoutes, { platform });
  await app.register(noteRoutes, { platform });
  await app.register(commentRoutes, { platform });
  await app.register(searchRoutes, { platform });
  await app.register(timeRoutes, { platform });
  await app.register(apiTokenRoutes, { platform });
  await app.register(webhookRoutes, { platform });
  await app.register(sessionRoutes, { platform });
  await app.register(twoFactorRoutes, { platform });
  await app.register(passkeyRoutes, { platform });
  await app.register(ssoRoutes, { platform });
  await app.register(fileRoutes, { platform });
  await app.register(sharingRoutes, { platform });
  await app.register(intakeRoutes, { platform });
  await app.register(inboxRoutes, { platform });
  await app.register(teamRoutes, { platform });
  await app.register(reportRoutes, { platform });
  await app.register(budgetRoutes, { platform });
  await app.register(activityRoutes, { platform });
  await app.register(liveRoutes, { platform });
  await app.register(backupRoutes, { platform });
  scheduleOverdueSweep(app, platform);
  scheduleDueReminders(app, platform);
  scheduleRecurrence(app, platform);
  scheduleDigests(app, platform);
  scheduleReportCountsFold(app, platform);
  scheduleHousekeeping(app, platform, PRUNES);
  scheduleSsoDomainChecks(app, platform);
  attachMailDelivery(app, platform);
  attachWebhookDelivery(app, platform, options.webhooks);

  const webPages = readWebPages(webRoot);
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.raw.url ?? '/';
    // A missing asset is a 404, not the web app's HTML: a module script answered with a page
    // fails on its MIME type, and a cache would keep that page under the script's name.
    const notAPage = url.startsWith('/api/') || url.startsWith('/assets/');
    if (notAPage || (request.method !== 'GET' && request.method !== 'HEAD') || !existsSync(path.join(webRoot, 'index.html'))) {
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${url.split('?')[0]}`));
    }
    // Client-side routes: the web app decides (its 404 page included). A page's own HTML names
    // its chunks up front (web-pages.ts).
    const file = await webPages.fileFor(url, { signedIn: () => carriesLiveSession(platform, request), holds: (condition, pathname) => pageConditionHolds(platform, condition, pathname) });
    return reply.type('text/html').sendFile(file, webRoot);
  });

  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build wrote name.br and name.gz beside each text file (scripts/build.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => reply.header('cache-control', webCacheControl(path.relative(webRoot, file))),
    });
  }

  return app;
}

/**
 * Vite names every file under assets/ by its content's hash, so a browser may keep it for good;
 * index.html names the current ones and must be asked for again each time, or a tab would keep
 * loading a deploy's old chunks.
 */
function webCacheControl(file: string): string {
  const relative = file.split(path.sep).join('/');
  if (relative.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  // index.html and the pages' copies of it (web-pages.ts).
  if (/^[^/]+\.html(\.(br|gz))?$/.test(relative)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * What a page's HTML may depend on beyond the path (page-paths.ts's PageCondition): 'intake-link',
 * the share page of a usable intake link, whose HTML also names the form's code (issue 27 item
 * 20). Its answer only picks which static file is sent; a failed lookup sends the plain page.
 */
async function pageConditionHolds(platform: Platform, condition: string, pathname: string): Promise<boolean> {
  if (condition !== 'intake-link') return false;
  const token = /^\/project-access\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!token) return false;
  const link = await findUsableLink(platform.db, token, platform.clock.now()).catch(() => undefined);
  return link?.intakeState != null;
}

/** Migrations recorded by drizzle's migrator in this database. */
async function appliedMigrations(database: DatabaseHandle): Promise<number> {
  const result = (await database.db.execute('select count(*)::int as n from drizzle.__drizzle_migrations')) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}
