// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROJECT_MESSAGES } from '@/domain/projects';
import type { Role } from '@/domain/roles';
import { createQueryClient } from '@/web/lib/query-client';
import { ProjectsTab } from './projects-tab';

function renderTab(role: Role) {
  render(
    <MemoryRouter>
      <QueryClientProvider client={createQueryClient()}>
        <ProjectsTab role={role} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe('ProjectsTab export', () => {
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

  it('offers staff Export CSV of the list as filtered', async () => {
    renderTab('account_executive');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/projects/export?search=&status=all');
  });

  it('offers developers no export', async () => {
    renderTab('developer');
    await waitFor(() => expect(urls.some((u) => u.startsWith('/api/projects?'))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('shows staff an empty list that explains and offers to create the first project', async () => {
    renderTab('admin');
    expect(await screen.findByText(PROJECT_MESSAGES.noProjects)).toBeTruthy();
    expect(screen.getByText(PROJECT_MESSAGES.noProjectsHelp)).toBeTruthy();
    expect(screen.getByRole('button', { name: PROJECT_MESSAGES.createFirst })).toBeTruthy();
  });

  it('tells a developer with no assignments so, with nothing to create', async () => {
    renderTab('developer');
    expect(await screen.findByText(PROJECT_MESSAGES.noneAssigned)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PROJECT_MESSAGES.createFirst })).toBeNull();
  });
});

