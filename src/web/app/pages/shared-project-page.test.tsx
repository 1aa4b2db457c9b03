// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedProject } from '@/domain/sharing';
import { Toaster } from '@/web/components/ui/toaster';
import { createQueryClient } from '@/web/lib/query-client';
import { meQueryKey } from '@/web/lib/session';
import { SharedProjectPage } from './shared-project-page';

type Reply = { status: number; body?: unknown };
const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const BASE = `/api/project-access/${TOKEN}`;

const project: SharedProject = {
  projectId: 'p1',
  projectName: 'Harbor Rebrand',
  companyOverview: 'Two cafés by the harbour.',
  formData: { target_audience: 'Commuters' },
  templateFields: [{ label: 'Target Audience', name: 'target_audience', type: 'textarea', required: true, options: [], order: 0 }],
  canContribute: false,
  viewersMayContribute: true,
  viewerName: null,
  intakeState: null,
  showsProject: true,
};

const linkError = (status: number, code: string, message = code) => ({ status, body: { error: { code, message } } });

/** Answers `METHOD path` with a reply, or a function of the request body; records the calls. */
function stubApi(replies: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: { key: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      const key = `${init.method ?? 'GET'} ${path}`;
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ key, body });
      const entry = replies[key];
      const reply = typeof entry === 'function' ? entry(body) : (entry ?? linkError(404, 'not_found'));
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

const emptyLists = {
  [`GET ${BASE}/tasks`]: { status: 200, body: { items: [], nextCursor: null } },
  [`GET ${BASE}/files`]: { status: 200, body: { items: [], nextCursor: null } },
  [`GET ${BASE}/notes`]: { status: 200, body: { items: [], nextCursor: null, total: 0 } },
};

