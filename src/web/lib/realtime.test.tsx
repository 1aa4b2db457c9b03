// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noteOwnChangeSettled, tabId } from './own-changes';
import { RECONNECT_DELAYS_MS, useMemberLiveUpdates as useLiveUpdates, useSharedLiveUpdates, type LiveRefresh } from './realtime';

// Declarations as features make them (their api.ts); the app's own set is tested in app/.
const REFRESH: LiveRefresh[] = [
  { project: () => [['projects']], projects: () => [['projects']] },
  { project: (projectId) => [projectId ? ['project-data', projectId] : ['project-data']] },
  { templates: () => [['templates']] },
];
const useMemberLiveUpdates = () => useLiveUpdates(REFRESH);

/** Stands in for the browser's WebSocket: the test opens, sends and closes by hand. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static failing = false;
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  closedByPage = false;
  constructor(readonly url: string) {
    if (FakeSocket.failing) throw new Error('blocked');
    FakeSocket.all.push(this);
  }
  open() {
    this.onopen?.();
  }
  send(event: unknown) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  close() {
    this.closedByPage = true;
  }
}

const ORG = 'org';
const P = 'p1';

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  const keys = [
    ['projects', 'list', '', 'all'],
    ['projects', 'detail', P],
    ['project-data', P, 'tasks'],
    ['project-data', 'p2', 'tasks'],
    ['clients', 'list', ''],
    ['templates', 'list', ''],
    ['project-access', 'tok', 'anonymous', 'notes'],
    ['project-access', 'tok', 'anonymous', 'session'],
    ['project-access', 'other', 'anonymous', 'notes'],
  ];
  for (const key of keys) queryClient.setQueryData(key, 'cached');
  const stale = () => keys.filter((key) => queryClient.getQueryState(key)?.isInvalidated).map((key) => key.join('/'));
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return { queryClient, stale, wrapper };
}

describe('live updates in the page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    FakeSocket.failing = false;
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('waits for the page\'s own change in flight before refetching, so an optimistic state is not undone', async () => {
    const { queryClient, stale, wrapper } = setup();
    renderHook(() => useMemberLiveUpdates(), { wrapper });
    const socket = FakeSocket.all[0]!;
    let settle: () => void = () => {};
    const mutation = queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: () => new Promise<void>((resolve) => (settle = resolve)) });
    void mutation.execute(undefined);
    act(() => {
      socket.open();
      socket.send({ organizationId: ORG, projectId: P, topic: 'project' });
    });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(stale()).toEqual([]);
    await act(async () => {
      settle();
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(stale()).toEqual(['projects/list//all', 'projects/detail/p1', 'project-data/p1/tasks']);
  });

  it("invalidates a project's queries and the lists on its event, and nothing of another project", async () => {
    const { stale, wrapper } = setup();
    renderHook(() => useMemberLiveUpdates(), { wrapper });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost:3000/api/live');
    act(() => {
      socket.open();
      socket.send({ organizationId: ORG, projectId: P, topic: 'project' });
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(stale()).toEqual(['projects/list//all', 'projects/detail/p1', 'project-data/p1/tasks']);
  });

  it("skips, on the echo of this tab's own change, what that change's success already refreshed (issue 9 step 5)", async () => {
    const { queryClient, stale, wrapper } = setup();
    renderHook(() => useMemberLiveUpdates(), { wrapper });
    const socket = FakeSocket.all[0]!;
    act(() => socket.open());
    await act(() => vi.advanceTimersByTimeAsync(10));
    noteOwnChangeSettled();
    await act(() => vi.advanceTimersByTimeAsync(10));
    // The change's own success brought the project's card afresh after its answer.
    queryClient.setQueryData(['projects', 'detail', P], 'fresh');
    act(() => socket.send({ organizationId: ORG, projectId: P, topic: 'project', origin: tabId }));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(stale()).toEqual(['projects/list//all', 'project-data/p1/tasks']);

    // The same change from another tab refreshes everything it names.
    act(() => socket.send({ organizationId: ORG, projectId: P, topic: 'project', origin: 'another-tab-id' }));
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(stale()).toEqual(['projects/list//all', 'projects/detail/p1', 'project-data/p1/tasks']);
  });

  it('invalidates the lists a list topic names', async () => {
    const { stale, wrapper } = setup();
    renderHook(() => useMemberLiveUpdates(), { wrapper });
    act(() => {
      FakeSocket.all[0]!.open();
      FakeSocket.all[0]!.send({ organizationId: ORG, projectId: null, topic: 'templates' });
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(stale()).toEqual(['templates/list/']);
  });

  it('reconnects after 1, 2, 5 and then 10 seconds, and refreshes everything but the link open once back', async () => {
    const { stale, wrapper } = setup();
    renderHook(() => useMemberLiveUpdates(), { wrapper });
    act(() => FakeSocket.all[0]!.open());
    for (const [i, delay] of [...RECONNECT_DELAYS_MS, 10000].entries()) {
      act(() => FakeSocket.all[i]!.drop());
      await act(() => vi.advanceTimersByTimeAsync(delay - 1));
      expect(FakeSocket.all).toHaveLength(i + 1);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(FakeSocket.all).toHaveLength(i + 2);
    }
    expect(stale()).toEqual([]);
    act(() => FakeSocket.all.at(-1)!.open());
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(stale()).not.toContain('project-access/tok/anonymous/session');
    expect(stale()).toHaveLength(8);
  });

  it('leaves the page as it is when the socket cannot even be created, and closes it on unmount', async () => {
    FakeSocket.failing = true;
    const { wrapper } = setup();
    const { unmount } = renderHook(() => useMemberLiveUpdates(), { wrapper });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    FakeSocket.failing = false;
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(FakeSocket.all).toHaveLength(1);
    unmount();
    expect(FakeSocket.all[0]!.closedByPage).toBe(true);
  });

  it("refreshes the shared page's lists of its link only, never reopening the link, and stops when access ends", async () => {
    const { stale, wrapper } = setup();
    renderHook(() => useSharedLiveUpdates('tok'), { wrapper });
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toBe('ws://localhost:3000/api/project-access/tok/live');
    act(() => {
      socket.open();
      socket.send({ organizationId: ORG, projectId: P, topic: 'project' });
    });
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(stale()).toEqual(['project-access/tok/anonymous/notes']);

    act(() => socket.drop(1008));
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(FakeSocket.all).toHaveLength(1);
  });
});
