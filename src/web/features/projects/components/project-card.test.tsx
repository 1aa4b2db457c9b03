// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Share2 } from 'lucide-react';
import { describe, expect, it, vi } from 'vitest';
import type { ProjectCard as Project } from '@/domain/projects';
import { CardActions } from '@/web/components/ui/card-actions';
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
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Share Link', 'Mark Complete', 'Put On Hold', 'Delete']);
    // Spec 2: Mark Complete is disabled on a completed project.
    expect(within(menu).getByRole('menuitem', { name: 'Mark Complete' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Share Link' }));
    expect(share).toHaveBeenCalledOnce();
  });

  it('asks before deleting, as the Delete button does', async () => {
    await renderCard();
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Delete' }));
    // The confirmation's code arrives when first asked for.
    expect(await screen.findByRole('alertdialog', { name: 'Delete project' })).toBeTruthy();
  });

  it('offers no Delete to those who may not delete, and no menu to developers', async () => {
    await renderCard({ canDelete: false });
    expect(within(await openMenu()).queryByRole('menuitem', { name: 'Delete' })).toBeNull();
    cleanup();
    await renderCard({ readOnly: true });
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
    expect(screen.getByRole('link', { name: 'View Dashboard' })).toBeTruthy();
  });
});
