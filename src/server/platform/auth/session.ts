// Who is calling: the better-auth session resolved to our profile and organization. Every
// feature takes the organization and role from here, never from the request body.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../../domain/roles';
import type { SignInWay } from '../../../domain/sessions';
import type { Database, Executor } from '../db/client';
import { sessions, users } from '../db/schema/auth';
import { organizations, profiles } from '../db/schema/tenancy';
import { requirementOf, twoFactorColumns } from './two-factor-policy';
import { forbidden, tooManyRequests, unauthorized } from '../errors';
import { API_TOKEN_TEXTS, type ApiTokenScope } from '../../../domain/api-tokens';
import { bearerToken, findTokenMember, noteTokenUse, withinTokenLimit } from './api-tokens';
import type { Platform } from '../platform';
import { authFor, SESSION_COOKIE_PREFIX, SESSION_SECONDS, SESSION_UPDATE_AGE_SECONDS } from './auth';
import {
  cachedSession,
  forgetSession,
  keepSession,
  publishSessionsEnded,
  refreshCachedSession,
  sessionReadStamp,
  type SessionRow,
} from './session-cache';

export type Actor = {
  userId: string;
  profileId: string;
  organizationId: string;
  role: Role;
  email: string;
  fullName: string;
};

export type ActorSession = {
  actor: Actor;
  sessionId: string;
  sessionToken: string;
  /** When the session ends unless used again (it is extended on use). */
  expiresAt: Date;
  /** A browser's session cookie, or a personal API token (issue 30; `sessionId` is the token's id). */
  via: 'cookie' | 'token';
  /** A token's scope: 'read' refuses anything but reading. */
  tokenScope?: ApiTokenScope;
  /** What the organization's two-factor requirement asks of this member now (issue 31). */
  twoFactor: ReturnType<typeof requirementOf>;
};

/** The request's headers in the Fetch form better-auth reads (cookie, user agent, address). */
export function requestHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  // better-auth records the client address from x-forwarded-for; give it Fastify's view.
  headers.set('x-forwarded-for', request.ip);
  return headers;
}

/** Passes the library's Set-Cookie headers (session set or cleared) on to our reply. */
export function forwardCookies(reply: FastifyReply, headers: Headers | null | undefined): void {
  const cookies = headers?.getSetCookie() ?? [];
  if (cookies.length > 0) reply.header('set-cookie', cookies);
}

/** better-auth's session cookie: `<token>.<base64 HMAC-SHA256 of the token>` under our prefix. */
function sessionCookieName(platform: Platform): string {
  return `${isSecure(platform) ? '__Secure-' : ''}${SESSION_COOKIE_PREFIX}.session_token`;
}

function isSecure(platform: Platform): boolean {
  return platform.config.publicUrl.startsWith('https:');
}

function signature(platform: Platform, token: string): string {
  return createHmac('sha256', platform.config.authSecret).update(token).digest('base64');
}

/**
 * What the sessions table holds for a token: its SHA-256 (decision 014), so a copy of the
 * database (a backup, a dump) yields no live session. The cookie carries the token itself.
 */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Seals a session better-auth has just created: its stored token becomes the token's hash, and
 * how it was signed in is written beside it (issue 49 item 21), in the same UPDATE.
 * Returns the stored form, for the caller to find the row by.
 */
export async function sealSession(db: Executor, token: string, way: SignInWay): Promise<string> {
  const hashed = hashSessionToken(token);
  await db.update(sessions).set({ token: hashed, ...signInColumns(way) }).where(eq(sessions.token, token));
  return hashed;
}

/** The session columns that say how it was signed in. */
export function signInColumns(way: SignInWay) {
  return { signInMethod: way.method, signInFactor: way.factor, signInProvider: way.provider };
}

/**
 * A new session for a user who proved who they are without the password (a passkey, decision
 * 031; single sign-on, decision 032), made as the password sign-in's is: better-auth writes the
 * row (its id, token and lifetime; the address and browser Settings -> Sessions shows), and it is
 * sealed at once. Returns the token for the cookie (setSessionCookie).
 */
export async function openSession(
  platform: Platform,
  input: { userId: string; address: string; userAgent: string | undefined; way: SignInWay },
): Promise<string> {
  const context = await authFor(platform).$context;
  const session = await context.internalAdapter.createSession(input.userId, false, { ipAddress: input.address, userAgent: input.userAgent ?? '' });
  await sealSession(platform.db, session.token, input.way);
  return session.token;
}

/**
 * Sets the session cookie as better-auth's sign-in sets it: `<token>.<signature>`, encoded as the
 * library encodes it (base64's + / = escaped), for the session's 30 days.
 */
export function setSessionCookie(platform: Platform, reply: FastifyReply, token: string): void {
  reply.setCookie(sessionCookieName(platform), `${token}.${signature(platform, token)}`, {
    encode: encodeURIComponent,
    path: '/',
    maxAge: SESSION_SECONDS,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(platform),
  });
}

/**
 * Signs the caller out: their session row goes (and with it every app server's cached copy, by
 * the 'sessions' event of the same transaction) and the cookie is cleared.
 */
