// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/web/lib/query-client';
import { ACTIVITY_TEXTS } from '../texts';
import { RecentActivity } from './recent-activity';

const entry = (id: string, action: string) => ({
  id,
  action,
  projectId: 'p1',
  projectName: 'Bluebird Launch',
  actorKind: 'member',
  user: { fullName: 'Ada Admin', email: 'ada@studio.example' },
  details: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

describe('RecentActivity', () => {
  let urls: string[];
  let items: ReturnType<typeof entry>[];
  beforeEach(() => {
    urls = [];
    items = [entry('1', 'complete_task'), entry('2', 'update_project_status')];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        urls.push(url);
        return new Response(JSON.stringify({ items, nextCursor: null }), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  const renderWith = (node: React.ReactNode) =>
    render(
      <MemoryRouter>
        <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>
      </MemoryRouter>,
    );

  it("lists a project's latest entries with who did them, and links to the full log", async () => {
    renderWith(<RecentActivity scope={{ projectId: 'p1' }} />);
    expect(await screen.findByText('Complete Task')).toBeTruthy();
    expect(screen.getByText('Update Project Status')).toBeTruthy();
    expect(screen.getAllByText('· Ada Admin')).toHaveLength(2);
    expect(urls[0]).toBe('/api/activities?projectId=p1&limit=5');
    expect(screen.getByRole('link', { name: ACTIVITY_TEXTS.recent.all }).getAttribute('href')).toBe('/?tab=activities');
  });

  it("shows a member's entries with their project, and says when there are none", async () => {
    renderWith(<RecentActivity scope={{ userId: 'm1' }} showProject />);
    expect((await screen.findAllByText('· Bluebird Launch')).length).toBe(2);
    expect(urls[0]).toBe('/api/activities?userId=m1&limit=5');
    cleanup();
    items = [];
    renderWith(<RecentActivity scope={{ userId: 'm2' }} showProject />);
    expect(await screen.findByText(ACTIVITY_TEXTS.recent.empty)).toBeTruthy();
  });
});
