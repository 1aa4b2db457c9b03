// Renaming the organization in Settings (ARCHITECTURE decision 1): its admins only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { organizationLocaleSchema, renameOrganizationSchema } from '../../../domain/auth';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { updateTimeZoneSchema } from '../../../domain/time-zones';
import { renameOrganization, setOrganizationLocale, setOrganizationTimeZone } from './service';

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

  app.put(
    '/api/organization/locale',
    {
      config: { access: 'member' },
      schema: {
        tags: ['organizations'],
        security: [{ session: [] }],
        summary: "Set the organization's language, which its emails speak to members with none saved and to outsiders (organization_admin and admin)",
        body: organizationLocaleSchema,
        response: {
          200: organizationLocaleSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => setOrganizationLocale(platform, request.actor, request.body.locale),
  );

  app.put(
    '/api/organization/time-zone',
    {
      config: { access: 'member' },
      schema: {
        tags: ['organizations'],
        security: [{ session: [] }],
        summary: "Set the organization's time zone (an IANA name such as Europe/Berlin): the calendar days its recurring tasks follow (organization_admin and admin)",
        body: updateTimeZoneSchema,
        response: {
          200: z.object({ timeZone: z.string() }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    async (request) => setOrganizationTimeZone(platform, request.actor, request.body.timeZone),
  );
};
