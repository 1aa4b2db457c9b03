// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '@/web/lib/api-client';
import { meQueryKey } from '@/web/lib/session';
import { reportsApi, signedInMember } from './api-handlers';
import { apiError, apiServer, inTurn, route, sentRequests, takeApiProblems } from './api-server';
import { renderWithProviders } from './render-with-providers';

function Echo() {
  const echo = useQuery({ queryKey: ['echo'], queryFn: () => api.get<{ said: string }>('/api/echo') });
  return <p>{echo.isError ? 'failed' : (echo.data?.said ?? 'waiting')}</p>;
}

describe('the web test kit', () => {
  it.each(['organization_admin', 'developer'] as const)('signs in a %s: /api/me answers that member before the first render', async (role) => {
    apiServer.use(route('GET', '/api/echo', { said: 'hello' }));
    const { queryClient } = await renderWithProviders(<Echo />, { signedInAs: role });
    expect(queryClient.getQueryData(meQueryKey)).toEqual(signedInMember(role));
    expect(await screen.findByText('hello')).toBeTruthy();
    expect(await api.get('/api/me')).toMatchObject({ profile: { role } });
  });

  it('signs nobody in with signedInAs null: /api/me answers 401', async () => {
    const { queryClient } = await renderWithProviders(<p />, { signedInAs: null });
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    await expect(api.get('/api/me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('fails the test on a request no handler answers, and the app sees a network failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api.get('/api/nowhere?x=1')).rejects.toMatchObject({ code: 'network_error' });
    expect(logged).toHaveBeenCalled();
    // Taken here so that this test passes; left, the check after the test throws them.
    expect(takeApiProblems()).toEqual(['no handler for GET /api/nowhere?x=1']);
    logged.mockRestore();
  });

  it('fails the test on a call more than a handler has answers for', async () => {
    apiServer.use(route('POST', '/api/echo', inTurn({ said: 'once' })));
    expect(await api.post('/api/echo', { n: 1 })).toEqual({ said: 'once' });
    await expect(api.post('/api/echo', { n: 2 })).rejects.toMatchObject({ status: 500 });
    expect(takeApiProblems()).toEqual(['POST /api/echo: call 2, but only 1 answers were given']);
  });

  it('records what was sent, and answers errors in the server shape', async () => {
    apiServer.use(reportsApi.get(apiError(400, 'bad_request', 'Nope')));
    await expect(api.get('/api/reports?range=all')).rejects.toMatchObject({ status: 400, code: 'bad_request', message: 'Nope' });
    await expect(api.get('/api/reports?range=all')).rejects.toMatchObject({ status: 400 });
    apiServer.use(route('PATCH', '/api/things/:id', ({ params, body }) => ({ id: params.id, body })));
    expect(await api.patch('/api/things/t1', { name: 'x' })).toEqual({ id: 't1', body: { name: 'x' } });
    expect(sentRequests.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'GET', path: '/api/reports?range=all', body: undefined },
      { method: 'GET', path: '/api/reports?range=all', body: undefined },
      { method: 'PATCH', path: '/api/things/t1', body: { name: 'x' } },
    ]);
  });

  it('gives each render its own query client, which does not retry', async () => {
    const first = await renderWithProviders(<p />);
    const second = await renderWithProviders(<p />);
    expect(first.queryClient).not.toBe(second.queryClient);
    apiServer.use(route('GET', '/api/echo', apiError(503, 'unavailable')));
    await renderWithProviders(<Echo />);
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(sentRequests).toHaveLength(1);
  });
});
