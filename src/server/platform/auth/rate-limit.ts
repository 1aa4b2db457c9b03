// Rate limits for the account endpoints, per email and per client address, counted in the
// rate_limits table so several app servers share them. Time comes from the platform clock.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { rateLimits } from '../db/schema/auth';
import { tooManyRequests } from '../errors';
import type { Platform } from '../platform';

export type RateLimitRule = { windowSeconds: number; max: number };

/** What a limit is keyed on: the account's email, the client address, both, or a signed-in user. */
export type RateLimitScope = 'email' | 'address' | 'emailAndAddress' | 'user';

/**
 * Every limit in one place (docs/decisions/002 and 007). Per email: slows guessing one account's
 * password and stops mail bombing one inbox. Per address: higher, because an agency's office
 * shares one address. (Codes also burn after 5 wrong guesses, so verify-code may be looser.)
 *
 * Sign-in: the strict limit is per email AND address, so a stranger's wrong guesses cannot lock
 * the owner out; the looser per-email limit still caps guessing spread over many addresses, and
 * an address that signed in to the account before is exempt from it (signInAddressIsKnown).
 * Successful password checks are taken back (refundRateLimit), so only failures add up.
 */
export const RATE_LIMITS = {
  'sign-in': {
    emailAndAddress: { windowSeconds: 60, max: 5 },
    email: { windowSeconds: 15 * 60, max: 50 },
    address: { windowSeconds: 60, max: 20 },
  },
  // Issue 26, the sign-in step-up past the per-email limit: new emailed codes per account (past
  // these no code is sent and the answer is the same), and the owner's one notice of an attack.
  'sign-in-code': { email: { windowSeconds: 60, max: 1 } },
  'sign-in-code-hourly': { email: { windowSeconds: 60 * 60, max: 5 } },
  'sign-in-attack-notice': { email: { windowSeconds: 24 * 60 * 60, max: 1 } },
  'sign-up': { email: { windowSeconds: 60, max: 5 }, address: { windowSeconds: 60, max: 20 } },
  'send-code': { email: { windowSeconds: 60, max: 3 }, address: { windowSeconds: 60, max: 20 } },
  // The "someone tried to sign up with your address" note: past this it is silently not sent
  // (a 429 would tell that the address has an account), so nobody can mail-bomb an owner.
  'sign-up-notice': { email: { windowSeconds: 60 * 60, max: 1 } },
  'verify-code': { email: { windowSeconds: 60, max: 10 }, address: { windowSeconds: 60, max: 30 } },
  'password-reset': { email: { windowSeconds: 60, max: 3 }, address: { windowSeconds: 60, max: 20 } },
  // Redeeming a reset link: validate and complete (the token has 256 bits; this caps the work).
  'reset-token': { address: { windowSeconds: 60, max: 10 } },
  // The current password asked for in Settings (password change, email change): like sign-in.
  'current-password': { user: { windowSeconds: 60, max: 5 }, address: { windowSeconds: 60, max: 20 } },
  // Issue 31: second-factor guesses (app or recovery codes) per account, wherever they are typed:
  // sign-in, turning two-factor on or off, new recovery codes. Right ones are taken back.
  'two-factor': { user: { windowSeconds: 15 * 60, max: 10 } },
  // Issue 31 item 3 (decision 031): passkey sign-in. Each options request stores a challenge, so
  // they are limited per address; answers are limited per address, and like the two-factor codes
  // per account once the passkey names one (right ones are taken back).
  'passkey-options': { address: { windowSeconds: 60, max: 30 } },
  'passkey-sign-in': { address: { windowSeconds: 60, max: 20 } },
  passkey: { user: { windowSeconds: 15 * 60, max: 10 } },
  // Issue 31 item 4, single sign-on: the sign-in page's lookup (typed emails), and the redirects to
  // and from the provider (each start writes a pending sign-in; each callback may call the provider).
  'sso-lookup': { address: { windowSeconds: 60, max: 60 } },
  'sso-start': { address: { windowSeconds: 60, max: 20 } },
  'sso-callback': { address: { windowSeconds: 60, max: 20 } },
  // Requests that can answer 'email taken' for any organization's address (Team tab, Settings).
  'member-email': { user: { windowSeconds: 60 * 60, max: 100 }, address: { windowSeconds: 60 * 60, max: 300 } },
} as const satisfies Record<string, Partial<Record<RateLimitScope, RateLimitRule>>>;

export type RateLimitedAction = keyof typeof RATE_LIMITS;

/** Who is asking: the fields the action's scopes are keyed on. */
export type RateLimitSubject = { address?: string; email?: string; userId?: string };

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

type RateLimitKey = { scope: RateLimitScope; key: string; rule: RateLimitRule };

