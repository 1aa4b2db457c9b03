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

// jsdom lays nothing out: the new link's Copy is scrolled to as it takes the focus, and Radix
// Select calls these when its list opens.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

type Reply = { status: number; body?: unknown };
const TEMPLATE_ID = '7a1c6a52-3f0e-4c4e-9a55-0b4f2d0e8c11';
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
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [link], projectHasQuestionnaire: true } },
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
      showProject: false,
      templateId: null,
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Generate Link' }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByLabelText('Link Name') as HTMLInputElement).value).toBe('  Board preview ');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('x-long-enough');
  });

  it('sends an empty name and password as none (spec 5: both optional)', async () => {
    const calls = stubApi({
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [], projectHasQuestionnaire: true } },
      [`POST ${PROJECT}/access-links`]: { status: 201, body: { ...link, name: null, hasPassword: false } },
    });
    renderWithClient(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No active links yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Access token generated successfully!')).toBeTruthy();
    expect(calls.find((c) => c.key === `POST ${PROJECT}/access-links`)?.body).toEqual({ name: null, password: null, expiresInDays: null, viewersMayContribute: true, intake: false, showProject: false, templateId: null });
  });

  it("hands out a view-only link with 'Viewers may contribute' off, marks it on the row, and shows the access log's reads and downloads", async () => {
    const viewOnly = { ...link, id: 'l2', name: 'Board', hasPassword: false, isExpired: false, expiresAt: null, viewersMayContribute: false, openCount: 1, lastOpenedAt: '2026-01-02T10:00:00.000Z' };
    const calls = stubApi({
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [viewOnly], projectHasQuestionnaire: true } },
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
  it("makes an intake link: says what the client sees, and asks for a template (no 'keep') when the project has no questionnaire (issue 27)", async () => {
    const intakeLink = { ...link, id: 'l3', name: 'Kickoff brief', hasPassword: false, isExpired: false, expiresAt: null, intake: { state: 'open', submittedAt: null, showsProject: true } };
    const calls = stubApi({
      [`GET ${PROJECT}/access-links`]: { status: 200, body: { items: [], projectHasQuestionnaire: false } },
      'GET /api/templates?limit=100': { status: 200, body: { items: [{ id: TEMPLATE_ID, name: 'Brand Brief', description: null, status: 'active', fields: [], createdAt: '2026-01-01T00:00:00.000Z' }], nextCursor: null, matched: 1, total: 1 } },
      [`POST ${PROJECT}/access-links`]: { status: 201, body: intakeLink },
    });
    renderWithClient(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No active links yet.')).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Show the project' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Intake link' }));

    const show = screen.getByRole('switch', { name: 'Show the project' });
    expect(show.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('The client sees the project name, the company overview and the questionnaire, nothing else.')).toBeTruthy();
    expect(screen.getByText(/"Viewers may contribute" does not apply to the questionnaire/)).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Questionnaire template' });
    expect(picker.textContent).toBe('Choose a template');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('This project has no questionnaire yet: choose a template for the intake link.')).toBeTruthy();
    expect(calls.filter((c) => c.key.startsWith('POST'))).toHaveLength(0);

    fireEvent.click(show);
    expect(screen.getByText('The client also sees every task, file and note of the project, staff notes included.')).toBeTruthy();
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Brand Brief' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Questionnaire template' }).textContent).toBe('Brand Brief'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    await waitFor(() => expect(calls.find((c) => c.key === `POST ${PROJECT}/access-links`)?.body).toMatchObject({ intake: true, showProject: true, templateId: TEMPLATE_ID }));
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
