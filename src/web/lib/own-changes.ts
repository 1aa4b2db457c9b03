// This tab's own changes (issue 9 step 5). Each change request names the tab with a random id;
// the server's live event for that change carries it back ("origin"), and the live updates then
// skip refetching what the change's own success already refetched (lib/realtime.ts).

export const TAB_HEADER = 'X-Brieflane-Tab';

/** Random per tab (and per load); getRandomValues works on plain http too, unlike randomUUID. */
export const tabId: string = Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');

let lastChangeSettledAt = 0;

/** The header a change request sends. */
export function ownChangeHeaders(): Record<string, string> {
  return { [TAB_HEADER]: tabId };
}

/** Called when a change request of this tab has its answer: the change is committed by then. */
export function noteOwnChangeSettled(now: number = Date.now()): void {
  lastChangeSettledAt = Math.max(lastChangeSettledAt, now);
}

/** When this tab's latest change request had its answer (0: none yet). */
export function ownChangeSettledAt(): number {
  return lastChangeSettledAt;
}
