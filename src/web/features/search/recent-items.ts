// The palette's recent items (issue 34): what a member opened from it, newest first, kept in
// this browser only (per member), shown when the query is empty.
import type { SearchKind, SearchTarget } from '@/domain/search-rules';

export type RecentItem = { kind: SearchKind; title: string; context: string | null; target: SearchTarget };

const LIMIT = 8;
const keyOf = (profileId: string) => `brieflane.search.recent.${profileId}`;

export function readRecentItems(profileId: string, storage: Storage | undefined = globalThis.localStorage): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(keyOf(profileId)) ?? '[]');
    return Array.isArray(parsed) ? (parsed as RecentItem[]).filter((item) => item && typeof item.title === 'string' && item.target).slice(0, LIMIT) : [];
  } catch {
    return [];
  }
}

export function rememberRecentItem(profileId: string, item: RecentItem, storage: Storage | undefined = globalThis.localStorage): void {
  const same = (other: RecentItem) => JSON.stringify(other.target) === JSON.stringify(item.target);
  const next = [item, ...readRecentItems(profileId, storage).filter((other) => !same(other))].slice(0, LIMIT);
  try {
    storage?.setItem(keyOf(profileId), JSON.stringify(next));
  } catch {
    // A full or disabled storage: the palette simply shows fewer recent items.
  }
}
