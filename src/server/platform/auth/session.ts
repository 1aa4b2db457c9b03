// Who is calling: the better-auth session resolved to our profile and organization. Every
// feature takes the organization and role from here, never from the request body.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../../domain/roles';
import { profiles } from '../db/schema/tenancy';
import { unauthorized } from '../errors';
import type { Platform } from '../platform';
import { authFor } from './auth';

export type Actor = {
  userId: string;
  profileId: string;
  organizationId: string;
  role: Role;
  email: string;
  fullName: string;
};

export type ActorSession = { actor: Actor; sessionId: string; sessionToken: string };

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

/** The signed-in caller with their session, or null. A user without a profile is not signed in. */
export async function findSession(platform: Platform, request: FastifyRequest): Promise<ActorSession | null> {
  if (!request.headers.cookie) return null;
  const result = await authFor(platform).api.getSession({ headers: requestHeaders(request) });
  if (!result) return null;
  const [profile] = await platform.db
    .select({
      id: profiles.id,
      organizationId: profiles.organizationId,
      role: profiles.role,
      fullName: profiles.fullName,
    })
    .from(profiles)
    .where(eq(profiles.userId, result.user.id))
    .limit(1);
  if (!profile) return null;
  return {
    actor: {
      userId: result.user.id,
      profileId: profile.id,
      organizationId: profile.organizationId,
      role: profile.role,
      email: result.user.email,
      fullName: profile.fullName,
    },
    sessionId: result.session.id,
    sessionToken: result.session.token,
  };
}

export async function requireSession(platform: Platform, request: FastifyRequest): Promise<ActorSession> {
  const session = await findSession(platform, request);
  if (!session) throw unauthorized();
  return session;
}

/** The signed-in caller; 401 'User not authenticated' otherwise. */
export async function requireActor(platform: Platform, request: FastifyRequest): Promise<Actor> {
  return (await requireSession(platform, request)).actor;
}
