// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Share2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectCard as Project } from '@/domain/projects';
import { CardActions } from '@/web/components/ui/card-actions';
import { projectsApi } from '@/web/test/api-handlers';
import { apiServer, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ProjectCard } from './project-card';

const project: Project = {
  id: 'p1',
  name: 'Harbor Rebrand',
  description: null,
  status: 'completed',
  approvals: { awaiting: 0, changesRequested: 0 },
  dueDate: null,
  clientId: 'c1',
  clientName: 'Harbor Coffee',
  ownerName: 'Olive Owner',
  createdAt: '2026-01-05T10:00:00.000Z',
};

async function renderCard(props: Partial<Parameters<typeof ProjectCard>[0]> = {}) {
  await renderWithProviders(<ProjectCard project={project} readOnly={false} canDelete {...props} />);
}

/** Radix opens a menu from the keyboard as from a pointer; its code arrives on the first opening. */
async function openMenu() {
  fireEvent.keyDown(screen.getByRole('button', { name: 'More actions' }), { key: 'Enter' });
  return screen.findByRole('menu');
}

describe("ProjectCard's '…' menu (small screens, issue 14)", () => {
  it("holds another feature's actions beside the status changes and Delete", async () => {
    const share = vi.fn();
    await renderCard({ actions: <CardActions actions={[{ label: 'Share Link', icon: Share2, onSelect: share }]} /> });
    const menu = await openMenu();
    // A completed project offers no status change (issue 49 item 17).
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share Link', 'Delete']);
    expect(within(menu).getAllByRole('separator')).toHaveLength(1);
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Share Link' }));
    expect(share).toHaveBeenCalledOnce();
  });

  it.each([
    ['active', ['Mark Complete', 'Put On Hold', 'Delete']],
    ['overdue', ['Mark Complete', 'Put On Hold', 'Delete']],
    ['on_hold', ['Mark Complete', 'Delete']],
    ['completed', ['Delete']],
    ['cancelled', ['Delete']],
  ] as const)("offers a project in status %s only the status changes that make sense (issue 49 item 17)", async (status, items) => {
    await renderCard({ project: { ...project, status } });
    expect(within(await openMenu()).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(items);
  });

  it("sends an on-hold project's Mark Complete", async () => {
    apiServer.use(projectsApi.changeStatus(({ body }) => ({ ...project, ...(body as { status: 'completed' }) })));
    await renderCard({ project: { ...project, status: 'on_hold' } });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Mark Complete' }));
    await waitFor(() => expect(sentRequests.map(({ path, body }) => ({ path, body }))).toEqual([{ path: '/api/projects/p1/status', body: { status: 'completed' } }]));
  });

  it('has no menu when it would be empty: no status change, no Delete, nothing shared', async () => {
    await renderCard({ project: { ...project, status: 'cancelled' }, canDelete: false });
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Dashboard' })).toBeTruthy();
  });

  it('keeps the wide buttons, disabled where the status allows no change, so a pressed one keeps the focus (issue 27)', async () => {
    await renderCard({ project: { ...project, status: 'on_hold' } });
    expect(screen.getByRole('button', { name: 'Mark Complete' }).getAttribute('aria-disabled')).toBeNull();
    expect(screen.getByRole('button', { name: 'Put On Hold' }).getAttribute('aria-disabled')).toBe('true');
    cleanup();
    await renderCard({ project: { ...project, status: 'cancelled' } });
    expect(screen.getByRole('button', { name: 'Mark Complete' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByRole('button', { name: 'Put On Hold' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('asks before deleting, as the Delete button does', async () => {
    await renderCard();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    // The confirmation's code arrives when first asked for.
    expect(await screen.findByRole('alertdialog', { name: 'Delete project' })).toBeTruthy();
  });

  it('offers no Delete to those who may not delete, and no menu to developers', async () => {
    await renderCard({ project: { ...project, status: 'active' }, canDelete: false });
    expect(within(await openMenu()).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    cleanup();
    await renderCard({ readOnly: true });
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Dashboard' })).toBeTruthy();
  });
});

describe("ProjectCard's badges", () => {
  it("shows an overdue project one 'Overdue' badge, read as its status (issue 49 item 17)", async () => {
    await renderCard({ project: { ...project, status: 'overdue', dueDate: '2026-01-20' } });
    expect(screen.getAllByText('Overdue')).toHaveLength(1);
    expect(screen.getByTestId('status-badge').textContent).toBe('Status: Overdue');
  });
});