export async function endSession(platform: Platform, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cookieName = sessionCookieName(platform);
  const token = verifiedToken(platform, request.cookies[cookieName]);
  if (token) {
    await platform.db.transaction(async (tx) => {
      const [ended] = await tx.delete(sessions).where(eq(sessions.token, hashSessionToken(token))).returning({ userId: sessions.userId });
      if (ended) await publishSessionsEnded(tx, ended.userId);
    });
  }
  reply.setCookie(cookieName, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax', secure: isSecure(platform) });
}

/** The token of a cookie value the library signed with our secret; null for anything else. */
function verifiedToken(platform: Platform, value: string | undefined): string | null {
  if (!value) return null;
  const dot = value.lastIndexOf('.');
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(signature(platform, token));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/**
 * Whether the request carries a session cookie this server signed: cheap (no database read), so
 * not whether the session is still live. Enough for a hint such as which page's code to name in
 * the HTML (web-pages.ts); never for access.
 */
/**
 * Whether the request's session cookie is one this server signed AND its session is still live
 * (the session cache answers most): a tab whose session was ended elsewhere must get the
 * signed-out page, or the signed-in page's preloaded reads (401s) would be taken by the app's
 * first requests after it signs in again, and sign it out.
 */
export async function carriesLiveSession(platform: Platform, request: FastifyRequest): Promise<boolean> {
  const token = verifiedToken(platform, request.cookies[sessionCookieName(platform)]);
  return token !== null && (await readSession(platform, hashSessionToken(token), new Date())) !== null;
}

function prepareSessionQuery(db: Database) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      email: users.email,
      profileId: profiles.id,
      organizationId: profiles.organizationId,
      role: profiles.role,
      fullName: profiles.fullName,
      ...twoFactorColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(and(eq(sessions.token, sql.placeholder('token')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('brieflane_find_session');
}

// Built once per database: every request runs it, and on PostgreSQL each pooled connection
// parses it once as a named prepared statement.
const sessionQueries = new WeakMap<Database, ReturnType<typeof prepareSessionQuery>>();
function sessionQuery(db: Database) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = prepareSessionQuery(db);
    sessionQueries.set(db, query);
  }
  return query;
}

/**
 * The signed-in caller with their session, or null. A user without a profile is not signed in.
 *
 * One query at most (decision 014): the signed cookie is checked here with the library's own
 * signing rule, then the session, its user and the profile are read together (or taken from the
 * session cache), instead of better-auth's getSession (session, then user) followed by the profile. The row is found by the token's hash. As the library did, a session used
 * more than a day after it was last extended is extended to 30 days again; given the reply, the
 * refreshed cookie goes back with it, so an active browser stays signed in.
 */
export async function findSession(platform: Platform, request: FastifyRequest, reply?: FastifyReply): Promise<ActorSession | null> {
  // A bearer token, when there is one, is the caller; a cookie beside it is not read (issue 30).
  const bearer = bearerToken(request);
  if (bearer !== null) return findTokenSession(platform, request, bearer);
  // Anonymous calls cost nothing: no cookie, no signature check, no query.
  if (!request.headers.cookie) return null;
  const cookieName = sessionCookieName(platform);
  const token = verifiedToken(platform, request.cookies[cookieName]);
  if (!token) return null;
  const now = new Date();
  const tokenHash = hashSessionToken(token);
  const row = await readSession(platform, tokenHash, now);
  if (!row) return null;
  let expiresAt = row.expiresAt;
  if (row.expiresAt.getTime() - SESSION_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now.getTime()) {
    expiresAt = new Date(now.getTime() + SESSION_SECONDS * 1000);
    await platform.db.update(sessions).set({ expiresAt, updatedAt: now }).where(eq(sessions.id, row.sessionId));
    refreshCachedSession(platform.db, tokenHash, expiresAt);
    if (reply) setSessionCookie(platform, reply, token);
  }
  return {
    actor: {
      userId: row.userId,
      profileId: row.profileId,
      organizationId: row.organizationId,
      role: row.role,
      email: row.email,
      fullName: row.fullName,
    },
    sessionId: row.sessionId,
    sessionToken: token,
    expiresAt,
    via: 'cookie',
    twoFactor: requirementOf(row, platform.clock.now()),
  };
}

/** The member of a personal API token; 429 past the token's calls per minute. */
async function findTokenSession(platform: Platform, request: FastifyRequest, token: string): Promise<ActorSession | null> {
  const row = await findTokenMember(platform, token, platform.clock.now());
  if (!row) return null;
  if (!withinTokenLimit(row.tokenId, platform.clock.now().getTime(), platform.config.apiTokenCallsPerMinute)) throw tooManyRequests();
  // A read token reads, whatever the route: a member's, a share link's, anything that asks who calls.
  if (row.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') throw forbidden(API_TOKEN_TEXTS.readOnly, 'token_read_only');
  await noteTokenUse(platform, row.tokenId, request.ip);
  return {
    actor: { userId: row.userId, profileId: row.profileId, organizationId: row.organizationId, role: row.role, email: row.email, fullName: row.fullName },
    sessionId: row.tokenId,
    sessionToken: '',
    expiresAt: row.expiresAt,
    via: 'token',
    tokenScope: row.scope,
    twoFactor: requirementOf(row, platform.clock.now()),
  };
}

/** The session row of a stored token: from the session cache (session-cache.ts) or one query. */
async function readSession(platform: Platform, tokenHash: string, now: Date): Promise<SessionRow | null> {
  const cached = cachedSession(platform.db, tokenHash, platform.clock.now().getTime());
  if (cached) {
    if (cached.expiresAt.getTime() > now.getTime()) return cached;
    forgetSession(platform.db, tokenHash);
    return null;
  }
  const stamp = sessionReadStamp();
  const [row] = await sessionQuery(platform.db).execute({ token: tokenHash, now });
  if (!row) return null;
  keepSession(platform.db, tokenHash, row, stamp, platform.clock.now().getTime());
  return row;
}

export async function requireSession(platform: Platform, request: FastifyRequest, reply?: FastifyReply): Promise<ActorSession> {
  const session = await findSession(platform, request, reply);
  if (!session) throw unauthorized();
  return session;
}

/** The signed-in caller; 401 'User not authenticated' otherwise. */
export async function requireActor(platform: Platform, request: FastifyRequest): Promise<Actor> {
  return (await requireSession(platform, request)).actor;
}
