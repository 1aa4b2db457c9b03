// How much of a request body the server will take (issue 26, decision 019): a limit per kind of
// route, set in one place from the route's `config.access`, and a JSON parser that refuses a
// body of too many keys and items before building it. Who calls is resolved before the body is
// read (request-context.ts), so a caller the route refuses never gets as far as the parser.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from './errors';
import type { RouteAccess } from './route-access';

const KB = 1024;

/** The largest body each kind of route takes, in bytes. Uploads state their own (files/http.ts). */
export const BODY_LIMITS = {
  /** Routes without a declared caller: sign-in, sign-up, codes, password reset, opening a link. */
  signedOut: 16 * KB,
  /** Routes through a share link: notes, tasks, links and intake answers. */
  link: 64 * KB,
  /** A signed-in member's JSON. */
  member: 256 * KB,
  /** A member's routes that carry a whole questionnaire: templates, a project's answers. */
  questionnaire: 1024 * KB,
} as const;

const LIMIT_BY_ACCESS: Record<RouteAccess, number> = {
  member: BODY_LIMITS.member,
  'member-project': BODY_LIMITS.member,
  'link-read': BODY_LIMITS.link,
  'link-write': BODY_LIMITS.link,
};

/**
 * The most keys and array items a JSON body may hold, all levels together. The largest real
 * body (a template of 200 fields with a few options each) holds a few thousand; parsing and
 * checking 111,000 keys held the event loop for seconds.
 */
export const MAX_JSON_ITEMS = 10_000;

/** The limit of a route that states none, by its kind. */
export function bodyLimitFor(access: RouteAccess | undefined): number {
  return access ? LIMIT_BY_ACCESS[access] : BODY_LIMITS.signedOut;
}

/**
 * About the number of object keys and array items in a JSON text: the `{`, `[` and `,` outside
 * strings (an object of k keys counts k, an empty one 1); stops counting past `max`. A cheap
 * scan, so an oversized body is refused before JSON.parse builds it.
 */
export function countJsonItems(text: string, max: number): number {
  let count = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x2c /* , */ || c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++count > max) return count;
    }
  }
  return count;
}

export const tooManyItems = () =>
  new AppError(400, 'too_many_items', `The request holds too many values (at most ${MAX_JSON_ITEMS.toLocaleString('en-US')}).`);

export function bodyTooLarge(request: FastifyRequest): AppError {
  const limit = request.routeOptions.bodyLimit ?? BODY_LIMITS.signedOut;
  return new AppError(413, 'body_too_large', `The request is too large (at most ${Math.round(limit / KB)} KB).`);
}

/**
 * Every route's body limit by its kind (routes register after this), and the JSON parser:
 * Fastify's own (secure-json-parse, refusing `__proto__` and `constructor.prototype`) behind
 * the item count.
 */
export function registerRequestBodies(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.bodyLimit ??= bodyLimitFor(route.config?.access);
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // Each item counted is a character of its own: a short body needs no scan.
    if (text.length > MAX_JSON_ITEMS && countJsonItems(text, MAX_JSON_ITEMS) > MAX_JSON_ITEMS) {
      done(tooManyItems(), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
