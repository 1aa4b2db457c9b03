// LISTEN on a channel, once per app server and channel: the changes channel (live updates) and
// the mail channel (the mail worker's wake-up). PGlite delivers notifications to its own
// listener after commit; on PostgreSQL a dedicated client (never a pool connection, which
// would return LISTEN to the pool) listens and reconnects when the connection drops.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { announceLocalChange, markChangeFeed } from './local-changes';
import { CHANGES_CHANNEL, parseChangeNotification, type ChangeEvent } from './publisher';

export type ChangeListener = { stop: () => Promise<void> };

export type ListenerCallbacks = {
  onEvent: (event: ChangeEvent) => void;
  /** After a reconnect: events may have been missed while the connection was down. */
  onResync: () => void;
};

const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10000];

/** Change events for the live hub: listenOn the changes channel, payloads parsed. */
export async function listenForChanges(
  database: DatabaseHandle,
  connectionString: string | undefined,
  callbacks: ListenerCallbacks,
  log: FastifyBaseLogger,
): Promise<ChangeListener> {
  const onPayload = (payload: string) => {
    const notification = parseChangeNotification(payload);
    if (!notification) {
      log.warn({ payload }, 'realtime: ignored a malformed change notification');
      return;
    }
    announceLocalChange({ kind: 'committed', ...notification });
    callbacks.onEvent(notification.event);
  };
  const onResync = () => {
    announceLocalChange({ kind: 'resync' });
    callbacks.onResync();
  };
  // Caches that other servers' changes must end answer only while this listener hears them.
  const db = database.db as object | undefined;
  const onLive = (live: boolean) => {
    if (db) markChangeFeed(db, live);
  };
  return listenOn(database, connectionString, CHANGES_CHANNEL, { onPayload, onResync, onLive }, log);
}

/** Calls `onPayload` for each notification on `channel` (a fixed identifier, never user input). */
export async function listenOn(
  database: DatabaseHandle,
  connectionString: string | undefined,
  channel: string,
  callbacks: {
    onPayload: (payload: string) => void;
    onResync: () => void;
    /** true once notifications are heard, false from the moment they may not be (a dropped connection, stop). */
    onLive?: (live: boolean) => void;
  },
  log: FastifyBaseLogger,
): Promise<ChangeListener> {
  const deliver = callbacks.onPayload;
  let live = false;
  const setLive = (value: boolean) => {
    if (live === value) return;
    live = value;
    callbacks.onLive?.(value);
  };

  // A handle without its raw driver (a test's second app on a borrowed database) cannot listen:
  // the app works, without live updates.
  const off = (): ChangeListener => {
    log.warn({ channel }, 'no database driver to listen on; notifications are off');
    return { stop: async () => {} };
  };

  if (database.kind === 'pglite') {
    if (!database.pglite) return off();
    const unlisten = await database.pglite.listen(channel, deliver);
    setLive(true);
    return {
      stop: () => {
        setLive(false);
        return unlisten().catch(() => undefined);
      },
    };
  }

  const poolOptions = (database.pool as unknown as { options?: pg.ClientConfig } | undefined)?.options;
  // A server that stops answering must not stall a reconnect for ever.
  const options: pg.ClientConfig | undefined = connectionString ? { connectionString, connectionTimeoutMillis: 5_000 } : poolOptions;
  if (!options) return off();
  let client: pg.Client | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client(options);
    next.on('notification', (message) => {
      if (message.channel === channel) deliver(message.payload ?? '');
    });
    // 'error' then 'end' on a dropped connection; reconnect once, on 'end'.
    next.on('error', (error) => {
      if (client === next) setLive(false);
      log.warn({ err: error }, 'realtime: listener connection error');
    });
    next.on('end', () => {
      if (client !== next || stopped) return;
      setLive(false);
      client = null;
      scheduleReconnect();
    });
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      client = null;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (attempt > 0) callbacks.onResync();
    attempt = 0;
    setLive(true);
  };

  const scheduleReconnect = () => {
    if (stopped) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)]!;
    attempt += 1;
    timer = setTimeout(() => {
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'realtime: listener reconnect failed');
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  await connect();
  return {
    stop: async () => {
      stopped = true;
      setLive(false);
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
