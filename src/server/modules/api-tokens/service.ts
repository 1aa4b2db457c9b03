// Settings -> API tokens (issue 30 item 1): a member's own tokens. Created with a name, a scope
// and an expiry, shown once, stored as a hash; listed with their last use; revoked at will.
import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { z } from 'zod';
import { API_TOKEN_TEXTS, API_TOKENS_PER_MEMBER, type ApiToken, type CreatedApiToken, type createApiTokenSchema } from '../../../domain/api-tokens';
import { withValues } from '../../../domain/locales';
import { newApiToken, revokeTokens } from './tokens';
import type { Actor } from '../../platform/auth/session';
import { apiTokens } from '../../platform/db/schema/tenancy';
import { badRequest, notFound } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

const DAY_MS = 24 * 60 * 60 * 1000;

function toApiToken(row: typeof apiTokens.$inferSelect): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    lastUsedAddress: row.lastUsedAddress,
  };
}

const mine = (actor: Actor) => and(eq(apiTokens.profileId, actor.profileId), eq(apiTokens.organizationId, actor.organizationId));

/** The caller's live tokens (not revoked; expired ones show until revoked), newest first. */
export async function listApiTokens({ db }: Platform, actor: Actor): Promise<ApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(and(mine(actor), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toApiToken);
}

export async function createApiToken({ db, clock }: Platform, actor: Actor, input: z.output<typeof createApiTokenSchema>): Promise<CreatedApiToken> {
  return db.transaction(async (tx) => {
    const now = clock.now();
    const [held] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(mine(actor), isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))));
    if ((held?.n ?? 0) >= API_TOKENS_PER_MEMBER) throw badRequest(withValues(API_TOKEN_TEXTS.tooMany, { max: API_TOKENS_PER_MEMBER }), 'too_many_tokens');
    const { token, tokenHash, prefix } = newApiToken();
    const [row] = await tx
      .insert(apiTokens)
      .values({
        profileId: actor.profileId,
        organizationId: actor.organizationId,
        name: input.name,
        tokenHash,
        prefix,
        scope: input.scope,
        role: actor.role,
        expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
        createdAt: now,
      })
      .returning();
    return { ...toApiToken(row!), token };
  });
}

/** Revokes one of the caller's tokens: every server stops answering it at once. */
export async function revokeApiToken({ db, clock }: Platform, actor: Actor, tokenId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const revoked = await revokeTokens(tx, { organizationId: actor.organizationId, actorId: actor.profileId }, and(eq(apiTokens.id, tokenId), eq(apiTokens.profileId, actor.profileId)), clock.now());
    if (revoked === 0) throw notFound(API_TOKEN_TEXTS.notFound);
  });
}
