// Builds the Fastify app. Tests call buildApp and use app.inject; main.ts listens.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
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
import { clientRoutes } from './modules/clients/routes';
import { devMailboxRoutes } from './modules/dev-mailbox/routes';
import { fileRoutes } from './modules/files/routes';
import { liveRoutes } from './modules/live/routes';
import { noteRoutes } from './modules/notes/routes';
import { organizationRoutes } from './modules/organizations/routes';
import { projectDetailRoutes } from './modules/projects/detail-routes';
import { scheduleOverdueSweep } from './modules/projects/overdue-job';
import { projectRoutes } from './modules/projects/routes';
import { reportRoutes } from './modules/reports/routes';
import { settingsRoutes } from './modules/settings/routes';
import { sharingRoutes } from './modules/sharing/routes';
import { taskRoutes } from './modules/tasks/routes';
import { teamRoutes } from './modules/team/routes';
import { templateRoutes } from './modules/templates/routes';
import { systemClock, type Clock } from './platform/clock';
import type { Config } from './platform/config';
import type { DatabaseHandle } from './platform/db/client';
import { AppError, errorBody } from './platform/errors';
import { attachMailDelivery } from './platform/mail/mail-delivery';
import type { Platform } from './platform/platform';
import { backupRoutes } from './platform/backup/server-side';
import { createStorage } from './platform/storage/create-storage';
import { StorageError } from './platform/storage/storage';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
};

export type App = FastifyInstance;

const webRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

export async function buildApp(options: AppOptions): Promise<App> {
  const { config, database } = options;
  const platform: Platform = {
    config,
    database,
    db: database.db,
    clock: options.clock ?? systemClock,
    storage: createStorage(config.storage),
  };
  // A bucket with wrong keys or out of reach stops the start with the reason, not the first upload.
  await platform.storage.check();

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(errorBody(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const message = first?.message ?? 'Invalid request';
      // A malformed id in the path names nothing that exists.
      if (error.validationContext === 'params') return reply.status(404).send(errorBody('not_found', message));
      return reply.status(400).send(errorBody('validation_error', message));
    }
    if (error instanceof StorageError) {
      request.log.error({ err: error }, 'file storage failed');
      return reply.status(503).send(errorBody('storage_unavailable', 'File storage is unavailable right now. Please try again later.'));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send(errorBody('internal_error', 'An unexpected error occurred'));
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal_error', 'An unexpected error occurred'));
    }
    const code = (error as { code?: string }).code?.toLowerCase() ?? 'bad_request';
    return reply.status(status).send(errorBody(code, (error as Error).message));
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Brieflane API', version: '0.1.0', description: 'Project management for agencies.' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'brieflane.session_token' } } },
    },
    transform: jsonSchemaTransform,
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

  // Feature modules register here, each in its own scope.
  await app.register(authRoutes, { platform });
  await app.register(settingsRoutes, { platform });
  await app.register(organizationRoutes, { platform });
  await app.register(devMailboxRoutes, { platform });
  await app.register(clientRoutes, { platform });
  await app.register(projectRoutes, { platform });
  await app.register(templateRoutes, { platform });
  await app.register(projectDetailRoutes, { platform });
  await app.register(taskRoutes, { platform });
  await app.register(noteRoutes, { platform });
  await app.register(fileRoutes, { platform });
  await app.register(sharingRoutes, { platform });
  await app.register(teamRoutes, { platform });
  await app.register(reportRoutes, { platform });
  await app.register(activityRoutes, { platform });
  await app.register(liveRoutes, { platform });
  await app.register(backupRoutes, { platform });
  scheduleOverdueSweep(app, platform);
  attachMailDelivery(app, platform);

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    if (url.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD') || !existsSync(path.join(webRoot, 'index.html'))) {
      return reply.status(404).send(errorBody('not_found', `No route for ${request.method} ${url.split('?')[0]}`));
    }
    // Client-side routes: the web app decides (its 404 page included).
    return reply.type('text/html').sendFile('index.html', webRoot, { maxAge: 0 });
  });

  if (existsSync(webRoot)) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false, maxAge: '1h' });
  }

  return app;
}
