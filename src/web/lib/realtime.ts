// Live updates (ARCHITECTURE "realtime"): a WebSocket tells the page "this changed" and we
// invalidate the cached queries it names, so TanStack Query refetches what is on screen. The
// events carry no content. When the socket cannot open (a proxy without WebSocket, the server
// at its limit) the page simply works as without live updates.
import { useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { PageTopic } from '@/domain/change-topics';
import { ownChangeSettledAt, tabId } from './own-changes';
import { QUERY_ROOTS } from './query-keys';

/** The topics a page hears: the server's list (src/domain/change-topics.ts), 'sessions' aside. */
export type ChangeTopic = PageTopic;
export type LiveEvent =
  /** `origin`: the tab whose request made the change (lib/own-changes.ts). */
  | { organizationId: string; projectId: string | null; topic: ChangeTopic; origin?: string }
  /** The server may have missed events: refresh everything. */
  | { topic: 'resync' };

/**
 * What a feature shows that a topic's changes may alter (issue 9 step 5): for each topic it
 * listens to, the query keys to refresh; a 'project' event names its project (null: any).
 * Declared beside the feature's query keys, in its api.ts; the app hands the declarations of the
 * features on its pages to the socket. Broad on purpose: refetching a list too many beats
 * showing a stale one.
 */
export type LiveRefresh = Partial<Record<ChangeTopic, (projectId: string | null) => readonly QueryKey[]>>;

/** Spec 9: reconnect after 1, 2, 5, then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000] as const;
/** The server's close code when this socket may no longer listen (revoked link, new role). */
const ACCESS_ENDED = 1008;
/** Events in a burst (one import adds many tasks) cost one refetch. */
const BATCH_MS = 150;

/** The keys an event refreshes, from the features' declarations. */
export function keysForEvent(refreshers: readonly LiveRefresh[], event: LiveEvent): QueryKey[] | 'all' {
  if (event.topic === 'resync') return 'all';
  return refreshers.flatMap((refresh) => refresh[event.topic]?.(event.projectId) ?? []);
}

/** Opening a share link records an open (sharedSessionQuery): never refetched by an event. */
function isRefreshable(query: Query): boolean {
  const [root, , , kind] = query.queryKey;
  return !(root === QUERY_ROOTS.projectAccess && kind === 'session');
}

/**
 * The echo of this tab's own change: what its success already refetched (or set) after the
 * change had its answer is current, so only what it left older is refreshed, and a fetch under
 * way is joined rather than restarted.
 */
function isOlderThanOwnChange(query: Query): boolean {
  return isRefreshable(query) && query.state.dataUpdatedAt < ownChangeSettledAt();
}

function batchInvalidation(queryClient: QueryClient) {
  let all = false;
  let keys: QueryKey[] = [];
  let echoKeys: QueryKey[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    // While this page's own change is in flight its optimistic state is on screen; a refetch
    // now could bring back the state from before it (a checkbox flicking back). Its onSettled
    // refetches anyway, so wait for it.
    if (queryClient.isMutating() > 0) {
      timer = setTimeout(flush, BATCH_MS);
      return;
    }
    timer = undefined;
    const [everything, named, echoed] = [all, keys, echoKeys];
    [all, keys, echoKeys] = [false, [], []];
    if (everything) {
      void queryClient.invalidateQueries({ predicate: isRefreshable });
      return;
    }
    for (const queryKey of named) void queryClient.invalidateQueries({ queryKey, predicate: isRefreshable });
    for (const queryKey of echoed) void queryClient.invalidateQueries({ queryKey, predicate: isOlderThanOwnChange }, { cancelRefetch: false });
  };
  return {
    add(added: QueryKey[] | 'all', echo = false) {
      if (added === 'all') all = true;
      else if (echo) echoKeys.push(...added);
      else keys.push(...added);
      timer ??= setTimeout(flush, BATCH_MS);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

function liveUrl(path: string): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${path}`;
}

function parseEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const event = JSON.parse(data) as LiveEvent;
    return typeof event?.topic === 'string' ? event : null;
  } catch {
    return null;
  }
}

/**
 * Keeps a socket to `path` open while mounted (null: none), reconnecting with spec 9's delays,
 * and passes what the events name to the query cache. After a reconnect everything is
 * refreshed, as events may have been missed meanwhile.
 */
function useLiveSocket(
  path: string | null,
  keysFor: (event: LiveEvent) => QueryKey[] | 'all',
  options: { reconnectAfterAccessEnded: boolean },
): void {
  const queryClient = useQueryClient();
  const keysForRef = useRef(keysFor);
  useEffect(() => {
    keysForRef.current = keysFor;
  });
  const { reconnectAfterAccessEnded } = options;

  useEffect(() => {
    if (!path || typeof WebSocket === 'undefined') return;
    const batch = batchInvalidation(queryClient);
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let opened = false;
    let stopped = false;

    const reconnectLater = () => {
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      attempt += 1;
      timer = setTimeout(open, delay);
    };

    function open() {
      try {
        socket = new WebSocket(liveUrl(path!));
      } catch {
        reconnectLater();
        return;
      }
      socket.onopen = () => {
        if (opened) batch.add('all');
        opened = true;
        attempt = 0;
      };
      socket.onmessage = (message: MessageEvent) => {
        const event = parseEvent(message.data);
        if (event) batch.add(keysForRef.current(event), 'origin' in event && event.origin === tabId);
      };
      // An error is always followed by close; reconnecting there is enough.
      socket.onclose = (close: CloseEvent) => {
        socket = null;
        if (stopped) return;
        if (close.code === ACCESS_ENDED) {
          // Refetching shows the page why (the link is gone, the role changed).
          batch.add('all');
          if (!reconnectAfterAccessEnded) return;
        }
        reconnectLater();
      };
    }

    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      batch.cancel();
      socket?.close(1000);
    };
  }, [path, queryClient, reconnectAfterAccessEnded]);
}

/**
 * A signed-in member's pages: events of their organization (developers: their projects),
 * refreshing what `refreshers` (the features' declarations) name.
 */
export function useMemberLiveUpdates(refreshers: readonly LiveRefresh[], enabled = true): void {
  useLiveSocket(enabled ? '/api/live' : null, (event) => keysForEvent(refreshers, event), { reconnectAfterAccessEnded: true });
}

/** The shared project page: that project's events, for as long as the link works. */
export function useSharedLiveUpdates(token: string, enabled = true): void {
  useLiveSocket(
    enabled && token ? `/api/project-access/${encodeURIComponent(token)}/live` : null,
    // Everything the shared page shows of this link hangs off [QUERY_ROOTS.projectAccess, token].
    (event) => (event.topic === 'resync' || event.topic === 'project' ? [[QUERY_ROOTS.projectAccess, token]] : []),
    { reconnectAfterAccessEnded: false },
  );
}
