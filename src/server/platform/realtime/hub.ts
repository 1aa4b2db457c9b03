// The sockets of one app server and who may hear what. Each connection brings its own gate
// (the live module knows members, developers and share links); the hub routes an event to the
// connections of its organization, asks each gate, and sends, skips or closes. Server -> client
// only: whatever a client sends is ignored.
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeEvent } from './publisher';

/** The part of a `ws` WebSocket the hub uses (the package ships no types of its own). */
export type LiveSocket = {
  readonly readyState: number;
  readonly OPEN: number;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
  ping: () => void;
  terminate: () => void;
  on: (event: 'pong' | 'close' | 'error' | 'message', listener: () => void) => unknown;
};

/** 'close': the connection may no longer listen (a revoked or expired link, an ended session). */
export type GateDecision = 'send' | 'skip' | 'close';

export type LiveConnection = {
  organizationId: string;
  /** Whether this connection hears `event` (its organization's, already). */
  gate: (event: ChangeEvent) => GateDecision | Promise<GateDecision>;
  /** Events may have been missed (the listener reconnected): forget what the gate concluded from them. */
  resync?: () => void;
};

/** Spec 9: a ping every 30 s keeps proxies from dropping idle sockets and finds dead peers. */
export const HEARTBEAT_MS = 30_000;
/** WebSocket close codes we use. */
export const CLOSE = { goingAway: 1001, policy: 1008, tryAgainLater: 1013 } as const;
/** What a client gets after the server may have missed events: refresh everything. */
export const RESYNC_MESSAGE = JSON.stringify({ topic: 'resync' });

type Entry = LiveConnection & { socket: LiveSocket; alive: boolean };

export class LiveHub {
  private readonly byOrganization = new Map<string, Set<Entry>>();
  private count = 0;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly maxConnections: number,
    private readonly log: FastifyBaseLogger,
    heartbeatMs = HEARTBEAT_MS,
  ) {
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.count;
  }

  /** Whether another connection fits in this process. */
  hasRoom(): boolean {
    return this.count < this.maxConnections;
  }

  add(socket: LiveSocket, connection: LiveConnection): void {
    if (!this.hasRoom()) {
      socket.close(CLOSE.tryAgainLater, 'Too many live connections');
      return;
    }
    const entry: Entry = { ...connection, socket, alive: true };
    let set = this.byOrganization.get(entry.organizationId);
    if (!set) this.byOrganization.set(entry.organizationId, (set = new Set()));
    set.add(entry);
    this.count += 1;
    socket.on('pong', () => (entry.alive = true));
    socket.on('close', () => this.remove(entry));
    socket.on('error', () => socket.terminate());
  }

  /** Routes a committed change to the connections that may hear it. */
  dispatch(event: ChangeEvent): void {
    const set = this.byOrganization.get(event.organizationId);
    if (!set) return;
    const message = JSON.stringify(event);
    for (const entry of set) {
      void Promise.resolve()
        .then(() => entry.gate(event))
        .then((decision) => {
          if (entry.socket.readyState !== entry.socket.OPEN) return;
          if (decision === 'send') entry.socket.send(message);
          else if (decision === 'close') entry.socket.close(CLOSE.policy, 'Access ended');
        })
        .catch((error: unknown) => this.log.warn({ err: error }, 'realtime: gate failed; event not sent'));
    }
  }

  /** Everyone refreshes everything (the listener was down for a while). */
  resync(): void {
    for (const set of this.byOrganization.values()) {
      for (const entry of set) {
        entry.resync?.();
        if (entry.socket.readyState === entry.socket.OPEN) entry.socket.send(RESYNC_MESSAGE);
      }
    }
  }

  close(): void {
    clearInterval(this.heartbeat);
    for (const set of this.byOrganization.values()) {
      for (const entry of set) entry.socket.close(CLOSE.goingAway, 'Server shutting down');
    }
  }

  private remove(entry: Entry): void {
    const set = this.byOrganization.get(entry.organizationId);
    if (!set?.delete(entry)) return;
    this.count -= 1;
    if (set.size === 0) this.byOrganization.delete(entry.organizationId);
  }

  private ping(): void {
    for (const set of this.byOrganization.values()) {
      for (const entry of set) {
        // No pong since the last ping: the peer is gone.
        if (!entry.alive) {
          entry.socket.terminate();
          continue;
        }
        entry.alive = false;
        entry.socket.ping();
      }
    }
  }
}
