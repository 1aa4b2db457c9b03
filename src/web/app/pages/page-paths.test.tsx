// @vitest-environment jsdom
// The projects page's HTML preloads its first API reads (page-paths.ts): each must be exactly the
// URL the app then asks, or the browser fetches twice and the preload is wasted. The URL is read
// as the request left, resolved against the page as the browser resolves both.
import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@/domain/roles';
import { inboxQuery } from '@/web/features/inbox/api';
import { ProjectsTab } from '@/web/features/projects/components/projects-tab';
import { inboxApi, projectsApi } from '@/web/test/api-handlers';
import { apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { parseDashboardTab } from '../dashboard-tabs';
import { DASHBOARD_FETCHES, PAGE_PATHS } from './page-paths';

/** The URLs the app asked, in order: path and query. */
const urls = () => sentRequests.map((request) => request.path);

describe("the projects page's preloaded API reads", () => {
  beforeEach(() => {
    apiServer.use(projectsApi.list(), inboxApi.list());
  });

  it('are what / preloads for a signed-in user', () => {
    const dashboard = PAGE_PATHS.find((entry) => entry.pattern.test('/'))!;
    expect(dashboard.module).toBe('app/pages/dashboard-page.tsx');
    expect(dashboard.fetches).toEqual(DASHBOARD_FETCHES);
    // `/` without ?tab shows the Projects tab.
    expect(parseDashboardTab(null)).toBe('projects');
  });

  it.each<Role>(['organization_admin', 'developer'])("include the Projects tab's first list request, as %s", async (role) => {
    await renderWithProviders(<ProjectsTab role={role} />);
    await waitFor(() => expect(urls().some((url) => url.startsWith('/api/projects?'))).toBe(true));
    expect(urls().find((url) => url.startsWith('/api/projects?'))).toBe(DASHBOARD_FETCHES[0]);
  });

  it("include the inbox bell's first page", async () => {
    const queryFn = inboxQuery.queryFn as (context: { pageParam: string }) => Promise<unknown>;
    await queryFn({ pageParam: inboxQuery.initialPageParam });
    expect(urls()).toEqual([DASHBOARD_FETCHES[1]]);
  });
});
