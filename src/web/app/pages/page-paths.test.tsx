// @vitest-environment jsdom
// The projects page's HTML preloads its first API reads (page-paths.ts): each must be exactly the
// URL the app then asks, or the browser fetches twice and the preload is wasted.
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/domain/roles';
import { inboxQuery } from '@/web/features/inbox/api';
import { ProjectsTab } from '@/web/features/projects/components/projects-tab';
import { createQueryClient } from '@/web/lib/query-client';
import { parseDashboardTab } from '../dashboard-tabs';
import { DASHBOARD_FETCHES, PAGE_PATHS } from './page-paths';

describe("the projects page's preloaded API reads", () => {
  let urls: string[];
  beforeEach(() => {
    urls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ items: [], nextCursor: null, matched: 0, total: 0 }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('are what / preloads for a signed-in user', () => {
    const dashboard = PAGE_PATHS.find((entry) => entry.pattern.test('/'))!;
    expect(dashboard.module).toBe('app/pages/dashboard-page.tsx');
    expect(dashboard.fetches).toEqual(DASHBOARD_FETCHES);
    // `/` without ?tab shows the Projects tab.
    expect(parseDashboardTab(null)).toBe('projects');
  });

  it.each<Role>(['organization_admin', 'developer'])("include the Projects tab's first list request, as %s", async (role) => {
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient()}>
          <ProjectsTab role={role} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(urls.some((url) => url.startsWith('/api/projects?'))).toBe(true));
    expect(urls.find((url) => url.startsWith('/api/projects?'))).toBe(DASHBOARD_FETCHES[0]);
  });

  it("include the inbox bell's first page", async () => {
    const queryFn = inboxQuery.queryFn as (context: { pageParam: string }) => Promise<unknown>;
    await queryFn({ pageParam: inboxQuery.initialPageParam });
    expect(urls).toEqual([DASHBOARD_FETCHES[1]]);
  });
});
