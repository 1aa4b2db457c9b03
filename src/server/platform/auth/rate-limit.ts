// Rate limits for the account endpoints, per email and per client address, counted in the
// rate_limits table so several app servers share them. Time comes from the platform clock.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/auth';
import { tooManyRequests } from '../errors';
import type { Platform } from '../platform';

export type RateLimitRule = { windowSeconds: number; max: number };

/**
 * Every limit in one place. Per email: slows guessing one account's password and stops mail
 * bombing one inbox. Per address: higher, because an agency's office shares one address.
 * (Codes also burn after 5 wrong guesses, so verify-code may be looser.)
 */
export const RATE_LIMITS = {
  'sign-in': { email: { windowSeconds: 60, max: 5 }, address: { windowSeconds: 60, max: 20 } },
  'sign-up': { email: { windowSeconds: 60, max: 5 }, address: { windowSeconds: 60, max: 20 } },
  'send-code': { email: { windowSeconds: 60, max: 3 }, address: { windowSeconds: 60, max: 20 } },
  'verify-code': { email: { windowSeconds: 60, max: 10 }, address: { windowSeconds: 60, max: 30 } },
  'password-reset': { email: { windowSeconds: 60, max: 3 }, address: { windowSeconds: 60, max: 20 } },
} as const satisfies Record<string, { email: RateLimitRule; address: RateLimitRule }>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/**
 * Counts one request against `key` in a fixed window and says whether it is allowed. One
 * upsert, so concurrent requests on several servers cannot all slip past a stale read.
 */
export async function consumeRateLimit(platform: Platform, key: string, rule: RateLimitRule): Promise<boolean> {
  const now = platform.clock.now().getTime();
  const windowStart = now - rule.windowSeconds * 1000;
  const [row] = await platform.db
    .insert(rateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        // last_request holds the start of the current window.
        count: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then 1 else ${rateLimits.count} + 1 end`,
        lastRequest: sql`case when ${rateLimits.lastRequest} <= ${windowStart} then ${now} else ${rateLimits.lastRequest} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return row!.count <= rule.max;
}

/** 429 when the email or the address has used up its allowance for this action. */
export async function enforceRateLimit(
  platform: Platform,
  action: RateLimitedAction,
  who: { email: string; address: string },
): Promise<void> {
  const rules = RATE_LIMITS[action];
  // Every attempt counts, refused ones included; the window is fixed, not sliding, so it still
  // ends on time for a client that keeps trying.
  const [emailAllowed, addressAllowed] = await Promise.all([
    consumeRateLimit(platform, `brieflane:${action}:email:${who.email.toLowerCase()}`, rules.email),
    consumeRateLimit(platform, `brieflane:${action}:address:${who.address}`, rules.address),
  ]);
  if (!emailAllowed || !addressAllowed) throw tooManyRequests();
}
