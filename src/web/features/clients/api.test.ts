// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clientsApi } from '@/web/test/api-handlers';
import { apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { clientOptionsQuery } from './api';

describe('clientOptionsQuery (the project forms’ client select)', () => {
  it('reads every page of names, following nextCursor to the last (issue 36: no client missing)', async () => {
    apiServer.use(
      clientsApi.options(
        byCursor({
          '': { items: [{ id: '1', name: 'Acme' }, { id: '2', name: 'Birch' }], nextCursor: 'c1' },
          c1: { items: [{ id: '3', name: 'Cedar' }], nextCursor: 'c|2' },
          'c|2': { items: [{ id: '4', name: 'Dune' }], nextCursor: null },
        }),
      ),
    );
    const names = await new QueryClient().fetchQuery(clientOptionsQuery);
    expect(names.map((c) => c.name)).toEqual(['Acme', 'Birch', 'Cedar', 'Dune']);
    expect(sentRequests.map(({ path }) => path)).toEqual(['/api/clients/options', '/api/clients/options?cursor=c1', '/api/clients/options?cursor=c%7C2']);
  });
});
