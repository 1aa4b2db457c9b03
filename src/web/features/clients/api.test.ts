import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clientOptionsQuery } from './api';

describe('clientOptionsQuery (the project forms’ client select)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads every page of names, following nextCursor to the last (issue 36: no client missing)', async () => {
    const pages: Record<string, { items: { id: string; name: string }[]; nextCursor: string | null }> = {
      '': { items: [{ id: '1', name: 'Acme' }, { id: '2', name: 'Birch' }], nextCursor: 'c1' },
      c1: { items: [{ id: '3', name: 'Cedar' }], nextCursor: 'c|2' },
      'c|2': { items: [{ id: '4', name: 'Dune' }], nextCursor: null },
    };
    const fetch = vi.fn(async (url: string) => {
      const cursor = new URL(url, 'http://app.test').searchParams.get('cursor') ?? '';
      return new Response(JSON.stringify(pages[cursor]), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const names = await new QueryClient().fetchQuery(clientOptionsQuery);
    expect(names.map((c) => c.name)).toEqual(['Acme', 'Birch', 'Cedar', 'Dune']);
    expect(fetch.mock.calls.map(([url]) => url)).toEqual([
      '/api/clients/options',
      '/api/clients/options?cursor=c1',
      '/api/clients/options?cursor=c%7C2',
    ]);
  });
});