function rateLimitKeys(action: RateLimitedAction, who: RateLimitSubject): RateLimitKey[] {
  const rules: Partial<Record<RateLimitScope, RateLimitRule>> = RATE_LIMITS[action];
  const email = who.email?.toLowerCase();
  const ids: Record<RateLimitScope, string | undefined> = {
    email,
    address: who.address,
    emailAndAddress: email === undefined || who.address === undefined ? undefined : `${email}|${who.address}`,
    user: who.userId,
  };
  const keys: RateLimitKey[] = [];
  for (const [scope, rule] of Object.entries(rules) as [RateLimitScope, RateLimitRule][]) {
    const id = ids[scope];
    if (id === undefined) throw new Error(`rate limit ${action}: no ${scope} given`);
    keys.push({ scope, key: `brieflane:${action}:${scope}:${id}`, rule });
  }
  return keys;
}

/**
 * 429 when any of the action's keys (email, address, ...) has used up its allowance. `skip`
 * leaves scopes out, e.g. sign-in's per-email limit for an address known to the account.
 */
export async function enforceRateLimit(
  platform: Platform,
  action: RateLimitedAction,
  who: RateLimitSubject,
  skip: readonly RateLimitScope[] = [],
): Promise<void> {
  if (!(await withinRateLimit(platform, action, who, skip))) throw tooManyRequests();
}

/** Counts the request against each of the action's keys; false when any has used up its allowance. */
export async function withinRateLimit(
  platform: Platform,
  action: RateLimitedAction,
  who: RateLimitSubject,
  skip: readonly RateLimitScope[] = [],
): Promise<boolean> {
  const keys = rateLimitKeys(action, who).filter(({ scope }) => !skip.includes(scope));
  // Every attempt counts, refused ones included; the window is fixed, not sliding, so it still
  // ends on time for a client that keeps trying.
  const allowed = await Promise.all(keys.map(({ key, rule }) => consumeRateLimit(platform, key, rule)));
  return !allowed.includes(false);
}

/**
 * Takes one counted attempt back from each of the action's keys (`skip` as given to
 * enforceRateLimit): a right password must not use
 * up the owner's allowance (issue 19). Counting first and refunding after, rather than counting
 * only failures, keeps concurrent guesses from all passing a check made before any was counted.
 */
export async function refundRateLimit(
  platform: Platform,
  action: RateLimitedAction,
  who: RateLimitSubject,
  skip: readonly RateLimitScope[] = [],
): Promise<void> {
  const keys = rateLimitKeys(action, who)
    .filter(({ scope }) => !skip.includes(scope))
    .map(({ key }) => key);
  await platform.db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(inArray(rateLimits.key, keys));
}

/**
 * How many addresses failed to sign in to the account in windows that began in the last
 * `withinSeconds` (their per email+address counters), for the owner's notice of an attack.
 * Not served by the key index; it runs once per notice, at most once a day per account.
 */
export async function countSignInAddresses(platform: Platform, email: string, withinSeconds: number): Promise<number> {
  const prefix = `brieflane:sign-in:emailAndAddress:${email.toLowerCase()}|`;
  const since = platform.clock.now().getTime() - withinSeconds * 1000;
  const [row] = await platform.db
    .select({ count: sql<number>`count(*)::int` })
    .from(rateLimits)
    .where(and(sql`starts_with(${rateLimits.key}, ${prefix})`, gt(rateLimits.count, 0), gt(rateLimits.lastRequest, since)));
  return row?.count ?? 0;
}

/** An address stays known to an account for 30 days after a successful sign-in from it. */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

function knownAddressKey(who: { email: string; address: string }): string {
  return `brieflane:sign-in-known:${who.email.toLowerCase()}|${who.address}`;
}

/** Whether the address signed in to the account (the right password) in the last 30 days. */
export async function signInAddressIsKnown(platform: Platform, who: { email: string; address: string }): Promise<boolean> {
  const since = platform.clock.now().getTime() - KNOWN_ADDRESS_MS;
  const [row] = await platform.db
    .select({ lastRequest: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, knownAddressKey(who)))
    .limit(1);
  return row !== undefined && row.lastRequest > since;
}

/** Remembers the address as known to the account (a row in rate_limits, count unused). */
export async function rememberSignInAddress(platform: Platform, who: { email: string; address: string }): Promise<void> {
  const now = platform.clock.now().getTime();
  await platform.db
    .insert(rateLimits)
    .values({ id: randomUUID(), key: knownAddressKey(who), count: 0, lastRequest: now })
    .onConflictDoUpdate({ target: rateLimits.key, set: { lastRequest: now } });
}

/**
 * Runs a password check under the action's limits: the attempt is counted first and taken back
 * when it succeeds, so only failures add up (issue 19).
 */
export async function limitPasswordAttempt<T>(
  platform: Platform,
  action: RateLimitedAction,
  who: RateLimitSubject,
  attempt: () => Promise<T>,
  skip: readonly RateLimitScope[] = [],
): Promise<T> {
  await enforceRateLimit(platform, action, who, skip);
  const result = await attempt();
  await refundRateLimit(platform, action, who, skip);
  return result;
}
