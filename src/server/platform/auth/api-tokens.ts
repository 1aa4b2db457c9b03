// Personal API tokens (issue 30 item 1): `Authorization: Bearer blt_...` stands for a member, with
// the member's rights exactly, on the routes that take a member. The session lookup asks here
// first when the header is there, and then ignores any cookie. A token is found by its SHA-256
// (like a session, decision 014: a copy of the database holds no usable token), cached like a
// session and dropped from every server's cache on the same events (a revocation publishes
// 'sessions'; a role change or a removal 'team'), so a call costs what a cookie's costs. Making
// and revoking tokens is the api-tokens module's (issue 47).
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { API_TOKEN_PREFIX, type ApiTokenScope } from '../../../domain/api-tokens';
import { ROLE_RANK, type Role } from '../../../domain/roles';
import { users } from '../db/schema/auth';
import { apiTokens, organizations, profiles } from '../db/schema/tenancy';
import { twoFactorColumns } from './two-factor-policy';
import { publishChange } from '../realtime/publish-change';
import type { Platform } from '../platform';
import { cachedSession, keepSession, sessionReadStamp, type SessionRow } from './session-cache';

export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer ...` header, or null when there is none. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}

/** What a token's row gives the request: its member as a session row, its scope, its id. */
export type TokenRow = SessionRow & { tokenId: string; scope: ApiTokenScope; createdRole: Role };

/** Far enough away to stand for "never" in a session row's expiry. */
const NO_EXPIRY = new Date('9999-12-31T00:00:00Z');

/** The cache's key space for tokens, apart from sessions' (both are SHA-256 hex). */
const cacheKey = (tokenHash: string) => `api:${tokenHash}`;

/**
 * The member a token stands for, or null for an unknown, revoked or expired token, or one whose
 * member's role dropped below the role it was made with (which revokes it, for good).
 */
export async function findTokenMember(platform: Platform, token: string, now: Date): Promise<TokenRow | null> {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const tokenHash = hashApiToken(token);
  const cached = cachedSession(platform.db, cacheKey(tokenHash), platform.clock.now().getTime()) as TokenRow | undefined;
  if (cached) return cached.expiresAt > now ? cached : null;
  const stamp = sessionReadStamp();
  const [row] = await platform.db
    .select({
      tokenId: apiTokens.id,
      scope: apiTokens.scope,
      createdRole: apiTokens.role,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      userId: users.id,
      email: users.email,
      profileId: profiles.id,
      organizationId: profiles.organizationId,
      role: profiles.role,
      fullName: profiles.fullName,
      ...twoFactorColumns,
    })
    .from(apiTokens)
    .innerJoin(profiles, and(eq(profiles.id, apiTokens.profileId), eq(profiles.organizationId, apiTokens.organizationId)))
    .innerJoin(users, eq(users.id, profiles.userId))
    .innerJoin(organizations, eq(organizations.id, profiles.organizationId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  if (!row || row.revokedAt) return null;
  if (row.expiresAt && row.expiresAt <= now) return null;
  if (ROLE_RANK[row.role] < ROLE_RANK[row.createdRole]) {
    await platform.db.transaction(async (tx) => {
      const revoked = await tx
        .update(apiTokens)
        .set({ revokedAt: now })
        .where(and(eq(apiTokens.id, row.tokenId), sql`${apiTokens.revokedAt} is null`))
        .returning({ id: apiTokens.id });
      if (revoked.length > 0) await publishChange(tx, { organizationId: row.organizationId, topic: 'sessions' });
    });
    return null;
  }
  const found: TokenRow = {
    sessionId: row.tokenId,
    tokenId: row.tokenId,
    scope: row.scope,
    createdRole: row.createdRole,
    expiresAt: row.expiresAt ?? NO_EXPIRY,
    userId: row.userId,
    email: row.email,
    profileId: row.profileId,
    organizationId: row.organizationId,
    role: row.role,
    fullName: row.fullName,
    twoFactorPolicy: row.twoFactorPolicy,
    twoFactorPolicySince: row.twoFactorPolicySince,
    twoFactorOn: row.twoFactorOn,
  };
  keepSession(platform.db, cacheKey(tokenHash), found, stamp, platform.clock.now().getTime());
  return found;
}

/** How often a token's last use is written: at most once a minute per token and server. */
const LAST_USE_EVERY_MS = 60_000;
const lastWritten = new Map<string, number>();

/** Records when and from where a token was last used (at most once a minute per server). */
export async function noteTokenUse(platform: Platform, tokenId: string, address: string): Promise<void> {
  const now = platform.clock.now();
  const previous = lastWritten.get(tokenId);
  if (previous !== undefined && now.getTime() - previous < LAST_USE_EVERY_MS) return;
  if (lastWritten.size > 10_000) lastWritten.clear();
  lastWritten.set(tokenId, now.getTime());
  await platform.db.update(apiTokens).set({ lastUsedAt: now, lastUsedAddress: address }).where(eq(apiTokens.id, tokenId));
}

const windows = new Map<string, { start: number; count: number }>();

/**
 * A fixed one-minute window per token, in this server's memory: counting in the database would
 * cost a write per call, more than the call itself (issue 30's bench: a token call within 5 % of a
 * cookie's). With several servers a token gets this many calls per server; API_TOKEN_CALLS_PER_MINUTE
 * sets how many (600 by default).
 */
export function withinTokenLimit(tokenId: string, now: number, perMinute: number): boolean {
  const window = windows.get(tokenId);
  if (!window || now - window.start >= 60_000) {
    if (windows.size > 10_000) windows.clear();
    windows.set(tokenId, { start: now, count: 1 });
    return true;
  }
  window.count += 1;
  return window.count <= perMinute;
}
