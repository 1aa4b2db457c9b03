// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AccessLink, ProjectDevelopers } from '@/domain/sharing';
import { Toaster } from '@/web/components/ui/toaster';
import { createQueryClient } from '@/web/lib/query-client';
import { AssignDeveloperDialog } from './assign-developer-dialog';
import { ShareProjectDialog } from './share-project-dialog';

// jsdom lays nothing out: the new link's Copy is scrolled to as it takes the focus.
Element.prototype.scrollIntoView ??= () => {};

type Reply = { status: number; body?: unknown };
const PROJECT = '/api/projects/p1';

function stubApi(replies: Record<string, Reply>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      calls.push({ key, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[key] ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

function renderWithClient(ui: ReactNode) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

const link: AccessLink = {
  id: 'l1',
  projectId: 'p1',
  name: 'Client review',
  token: 'tok_abcdefghijklmnopqrstuvwxyz',
  hasPassword: true,
  viewersMayContribute: true,
  expiresAt: '2020-01-08T00:00:00.000Z',
  isExpired: true,
  createdAt: '2020-01-01T00:00:00.000Z',
  createdByName: 'Olivia Park',
  openCount: 0,
  lastOpenedAt: null,
  intake: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ShareProjectDialog', () => {
  it('lists links with their lock, expiry and Expired badge, and keeps the form when generating fails', async () => {
    const calls = stubApi({
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [link] } },
      [`POST ${PROJECT}/access-links`]: { status: 500, body: { error: { code: 'internal', message: 'Database unavailable' } } },
    });
    renderWithClient(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);

    const item = await screen.findByRole('listitem', { name: 'Client review' });
    expect(item.textContent).toContain('Password protected');
    expect(item.textContent).toContain('Expired');
    expect(item.textContent).toContain('Not opened yet');
    expect((screen.getByLabelText('Link address') as HTMLInputElement).value).toBe(`${window.location.origin}/project-access/${link.token}`);

    fireEvent.input(screen.getByLabelText('Link Name'), { target: { value: '  Board preview ' } });
    // Spec-style rule from the domain schema: a short password is refused before sending.
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'x-long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(calls.find((c) => c.key === `POST ${PROJECT}/access-links`)?.body).toEqual({
      name: 'Board preview',
      password: 'x-long-enough',
      expiresInDays: null,
      viewersMayContribute: true,
      intake: false,
      templateId: null,
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Generate Link' }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByLabelText('Link Name') as HTMLInputElement).value).toBe('  Board preview ');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('x-long-enough');
  });

  it('sends an empty name and password as none (spec 5: both optional)', async () => {
    const calls = stubApi({
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [] } },
      [`POST ${PROJECT}/access-links`]: { status: 201, body: { ...link, name: null, hasPassword: false } },
    });
    renderWithClient(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No active links yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Access token generated successfully!')).toBeTruthy();
    expect(calls.find((c) => c.key === `POST ${PROJECT}/access-links`)?.body).toEqual({ name: null, password: null, expiresInDays: null, viewersMayContribute: true, intake: false, templateId: null });
  });

  it("hands out a view-only link with 'Viewers may contribute' off, marks it on the row, and shows the access log's reads and downloads", async () => {
    const viewOnly = { ...link, id: 'l2', name: 'Board', hasPassword: false, isExpired: false, expiresAt: null, viewersMayContribute: false, openCount: 1, lastOpenedAt: '2026-01-02T10:00:00.000Z' };
    const calls = stubApi({
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [viewOnly] } },
      [`POST ${PROJECT}/access-links`]: { status: 201, body: viewOnly },
      [`GET ${PROJECT}/access-links/l2/opens`]: {
        status: 200,
        body: {
          total: 3,
          items: [
            { id: 'o3', openedAt: '2026-01-02T10:05:00.000Z', kind: 'download', fileName: 'Brief.pdf', viewerName: 'Ada Lovelace', viewerEmail: null },
            { id: 'o2', openedAt: '2026-01-02T10:01:00.000Z', kind: 'view', fileName: null, viewerName: null, viewerEmail: null },
            { id: 'o1', openedAt: '2026-01-02T10:00:00.000Z', kind: 'open', fileName: null, viewerName: null, viewerEmail: null },
          ],
        },
      },
    });
    renderWithClient(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    const row = await screen.findByRole('listitem', { name: 'Board' });
    expect(row.textContent).toContain('View only');

    const toggle = screen.getByRole('switch', { name: 'Viewers may contribute' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Access token generated successfully!')).toBeTruthy();
    expect(calls.find((c) => c.key === `POST ${PROJECT}/access-links`)?.body).toMatchObject({ viewersMayContribute: false });
    // The new link's Copy takes the focus, the next step (issue 27).
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Copy' })));

    fireEvent.click(screen.getByRole('button', { name: 'Show access log' }));
    const log = await screen.findByRole('list', { name: 'Access log' });
    expect(log.textContent).toContain('Ada Lovelace · Downloaded Brief.pdf');
    expect(log.textContent).toContain('Anonymous · Viewed');
    expect(log.textContent).toContain('Anonymous · Opened');
  });
});

describe('AssignDeveloperDialog', () => {
  const developers: ProjectDevelopers = {
    assigned: [{ profileId: 'd2', fullName: 'Sam Okafor', email: null, assignedAt: '2026-01-01T00:00:00.000Z' }],
    available: [{ profileId: '6f1c2d8e-1b2a-4c3d-9e8f-0a1b2c3d4e5f', fullName: 'Leo Martins', email: 'dev@brieflane.demo' }],
  };

  it('asks for a developer before sending anything and lists those already assigned', async () => {
    const calls = stubApi({ [`GET ${PROJECT}/developers`]: { status: 200, body: developers } });
    renderWithClient(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByRole('listitem', { name: 'Sam Okafor' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Developer' }));
    expect(await screen.findByText('Please select a developer')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
  });

  it('shows the link password rule from the shared schema before sending anything', async () => {
    const calls = stubApi({ [`GET ${PROJECT}/developers`]: { status: 200, body: developers } });
    renderWithClient(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByRole('listitem', { name: 'Sam Okafor' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign Developer' }));
    expect(await screen.findByText('Password cannot be blank')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign Developer' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);
  });

  it('says when the organization has no developers', async () => {
    stubApi({ [`GET ${PROJECT}/developers`]: { status: 200, body: { assigned: [], available: [] } } });
    renderWithClient(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No developers in your organization yet. Add them on the Team tab.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign Developer' })).toBeNull();
  });
});
