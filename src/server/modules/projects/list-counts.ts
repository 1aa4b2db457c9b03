// 'Showing X of Y' without counting the organization's projects on every request (decision 014):
// the counts of the staff list without a search (all, or one status) are kept per organization
// for a short while and forgotten on any change event of that organization: published here, or
// heard from any app server through the database, or a resync. Searches and developers' lists
// (their assignments change with team events too) always count.
import type { Database } from '../../platform/db/client';
import { onLocalChange } from '../../platform/realtime/local-changes';

export type ListCounts = { matched: number; total: number };

/** A safety net for a change event that never arrives; events make it forget sooner. */
export const LIST_COUNTS_TTL_MS = 30_000;

type Entry = ListCounts & { generation: string; expiresAt: number };

// Per organization, how many changes it has seen; a cached value counts only at its generation.
const generations = new Map<string, number>();
let epoch = 0;

onLocalChange((change) => {
  if (change.kind === 'resync') epoch += 1;
  else generations.set(change.event.organizationId, (generations.get(change.event.organizationId) ?? 0) + 1);
});

const generationOf = (organizationId: string) => `${epoch}:${generations.get(organizationId) ?? 0}`;

const caches = new WeakMap<Database, Map<string, Entry>>();

function cacheOf(db: Database): Map<string, Entry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

const keyOf = (organizationId: string, status: string) => `${organizationId}|${status}`;

export function cachedListCounts(db: Database, organizationId: string, status: string, now: number): ListCounts | undefined {
  const cache = cacheOf(db);
  const key = keyOf(organizationId, status);
  const entry = cache.get(key);
  if (!entry) return undefined;
  if (entry.generation !== generationOf(organizationId) || entry.expiresAt <= now) {
    cache.delete(key);
    return undefined;
  }
  return { matched: entry.matched, total: entry.total };
}

/**
 * Keeps counts read at `generation` (taken before the read, so a change during the read makes
 * them stale at once rather than kept).
 */
export function keepListCounts(db: Database, organizationId: string, status: string, counts: ListCounts, generation: string, now: number): void {
  if (generation !== generationOf(organizationId)) return;
  cacheOf(db).set(keyOf(organizationId, status), { ...counts, generation, expiresAt: now + LIST_COUNTS_TTL_MS });
}

export function listCountsGeneration(organizationId: string): string {
  return generationOf(organizationId);
}
