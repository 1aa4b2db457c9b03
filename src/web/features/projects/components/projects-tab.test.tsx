// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES, type ProjectCard } from '@/domain/projects';
import type { Role } from '@/domain/roles';
import { projectsApi } from '@/web/test/api-handlers';
import { apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ProjectsTab } from './projects-tab';
import { en } from '@/web/test/texts';

async function renderTab(role: Role) {
  await renderWithProviders(<ProjectsTab role={role} />);
}

describe('ProjectsTab export', () => {
  beforeEach(() => {
    apiServer.use(projectsApi.list());
  });

  it('offers staff Export CSV of the list as filtered', async () => {
    await renderTab('account_executive');
    const link = await screen.findByRole('link', { name: 'Export CSV' });
    expect(link.getAttribute('href')).toBe('/api/projects/export?search=&status=all');
  });

  it('offers developers no export', async () => {
    await renderTab('developer');
    await waitFor(() => expect(sentRequests.some((request) => request.path.startsWith('/api/projects?'))).toBe(true));
    expect(screen.queryByRole('link', { name: 'Export CSV' })).toBeNull();
  });

  it('shows staff an empty list that explains and offers to create the first project', async () => {
    await renderTab('admin');
    expect(await screen.findByText(en(PROJECT_MESSAGES.noProjects))).toBeTruthy();
    expect(screen.getByText(en(PROJECT_MESSAGES.noProjectsHelp))).toBeTruthy();
    expect(screen.getByRole('button', { name: en(PROJECT_MESSAGES.createFirst) })).toBeTruthy();
  });

  it('tells a developer with no assignments so, with nothing to create', async () => {
    await renderTab('developer');
    expect(await screen.findByText(en(PROJECT_MESSAGES.noneAssigned))).toBeTruthy();
    expect(screen.queryByRole('button', { name: en(PROJECT_MESSAGES.createFirst) })).toBeNull();
  });
});

// Radix's select measures and scrolls what jsdom does not have.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

describe('ProjectsTab approval filter (issue 33)', () => {
  beforeEach(() => {
    apiServer.use(projectsApi.list());
  });

  it('asks for the projects awaiting approval, exports the same list, and says no project matches when none does', async () => {
    await renderTab('admin');
    const filter = await screen.findByRole('combobox', { name: 'Filter by client approval' });
    expect(filter.textContent).toBe('Any approval');
    fireEvent.keyDown(filter, { key: 'Enter' });
    const listbox = await screen.findByRole('listbox');
    expect([...listbox.querySelectorAll('[role=option]')].map((option) => option.textContent)).toEqual(['Any approval', 'Awaiting approval', 'Changes requested']);
    fireEvent.click(screen.getByRole('option', { name: 'Awaiting approval' }));
    await waitFor(() => expect(sentRequests.some((request) => request.path === '/api/projects?search=&status=all&approval=awaiting_approval')).toBe(true));
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe('/api/projects/export?search=&status=all&approval=awaiting_approval');
    expect(await screen.findByText(en(PROJECT_MESSAGES.noMatches))).toBeTruthy();
  });
});

const aProject = (n: number): ProjectCard => ({
  id: `p${n}`,
  name: `Project ${n}`,
  description: null,
  status: 'active',
  dueDate: null,
  clientId: 'c1',
  clientName: 'Harbor Coffee',
  ownerName: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  approvals: { awaiting: 0, changesRequested: 0 },
});
const projects = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => aProject(from + i));

describe('ProjectsTab Load more (issue 49 item 6)', () => {
  it('counts the cards on screen, not the projects that match, and gives the first new card the focus', async () => {
    // 27 projects, 24 a page: the count said 'Showing 27 of 27' over the first 24 cards.
    apiServer.use(
      projectsApi.list(
        byCursor({
          '': { items: projects(1, 24), nextCursor: 'page-2', matched: 27, total: 27 },
          'page-2': { items: projects(25, 27), nextCursor: null, matched: 27, total: 27 },
        }),
      ),
    );
    await renderTab('admin');
    expect(await screen.findByText('Showing 24 of 27 projects')).toBeTruthy();
    expect(screen.getAllByTestId('project-card')).toHaveLength(24);

    const more = screen.getByRole('button', { name: 'Load more' });
    more.focus();
    fireEvent.click(more);
    // The cards mount in a deferred render (projects-tab.tsx), which each check of findByText's
    // default 50 ms interval interrupts: on a busy machine it never finished within the timeout.
    expect(await screen.findByText('Showing 27 of 27 projects', undefined, { interval: 250, timeout: 5000 })).toBeTruthy();
    const cards = screen.getAllByTestId('project-card');
    expect(cards).toHaveLength(27);
    // The button went with the last page; the focus did not fall to the page.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(cards[24]));
    expect(cards[24]?.textContent).toContain('Project 25');
  });
});
