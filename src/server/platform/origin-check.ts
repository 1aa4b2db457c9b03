// Cross-site request defence in depth (OWASP CSRF cheat sheet, "Verifying origin with standard
// headers" and "Fetch Metadata"): session cookies are SameSite=Lax and the API takes JSON, and on
// top of that a state-changing request that a browser says comes from another site is refused.
// Requests with neither header (curl, scripts, app.inject) are not from a browser page and pass.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken } from './auth/api-tokens';
import { errorBody } from './errors';

export const FORBIDDEN_ORIGIN_MESSAGE = 'This request came from another site, so it was refused.';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

type Headers = { origin?: string | string[]; 'sec-fetch-site'?: string | string[] };

/**
 * Whether a request may change state: safe methods always; otherwise an Origin header, when
 * present, must be PUBLIC_URL's origin, and without one Sec-Fetch-Site must not be cross-site.
 * One exception: a browser that says Sec-Fetch-Site: same-origin (a page may not set it) is on
 * this server's own page, e.g. opened at http://127.0.0.1:3000 while PUBLIC_URL says localhost.
 */
export function isAllowedOrigin(method: string, headers: Headers, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const site = typeof headers['sec-fetch-site'] === 'string' ? headers['sec-fetch-site'].toLowerCase() : headers['sec-fetch-site'];
  const origin = headers.origin;
  if (origin !== undefined) {
    return (typeof origin === 'string' && origin.toLowerCase() === publicOrigin.toLowerCase()) || site === 'same-origin';
  }
  return site === undefined || site !== 'cross-site';
}

/** One onRequest hook on the root instance, so every route (share links included) is covered. */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    // A bearer token is no cookie a page could ride on: the caller sent it on purpose (issue 30),
    // and a page of another site cannot add the header without a CORS preflight we never allow.
    if (bearerToken(request) !== null) return;
    if (isAllowedOrigin(request.method, request.headers, publicOrigin)) return;
    return reply.status(403).send(errorBody('forbidden_origin', FORBIDDEN_ORIGIN_MESSAGE));
  });
}