function renderPage(queryClient: QueryClient = createQueryClient()) {
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/project-access/${TOKEN}`]}>
        <Routes>
          <Route path="/project-access/:token" element={<SharedProjectPage />} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SharedProjectPage', () => {
  it('asks for the password, says so when it is wrong, and shows the project read-only with the right one', async () => {
    const calls = stubApi({
      'GET /api/me': linkError(401, 'unauthorized'),
      [`POST ${BASE}/session`]: (body) => {
        const password = (body as { password: string | null }).password;
        if (password === null) return linkError(401, 'password_required', 'Password Required');
        if (password !== 'open sesame') return linkError(401, 'invalid_password', 'Please check your password and try again.');
        return { status: 200, body: project };
      },
      ...emptyLists,
    });
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Password Required' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Project' }));
    expect(await screen.findByText('Invalid Password')).toBeTruthy();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('guess');

    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'open sesame' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Project' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeTruthy();
    expect(screen.getByText('Commuters')).toBeTruthy();
    expect(screen.getByText('Sign in to add files, links and notes or to update tasks.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload File' })).toBeNull();
    expect(await screen.findByText('No tasks yet')).toBeTruthy();
    // Headings go down one level at a time (Lighthouse's heading-order): h1, then h2 sections.
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, index) => index > 0 && expect(level - levels[index - 1]!).toBeLessThanOrEqual(1));
    expect(calls.filter((c) => c.key === `POST ${BASE}/session`).map((c) => c.body)).toEqual([
      { password: null },
      { password: 'guess' },
      { password: 'open sesame' },
    ]);
  });

  it("does not sign a signed-in viewer out when the link wants a password (a link's 401 is not the session's)", async () => {
    const me = { user: { id: 'u1', email: 'ada@example.com' }, profile: { id: 'pr1', fullName: 'Ada Lovelace' }, organization: { id: 'o1', name: 'Org' } };
    stubApi({
      'GET /api/me': { status: 200, body: me },
      [`POST ${BASE}/session`]: linkError(401, 'password_required', 'Password Required'),
    });
    const queryClient = renderPage();
    expect(await screen.findByRole('heading', { name: 'Password Required' })).toBeTruthy();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
  });

  it('shows Access Denied for an invalid, expired or revoked link', async () => {
    stubApi({
      'GET /api/me': linkError(401, 'unauthorized'),
      [`POST ${BASE}/session`]: linkError(404, 'invalid_link', 'This project access link is invalid or has expired.'),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getAllByText('This project access link is invalid or has expired.').length).toBeGreaterThan(0);
  });

  it('gives signed-in viewers the contribute controls and uses the link’s paths', async () => {
    const me = { user: { id: 'u1', email: 'ada@example.com' }, profile: { id: 'pr1', fullName: 'Ada Lovelace' }, organization: { id: 'o1', name: 'Org' } };
    const calls = stubApi({
      'GET /api/me': { status: 200, body: me },
      [`POST ${BASE}/session`]: { status: 200, body: { ...project, canContribute: true, viewerName: 'Ada Lovelace' } },
      ...emptyLists,
      [`POST ${BASE}/notes`]: { status: 201, body: {} },
    });
    renderPage();
    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Link' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('New note'), { target: { value: '  Looks good  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(calls.some((c) => c.key === `POST ${BASE}/notes`)).toBe(true));
    expect(calls.find((c) => c.key === `POST ${BASE}/notes`)?.body).toEqual({ content: 'Looks good' });
  });

  it('shows a view-only link without any contribute control, even to a signed-in viewer, and no sign-in prompt', async () => {
    const me = { user: { id: 'u1', email: 'ada@example.com' }, profile: { id: 'pr1', fullName: 'Ada Lovelace' }, organization: { id: 'o1', name: 'Org' } };
    const task = { id: 't1', projectId: 'p1', title: 'Design', description: null, status: 'pending', priority: 'medium', dueDate: null, createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, completedBy: null };
    const note = { id: 'n1', projectId: 'p1', content: 'My earlier note', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: 'pr1', authorName: 'Ada Lovelace', authorEmail: null, isOwn: true };
    stubApi({
      'GET /api/me': { status: 200, body: me },
      [`POST ${BASE}/session`]: { status: 200, body: { ...project, canContribute: false, viewersMayContribute: false, viewerName: 'Ada Lovelace' } },
      ...emptyLists,
      [`GET ${BASE}/tasks`]: { status: 200, body: { items: [task], nextCursor: null } },
      [`GET ${BASE}/notes`]: { status: 200, body: { items: [note], nextCursor: null, total: 1 } },
    });
    renderPage();
    expect(await screen.findByText('This link is view only.')).toBeTruthy();
    expect(await screen.findByText('My earlier note')).toBeTruthy();
    expect(await screen.findByText('Design')).toBeTruthy();
    expect(screen.queryByText('Sign in to add files, links and notes or to update tasks.')).toBeNull();
    for (const name of ['Upload File', 'Add Link', 'Add Note', 'Edit', 'Delete', 'Sign in']) expect(screen.queryByRole('button', { name }), name).toBeNull();
    expect(screen.queryByLabelText('New note')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Mark "Design"/ })).toBeNull();
  });

  it('reaches every task, file and note through Load more, with the count of all notes (issue 36)', async () => {
    const task = (id: string, title: string, status: string, position: number) => ({
      id, projectId: 'p1', title, description: null, status, priority: 'medium', dueDate: null, createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, completedBy: null, assigneeId: null, assigneeName: null, position,
    });
    const note = (id: string, content: string) => ({ id, projectId: 'p1', content, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: 'x', authorName: 'Ada', authorEmail: null, isOwn: false });
    const link = (id: string, fileName: string) => ({ id, projectId: 'p1', fileName, fileType: 'link', fileSize: null, isLink: true, linkUrl: 'https://example.com/', uploadedBy: null, createdAt: '2026-01-01T00:00:00.000Z', canDelete: false });
    const calls = stubApi({
      'GET /api/me': { status: 200, body: null },
      [`POST ${BASE}/session`]: { status: 200, body: project },
      [`GET ${BASE}/tasks`]: { status: 200, body: { items: [task('t1', 'First to do', 'pending', 1)], nextCursor: 'tc1' } },
      [`GET ${BASE}/tasks?cursor=tc1`]: { status: 200, body: { items: [task('t2', 'Oldest done', 'completed', 1)], nextCursor: null } },
      [`GET ${BASE}/files`]: { status: 200, body: { items: [link('f1', 'Newest link')], nextCursor: 'fc1' } },
      [`GET ${BASE}/files?cursor=fc1`]: { status: 200, body: { items: [link('f2', 'Oldest link')], nextCursor: null } },
      [`GET ${BASE}/notes`]: { status: 200, body: { items: [note('n1', 'Newest note')], nextCursor: 'nc1', total: 2 } },
      [`GET ${BASE}/notes?cursor=nc1`]: { status: 200, body: { items: [note('n2', 'Oldest note')], nextCursor: null, total: 2 } },
    });
    renderPage();
    expect(await screen.findByText('Newest note')).toBeTruthy();
    expect(screen.getByText('Project Notes (2)')).toBeTruthy();
    for (const [button, oldest] of [['Load more tasks', 'Oldest done'], ['Load more files and links', 'Oldest link'], ['Load more notes', 'Oldest note']] as const) {
      expect(screen.queryByText(oldest)).toBeNull();
      fireEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText(oldest)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('button', { name: button })).toBeNull());
    }
    expect(calls.filter((c) => c.key.includes('cursor=')).map((c) => c.key)).toEqual([`GET ${BASE}/tasks?cursor=tc1`, `GET ${BASE}/files?cursor=fc1`, `GET ${BASE}/notes?cursor=nc1`]);
  });

  it("shows an intake link's client only the name, the overview and the questionnaire unless staff show the project (issue 27)", async () => {
    const intakeView = { state: 'open', fields: project.templateFields, answers: { target_audience: '' }, submittedAt: null };
    const calls = stubApi({
      'GET /api/me': linkError(401, 'unauthorized'),
      [`POST ${BASE}/session`]: { status: 200, body: { ...project, intakeState: 'open', showsProject: false } },
      [`GET ${BASE}/intake`]: { status: 200, body: intakeView },
      ...emptyLists,
    });
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeTruthy();
    expect(screen.getByText('Two cafés by the harbour.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Submit Answers' })).toBeTruthy();
    expect(screen.queryByText('Sign in to add files, links and notes or to update tasks.')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Tasks|Files|Notes/ })).toBeNull();
    expect(calls.map((c) => c.key).filter((key) => /\/(tasks|files|notes)$/.test(key))).toEqual([]);

    // Issue 27 item 23: a refused submit moves focus to the first question to fix.
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answers' }));
    expect(await screen.findByText('Target Audience is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Target Audience/)));
  });
});
