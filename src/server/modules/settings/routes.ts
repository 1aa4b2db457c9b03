// Settings tab routes: profile information and password change for the signed-in user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePasswordSchema, meSchema, updateLanguageSchema, updateProfileSchema } from '../../../domain/auth';
import { loadMe } from '../auth/public';
import { enforceRateLimit, limitPasswordAttempt } from '../../platform/auth/rate-limit';
import { errorResponseSchema } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { changeOwnPassword, changesEmail, setOwnLanguage, setOwnRegion, setOwnTimeZone, updateOwnProfile } from './service';
import { updateRegionSchema } from '../../../domain/regions';
import { updateTimeZoneSchema } from '../../../domain/time-zones';
import { notificationSettingsSchema, updateNotificationSettingsSchema } from '../../../domain/notification-settings';
import { changeNotificationSettings, readNotificationSettings } from './notification-settings';

const tags = ['settings'];
const security = [{ session: [] }];

export const settingsRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.patch(
    '/api/settings/profile',
    {
      // Issue 30: the name and the sign-in email are changed signed in, never with an API token.
      config: { access: 'member', tokens: false },
      schema: {
        tags,
        security,
        summary: 'Update your full name and email (a new email needs `currentPassword`; the old address is told)',
        body: updateProfileSchema,
        response: {
          200: meSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { actor } = request.actorSession;
      if (!changesEmail(actor, request.body.email)) {
        return loadMe(platform, await updateOwnProfile(platform, { actor, ...request.body }));
      }
      // Issue 20: a new email is an 'email taken' lookup and a current-password check; both limited.
      const who = { userId: actor.userId, address: request.ip };
      await enforceRateLimit(platform, 'member-email', who);
      const updated = await limitPasswordAttempt(platform, 'current-password', who, () =>
        updateOwnProfile(platform, { actor, ...request.body }),
      );
      return loadMe(platform, updated);
    },
  );

  app.put(
    '/api/settings/language',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Set your language (en, de, es), or null to follow your browser',
        body: updateLanguageSchema,
        response: { 200: meSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await setOwnLanguage(platform, request.actor, request.body.locale);
      return loadMe(platform, request.actor);
    },
  );

  app.put(
    '/api/settings/region',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Set your region (GB, AT, MX, ...), whose conventions dates and numbers are written in, or null to follow your browser',
        body: updateRegionSchema,
        response: { 200: meSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await setOwnRegion(platform, request.actor, request.body.region);
      return loadMe(platform, request.actor);
    },
  );

  app.put(
    '/api/settings/time-zone',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Set your time zone (an IANA name such as Europe/Berlin); your daily digest goes out at its hour there',
        body: updateTimeZoneSchema,
        response: { 200: meSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await setOwnTimeZone(platform, request.actor, request.body.timeZone);
      return loadMe(platform, request.actor);
    },
  );

  app.get(
    '/api/settings/notifications',
    {
      config: { access: 'member' },
      schema: { tags, security, summary: 'Your notification settings: per kind the inbox and email, the inbox only or off; the daily digest', response: { 200: notificationSettingsSchema, 401: errorResponseSchema } },
    },
    async (request) => readNotificationSettings(platform, request.actor),
  );

  app.patch(
    '/api/settings/notifications',
    {
      config: { access: 'member' },
      schema: {
        tags,
        security,
        summary: 'Change some of your notification settings',
        body: updateNotificationSettingsSchema,
        response: { 200: notificationSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => changeNotificationSettings(platform, request.actor, request.body),
  );

  app.post(
    '/api/settings/password',
    {
      config: { access: 'member', tokens: false },
      schema: {
        tags,
        security,
        summary: 'Change your password (the current one is required); ends your other sessions',
        body: changePasswordSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { actor, sessionId } = request.actorSession;
      // Issue 19: guessing the current password is limited like sign-in; a right one does not count.
      await limitPasswordAttempt(platform, 'current-password', { userId: actor.userId, address: request.ip }, () =>
        changeOwnPassword(platform, { actor, sessionId, ...request.body }),
      );
      return reply.status(204).send(null);
    },
  );
};
