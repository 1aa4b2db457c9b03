// Making and revoking personal API tokens (issue 30 item 1); a request carrying one is
// recognised by platform/auth/api-tokens.ts.
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { API_TOKEN_PREFIX } from '../../../domain/api-tokens';
import { ROLE_RANK, type Role } from '../../../domain/roles';
import { hashApiToken } from '../../platform/auth/api-tokens';
import type { Executor } from '../../platform/db/client';
import { apiTokens } from '../../platform/db/schema/tenancy';
import { emit } from '../../services/events';

/** 32 random bytes, base64url, after the prefix. */
export function newApiToken(): { token: string; tokenHash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: hashApiToken(token), prefix: token.slice(0, API_TOKEN_PREFIX.length + 6) };
}

/**
 * Revokes the organization's tokens matching `which`, in the caller's transaction, and tells
 * every server's cache (the 'sessions' topic) so none of them is answered from it again.
 */
export async function revokeTokens(
  executor: Executor,
  by: { organizationId: string; actorId: string },
  which: ReturnType<typeof and>,
  now: Date,
): Promise<number> {
  const { organizationId } = by;
  const revoked = await executor
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.organizationId, organizationId), sql`${apiTokens.revokedAt} is null`, which))
    .returning({ id: apiTokens.id });
  if (revoked.length > 0) await emit(executor, { type: 'api_token.revoked', organizationId, actorId: by.actorId, at: now });
  return revoked.length;
}

/** A member's role changed: their tokens made with a higher role stop working (issue 30). */
export function revokeTokensAboveRole(
  executor: Executor,
  member: { profileId: string; organizationId: string },
  role: Role,
  by: { actorId: string; now: Date },
): Promise<number> {
  const above = Object.entries(ROLE_RANK)
    .filter(([, rank]) => rank > ROLE_RANK[role])
    .map(([name]) => name);
  if (above.length === 0) return Promise.resolve(0);
  return revokeTokens(
    executor,
    { organizationId: member.organizationId, actorId: by.actorId },
    and(eq(apiTokens.profileId, member.profileId), sql`${apiTokens.role} in (${sql.join(above.map((name) => sql`${name}`), sql`, `)})`),
    by.now,
  );
}
