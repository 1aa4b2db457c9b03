// Resolved sessions kept in memory for a few seconds (decision 014), so a signed-in request reads
// no session row. What may end a session's access, anywhere, publishes a change event in its
// transaction: 'sessions' (sign-out, a password changed or reset) or 'team' (a member added,
// edited, given another role, removed; a profile edited in Settings). An event of an
// organization makes the cached sessions of that organization stale:
//
// - on this server at once: publishChange announces it before its transaction commits, and from
//   then until its own notification comes back (committed) no session of that organization is
//   answered from or put into the cache, so a read that raced the commit cannot keep the old row;
// - on every other server when its notification arrives through LISTEN/NOTIFY;
// - and all of them when the listener reconnects (events may have been missed). While the
//   listener is not connected the cache is not used at all.
//
// The time to live is a safety net for a write that published nothing, not the expected
// staleness. A session is never cached as missing: a new sign-in resolves at once.
import type { Role } from '../../../domain/roles';
import type { TwoFactorFacts } from './two-factor-policy';
import type { Executor } from '../db/client';
import { profiles } from '../db/schema/tenancy';
import { eq } from 'drizzle-orm';
import { changeFeedIsLive, onLocalChange } from '../realtime/local-changes';
import { publishChange } from '../realtime/publish-change';

/** What one session query reads: the session, its user and the profile. */
export type SessionRow = {
  sessionId: string;
  expiresAt: Date;
  userId: string;
  email: string;
  profileId: string;
  organizationId: string;
  role: Role;
  fullName: string;
} & TwoFactorFacts;

export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
/**
 * How long a change this process published keeps its organization out of the cache when its
 * notification never comes back (its transaction rolled back, or the listener missed it).
 */
export const PENDING_CHANGE_MS = 30_000;

// Every change event this process learns of gets the next number; a cached session is good only
// while no event of its organization (and no resync) came after the read that produced it.
let sequence = 0;
let lastResync = 0;
const lastChange = new Map<string, number>();
// Per organization, the ids of changes published here whose commit has not been heard yet, with
// the moment (performance.now) after which they are given up on.
const pending = new Map<string, Map<string, number>>();

onLocalChange((change) => {
  sequence += 1;
  if (change.kind === 'resync') {
    lastResync = sequence;
    return;
  }
  const { event } = change;
  if (event.topic !== 'sessions' && event.topic !== 'team') return;
  lastChange.set(event.organizationId, sequence);
  if (change.kind === 'published') {
    let ids = pending.get(event.organizationId);
    if (!ids) pending.set(event.organizationId, (ids = new Map()));
    ids.set(change.id, performance.now() + PENDING_CHANGE_MS);
  } else if (change.id) {
    const ids = pending.get(event.organizationId);
    ids?.delete(change.id);
    if (ids?.size === 0) pending.delete(event.organizationId);
  }
});

function hasPendingChange(organizationId: string): boolean {
  const ids = pending.get(organizationId);
  if (!ids) return false;
  const now = performance.now();
  for (const [id, deadline] of ids) if (deadline <= now) ids.delete(id);
  if (ids.size > 0) return true;
  pending.delete(organizationId);
  return false;
}

type Entry = { row: SessionRow; readAt: number; staleAt: number };

// Per database handle, so two app servers in one process (tests) keep apart what each has read.
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(db: object): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

function isCurrent(entry: Entry, now: number): boolean {
  const organizationId = entry.row.organizationId;
  return (
    entry.readAt >= lastResync &&
    (lastChange.get(organizationId) ?? 0) <= entry.readAt &&
    entry.staleAt > now &&
    !hasPendingChange(organizationId)
  );
}

/** Taken before reading a session, and given back to keepSession with what was read. */
export function sessionReadStamp(): number {
  return sequence;
}

/** The cached row of a stored token (its hash), if it is still good; `now` from the platform clock. */
export function cachedSession(db: object, tokenHash: string, now: number): SessionRow | undefined {
  if (!changeFeedIsLive(db)) return undefined;
  const cache = cacheOf(db);
  const entry = cache.get(tokenHash);
  if (!entry) return undefined;
  if (isCurrent(entry, now)) return entry.row;
  cache.delete(tokenHash);
  return undefined;
}

/** Keeps a row read after `stamp`, unless a change of its organization came since (or is in flight). */
export function keepSession(db: object, tokenHash: string, row: SessionRow, stamp: number, now: number): void {
  if (!changeFeedIsLive(db)) return;
  const entry: Entry = { row, readAt: stamp, staleAt: now + SESSION_CACHE_TTL_MS };
  if (!isCurrent(entry, now)) return;
  const cache = cacheOf(db);
  if (cache.size >= MAX_ENTRIES && !cache.has(tokenHash)) cache.delete(cache.keys().next().value!);
  cache.set(tokenHash, entry);
}

/** A session this server extended: its cached row carries the new expiry. */
export function refreshCachedSession(db: object, tokenHash: string, expiresAt: Date): void {
  const entry = caches.get(db)?.get(tokenHash);
  if (entry) entry.row = { ...entry.row, expiresAt };
}

/** A session known to be gone (expired): not answered from the cache again. */
export function forgetSession(db: object, tokenHash: string): void {
  caches.get(db)?.delete(tokenHash);
}

/**
 * Tells every app server's session cache that sessions of `userId` ended, in the caller's
 * transaction (so only if it commits). A login without a profile has no cached session.
 */
export async function publishSessionsEnded(executor: Executor, userId: string): Promise<void> {
  const [profile] = await executor
    .select({ organizationId: profiles.organizationId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (profile) await publishChange(executor, { organizationId: profile.organizationId, topic: 'sessions' });
}
