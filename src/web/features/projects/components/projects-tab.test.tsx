// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_MESSAGES } from '@/domain/projects';
import type { Role } from '@/domain/roles';
import { projectsApi } from '@/web/test/api-handlers';
import { apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ProjectsTab } from './projects-tab';

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
    expect(await screen.findByText(PROJECT_MESSAGES.noProjects)).toBeTruthy();
    expect(screen.getByText(PROJECT_MESSAGES.noProjectsHelp)).toBeTruthy();
    expect(screen.getByRole('button', { name: PROJECT_MESSAGES.createFirst })).toBeTruthy();
  });

  it('tells a developer with no assignments so, with nothing to create', async () => {
    await renderTab('developer');
    expect(await screen.findByText(PROJECT_MESSAGES.noneAssigned)).toBeTruthy();
    expect(screen.queryByRole('button', { name: PROJECT_MESSAGES.createFirst })).toBeNull();
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
    expect(await screen.findByText(PROJECT_MESSAGES.noMatches)).toBeTruthy();
  });
});
