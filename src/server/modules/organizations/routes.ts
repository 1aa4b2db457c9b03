// Renaming the organization in Settings (ARCHITECTURE decision 1): its admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { renameOrganizationSchema } from '../../../domain/auth';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { renameOrganization } from './service';

export const organizationRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.patch(
    '/api/organization',
    {
      config: { access: 'member' },
      schema: {
        tags: ['organizations'],
        security: [{ session: [] }],
        summary: "Rename the caller's organization (organization_admin and admin)",
        body: renameOrganizationSchema,
        response: {
          200: z.object({ id: z.string(), name: z.string() }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => renameOrganization(platform, { actor: request.actor, ...request.body }),
  );
};
