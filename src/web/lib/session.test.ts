// @vitest-environment jsdom
// The Me query: signed out, it takes a signed-in page's stale preloaded reads, so the app's first
// read after the next sign-in goes to the server instead of taking a 401 made before it.
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInMember } from '@/web/test/api-handlers';
import { apiError, apiServer, requestsArrived, route, sentRequests } from '@/web/test/api-server';
import { meQueryOptions } from './session';

function preload(href: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.setAttribute('as', 'fetch');
  link.href = href;
  document.head.append(link);
  return link;
}

describe('the Me query', () => {
  afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

  it('signed out, takes the preloaded reads once and drops their links', async () => {
    apiServer.use(
      route('GET', '/api/me', () => apiError(401, 'unauthorized')),
      route('GET', '/api/projects', () => apiError(401, 'unauthorized')),
      route('GET', '/api/inbox', () => apiError(401, 'unauthorized')),
    );
    // Every page preloads the session check itself: the query took that one, so not again.
    preload('/api/me');
    preload('/api/projects?search=&status=all');
    preload('/api/inbox');
    expect(await new QueryClient().fetchQuery(meQueryOptions)).toBeNull();
    await vi.waitFor(() => expect(sentRequests).toHaveLength(3));
    expect(sentRequests.map((request) => `${request.method} ${request.path.split('?')[0]}`).sort()).toEqual([
      'GET /api/inbox',
      'GET /api/me',
      'GET /api/projects',
    ]);
    expect(document.head.querySelectorAll('link[rel="preload"]')).toHaveLength(0);
  });

  it('signed in, leaves them for the page that asked for them', async () => {
    apiServer.use(route('GET', '/api/me', () => signedInMember('admin')));
    const link = preload('/api/inbox');
    expect(await new QueryClient().fetchQuery(meQueryOptions)).toMatchObject({ profile: { role: 'admin' } });
    await requestsArrived();
    expect(sentRequests).toHaveLength(1);
    expect(link.isConnected).toBe(true);
  });
});
