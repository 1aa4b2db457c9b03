// Calendar feed routes (issue 30 item 4, decision 023): the member's own feed in Settings, and
// the feed itself, which calendar apps read without a session (the token in the path is the key).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CALENDAR_FEED_MESSAGES, calendarFeedStatusSchema, createdCalendarFeedSchema } from '../../../domain/calendar-feed';
import { consumeRateLimit, type RateLimitRule } from '../../platform/auth/rate-limit';
import { errorResponses, notFound, tooManyRequests } from '../../platform/errors';
import type { Platform } from '../../platform/platform';
import { createCalendarFeed, deleteCalendarFeed, findFeedOwner, readCalendarFeed, recordFeedFetch, writeCalendarFeed } from './service';

const tags = ['calendar'];
const security = [{ session: [] }];

/**
 * The feed's limits, counted in rate_limits like the share links' (every server shares them).
 * Per address, every request, before the token is looked up: it caps the work one address can
 * cause (guessing 256 bits is hopeless anyway). Generous, because calendar services fetch many
 * people's feeds from few addresses. Per feed: an app that keeps to Cache-Control comes back at
 * most every 5 minutes from each device; 60 an hour leaves room for several and a manual refresh.
 */
export const CALENDAR_FEED_LIMITS = {
  address: { windowSeconds: 60, max: 120 },
  feed: { windowSeconds: 60 * 60, max: 60 },
} as const satisfies Record<string, RateLimitRule>;

const feedNotFound = () => notFound(CALENDAR_FEED_MESSAGES.notFound, 'calendar_feed_not_found');

// The feed's address is a credential of its own (decision 023): like API tokens, it is managed
// signed in, never with an API token (`tokens: false`), so a token cannot leave behind a way to
// read the member's work that outlives it.
export const calendarRoutes: FastifyPluginAsyncZod<{ platform: Platform }> = async (app, { platform }) => {
  app.get(
    '/api/settings/calendar',
    {
      config: { access: 'member', tokens: false },
      schema: {
        tags,
        security,
        summary: 'Whether you have a calendar feed, when it was made and last read (never its address)',
        response: { 200: calendarFeedStatusSchema, ...errorResponses(401) },
      },
    },
    async (request) => readCalendarFeed(platform, request.actor),
  );

  app.post(
    '/api/settings/calendar',
    {
      config: { access: 'member', tokens: false },
      schema: {
        tags,
        security,
        summary: 'Make your calendar feed, or a new address for it (the old one stops at once); the address is answered this once',
        response: { 201: createdCalendarFeedSchema, ...errorResponses(401) },
      },
    },
    async (request, reply) => reply.status(201).send(await createCalendarFeed(platform, request.actor)),
  );

  app.delete(
    '/api/settings/calendar',
    {
      config: { access: 'member', tokens: false },
      schema: { tags, security, summary: 'Turn your calendar feed off: its address stops at once', response: { 204: z.null(), ...errorResponses(401) } },
    },
    async (request, reply) => {
      await deleteCalendarFeed(platform, request.actor);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      // The path is the secret: the request lines logged at info would write it to the logs.
      logLevel: 'warn',
      schema: {
        tags,
        summary: "A member's due dates as an iCalendar feed, for calendar apps (no session: the token is the key)",
        params: z.object({ token: z.string().max(200, { message: CALENDAR_FEED_MESSAGES.notFound.id }) }),
        produces: ['text/calendar'],
        response: { 200: z.string().describe('An iCalendar (RFC 5545) file'), ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      if (!(await consumeRateLimit(platform, `brieflane:calendar-feed:address:${request.ip}`, CALENDAR_FEED_LIMITS.address))) throw tooManyRequests();
      const owner = await findFeedOwner(platform.db, request.params.token);
      if (!owner) throw feedNotFound();
      if (!(await consumeRateLimit(platform, `brieflane:calendar-feed:feed:${owner.tokenHash}`, CALENDAR_FEED_LIMITS.feed))) throw tooManyRequests();
      const body = await writeCalendarFeed(platform, owner);
      await recordFeedFetch(platform, owner);
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          // The member's own data: no shared cache keeps it; an app may reuse it for 5 minutes.
          .header('cache-control', 'private, max-age=300')
          .send(body)
      );
    },
  );
};
