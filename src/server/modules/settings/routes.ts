// Settings tab routes: profile information and password change for the signed-in user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, meSchema, updateProfileSchema } from '../../../domain/auth';
import { loadMe } from '../../platform/auth/me';
import { requireSession } from '../../platform/auth/session';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { changeOwnPassword, updateOwnProfile } from './service';

const tags = ['settings'];
const security = [{ session: [] }];

export const settingsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.patch(
    '/api/settings/profile',
    {
      schema: {
        tags,
        security,
        summary: 'Update your full name and email',
        body: updateProfileSchema,
        response: { 200: meSchema, 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const { actor } = await requireSession(platform, request);
      return loadMe(platform, await updateOwnProfile(platform, { actor, ...request.body }));
    },
  );

  app.post(
    '/api/settings/password',
    {
      schema: {
        tags,
        security,
        summary: 'Change your password (the current one is required); ends your other sessions',
        body: changePasswordSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { actor, sessionId } = await requireSession(platform, request);
      await changeOwnPassword(platform, { actor, sessionId, ...request.body });
      return reply.status(204).send(null);
    },
  );
};
