import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE, LiveHub, type LiveSocket } from './hub';
import type { ChangeEvent } from './publisher';

class FakeSocket extends EventEmitter implements LiveSocket {
  readonly OPEN = 1;
  readyState = 1;
  sent: string[] = [];
  pings = 0;
  closedWith: number | undefined;
  terminated = false;
  send(data: string) {
    this.sent.push(data);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit('close');
  }
  ping() {
    this.pings += 1;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit('close');
  }
}

const log = { warn: vi.fn() } as unknown as ConstructorParameters<typeof LiveHub>[1];
const ORG = '00000000-0000-4000-8000-000000000001';
const event: ChangeEvent = { organizationId: ORG, projectId: null, topic: 'projects' };

describe('LiveHub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('pings every heartbeat and drops a peer that did not answer the last ping', () => {
    const hub = new LiveHub(10, log, 30_000);
    const answering = new FakeSocket();
    const silent = new FakeSocket();
    hub.add(answering, { organizationId: ORG, gate: () => 'send' });
    hub.add(silent, { organizationId: ORG, gate: () => 'send' });
    vi.advanceTimersByTime(30_000);
    expect([answering.pings, silent.pings]).toEqual([1, 1]);
    answering.emit('pong');
    vi.advanceTimersByTime(30_000);
    expect(answering.terminated).toBe(false);
    expect(silent.terminated).toBe(true);
    expect(hub.size).toBe(1);
    hub.close();
  });

  it('bounds the connections of the process', () => {
    const hub = new LiveHub(1, log);
    const first = new FakeSocket();
    const second = new FakeSocket();
    hub.add(first, { organizationId: ORG, gate: () => 'send' });
    expect(hub.hasRoom()).toBe(false);
    hub.add(second, { organizationId: ORG, gate: () => 'send' });
    expect(second.closedWith).toBe(CLOSE.tryAgainLater);
    first.close();
    expect(hub.hasRoom()).toBe(true);
    hub.close();
  });

  it('sends, skips or closes as each gate says, and only within the organization', async () => {
    const hub = new LiveHub(10, log);
    const [hears, skips, ends, other] = [new FakeSocket(), new FakeSocket(), new FakeSocket(), new FakeSocket()];
    hub.add(hears, { organizationId: ORG, gate: () => 'send' });
    hub.add(skips, { organizationId: ORG, gate: async () => 'skip' as const });
    hub.add(ends, { organizationId: ORG, gate: async () => 'close' as const });
    hub.add(other, { organizationId: '00000000-0000-4000-8000-000000000002', gate: () => 'send' });
    hub.dispatch(event);
    await vi.advanceTimersByTimeAsync(1);
    expect(hears.sent).toEqual([JSON.stringify(event)]);
    expect([skips.sent, other.sent, ends.sent]).toEqual([[], [], []]);
    expect(ends.closedWith).toBe(CLOSE.policy);
    hub.close();
    expect(hears.closedWith).toBe(CLOSE.goingAway);
  });
});
