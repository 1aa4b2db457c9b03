// Guessing a protected link's password (decision 008). A guesser must not be able to lock the
// link for everyone else: limits hold the addresses that fail, not the link. Per link and
// address, attempts are limited per minute (right ones included, so concurrent guesses cannot
// slip past) and failures back off exponentially. Per link, failures from all addresses are
// counted; past that limit only addresses that have not failed may try, one guess each.
// Counted in the shared rate_limits table, so several app servers agree.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { SHARING_MESSAGES } from '../../../domain/sharing';
import { consumeRateLimit, type RateLimitRule } from '../../platform/auth/rate-limit';
import { rateLimits } from '../../platform/db/schema/auth';
import { tooManyRequests } from '../../platform/errors';
import type { Platform } from '../../platform/platform';

export const LINK_PASSWORD_LIMITS = {
  /** Attempts per link and address, right ones included. */
  linkAndAddress: { windowSeconds: 60, max: 5 } satisfies RateLimitRule,
  /** Failures per link from all addresses; beyond it, addresses that have failed wait. */
  link: { windowSeconds: 60, max: 30 } satisfies RateLimitRule,
  /** Per link and address: failures before backing off, the first and the longest wait, how long failures are remembered. */
  backoff: { freeFailures: 5, firstWaitSeconds: 60, maxWaitSeconds: 3600, memorySeconds: 24 * 3600 },
} as const;

const attemptsKey = (linkId: string, address: string) => `brieflane:link-password:${linkId}:address:${address}`;
const addressFailuresKey = (linkId: string, address: string) => `brieflane:link-password-failures:${linkId}:address:${address}`;
const linkFailuresKey = (linkId: string) => `brieflane:link-password-failures:${linkId}`;

/** How long an address waits after its `failures`-th failure (0 while it has failures to spare). */
export function linkPasswordWaitMs(failures: number): number {
  const { freeFailures, firstWaitSeconds, maxWaitSeconds } = LINK_PASSWORD_LIMITS.backoff;
  if (failures < freeFailures) return 0;
  return Math.min(firstWaitSeconds * 2 ** (failures - freeFailures), maxWaitSeconds) * 1000;
}

/** A counter row's count and time when it was written after `since`, else none. */
async function readCounter(platform: Platform, key: string, since: number): Promise<{ count: number; at: number } | null> {
  const [row] = await platform.db
    .select({ count: rateLimits.count, at: rateLimits.lastRequest })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), gt(rateLimits.lastRequest, since)));
  return row ?? null;
}

/** Before the (slow) hash check: 429 when this address must wait. */
export async function admitLinkPasswordAttempt(platform: Platform, linkId: string, address: string): Promise<void> {
  const now = platform.clock.now().getTime();
  const { backoff, link } = LINK_PASSWORD_LIMITS;
  const [attemptAllowed, own, all] = await Promise.all([
    consumeRateLimit(platform, attemptsKey(linkId, address), LINK_PASSWORD_LIMITS.linkAndAddress),
    readCounter(platform, addressFailuresKey(linkId, address), now - backoff.memorySeconds * 1000),
    // last_request of a fixed-window counter is the start of its window.
    readCounter(platform, linkFailuresKey(linkId), now - link.windowSeconds * 1000),
  ]);
  const refused =
    !attemptAllowed ||
    (own !== null && now < own.at + linkPasswordWaitMs(own.count)) ||
    (own !== null && all !== null && all.count >= link.max);
  if (refused) throw tooManyRequests(SHARING_MESSAGES.tooManyAttempts);
}

/** A wrong password: counts against the address (backing off) and the link. */
export async function recordLinkPasswordFailure(platform: Platform, linkId: string, address: string): Promise<void> {
  const now = platform.clock.now().getTime();
  const forgetBefore = now - LINK_PASSWORD_LIMITS.backoff.memorySeconds * 1000;
  await Promise.all([
    platform.db
      .insert(rateLimits)
      .values({ id: randomUUID(), key: addressFailuresKey(linkId, address), count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        // last_request holds the latest failure; failures older than the memory are forgotten.
        set: {
          count: sql`case when ${rateLimits.lastRequest} <= ${forgetBefore} then 1 else ${rateLimits.count} + 1 end`,
          lastRequest: now,
        },
      }),
    consumeRateLimit(platform, linkFailuresKey(linkId), LINK_PASSWORD_LIMITS.link),
  ]);
}

/** The right password: this address starts afresh. */
export async function clearLinkPasswordFailures(platform: Platform, linkId: string, address: string): Promise<void> {
  await platform.db.delete(rateLimits).where(eq(rateLimits.key, addressFailuresKey(linkId, address)));
}
