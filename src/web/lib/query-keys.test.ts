import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { QUERY_ROOTS, refreshAfterChange } from './query-keys';

const state = (queryClient: QueryClient, key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;

describe('the query-key registry (issue 47 item 3)', () => {
  it('gives each resource a root of its own, so refreshing one never reaches another', () => {
    const roots = Object.values(QUERY_ROOTS);
    expect(new Set(roots).size).toBe(roots.length);
  });

  it("marks stale every query a member's rate prices, whatever its key under those roots, and nothing else", async () => {
    const queryClient = new QueryClient();
    const affected = [
      ['team', 'detail', 'm-1'],
      ['team', 'time-members'],
      ['projects', 'list', '', 'all', 'all'],
      ['projects', 'budget', 'p-1'],
      ['reports', 'time', '2026-11-01', '2026-11-30', 'member'],
    ];
    const untouched = [['me'], ['clients', 'options'], ['time', 'timer'], ['project-data', 'p-1', 'tasks'], ['activities', 'list', '', 'all']];
    for (const key of [...affected, ...untouched]) queryClient.setQueryData(key, {});

    await refreshAfterChange(queryClient, 'memberRate');

    for (const key of affected) expect(state(queryClient, key), key.join('/')).toBe(true);
    for (const key of untouched) expect(state(queryClient, key), key.join('/')).toBe(false);
  });

  it('settles once what is on screen has been read again (the mutation stays pending until then)', async () => {
    const queryClient = new QueryClient();
    let reads = 0;
    const budget = new QueryObserver(queryClient, { queryKey: ['projects', 'budget', 'p-1'], queryFn: () => ++reads });
    const unsubscribe = budget.subscribe(() => {});
    await budget.refetch();
    expect(reads).toBe(1);

    await refreshAfterChange(queryClient, 'memberRate');

    expect(reads).toBe(2);
    expect(queryClient.getQueryData(['projects', 'budget', 'p-1'])).toBe(2);
    unsubscribe();
  });
});
