// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import type { IntakeView } from '@/domain/intake';
import type { Note } from '@/domain/notes';
import type { ProjectFile } from '@/domain/files';
import { en } from '@/web/test/texts';
import { LINK_PASSWORD_MESSAGES, SHARING_MESSAGES, type SharedProject } from '@/domain/sharing';
import type { Task } from '@/domain/tasks';
import type { TemplateField } from '@/domain/template-field';
import { meQueryKey } from '@/web/lib/session';
import { filesApi, liveApi, notesApi, sharedLinkApi, signedInMember, tasksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { SharedProjectPage } from './shared-project-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz';
const BASE = `/api/project-access/${TOKEN}`;

const targetAudience: TemplateField = { label: 'Target Audience', name: 'target_audience', type: 'textarea', required: true, options: [], order: 0 };

const project: SharedProject = {
  projectId: 'p1',
  projectName: 'Harbor Rebrand',
  companyOverview: 'Two cafés by the harbour.',
  formData: { target_audience: 'Commuters' },
  templateFields: [targetAudience],
  canContribute: false,
  viewersMayContribute: true,
  canApprove: false,
  viewerName: null,
  intakeState: null,
  showsProject: true,
  locale: 'en',
};

/** A signed-in member opening the link; `/api/me` answers them. */
const me: Me = signedInMember('developer');

/** The link's lists, empty: its tasks, files and notes. */
const emptyLists = () => [tasksApi.list(BASE), filesApi.list(BASE), notesApi.list(BASE)];

/** What the page sent, in order, as `METHOD path`. */
const keys = () => sentRequests.map((request) => `${request.method} ${request.path}`);

/** The page at the link's address, its live socket open; `signedInAs` as renderWithProviders takes it. */
async function renderPage(signedInAs: Me | null) {
  apiServer.use(liveApi.linkSocket(TOKEN));
  return renderWithProviders(
    <Routes>
      <Route path="/project-access/:token" element={<SharedProjectPage />} />
    </Routes>,
    { route: `/project-access/${TOKEN}`, signedInAs },
  );
}

describe('SharedProjectPage', () => {
  it('asks for the password, says so when it is wrong, and shows the project read-only with the right one', async () => {
    apiServer.use(
      sharedLinkApi.session(TOKEN, ({ body }) => {
        const password = (body as { password: string | null }).password;
        if (password === null) return apiError(401, 'password_required', 'Password Required');
        if (password !== 'open sesame') return apiError(401, 'invalid_password', 'Please check your password and try again.');
        return project;
      }),
      ...emptyLists(),
    );
    await renderPage(null);

    expect(await screen.findByRole('heading', { name: 'Password Required' })).toBeTruthy();
    // The form's code loads once the link asks for its password.
    fireEvent.input(await screen.findByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Project' }));
    expect(await screen.findByText('Invalid Password')).toBeTruthy();
    // The toast says what to do, in the page's words (spec 8).
    expect(screen.getByText(en(SHARING_MESSAGES.invalidPassword))).toBeTruthy();
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
    expect(sentRequests.filter((request) => request.path === `${BASE}/session`).map((request) => request.body)).toEqual([
      { password: null },
      { password: 'guess' },
      { password: 'open sesame' },
    ]);
  });

  it('will not send an empty password: the message shows under the field, which takes the focus; typed, it is sent', async () => {
    apiServer.use(
      sharedLinkApi.session(TOKEN, ({ body }) => ((body as { password: string | null }).password === 'open sesame' ? project : apiError(401, 'password_required', 'Password Required'))),
      ...emptyLists(),
    );
    await renderPage(null);
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    const access = screen.getByRole('button', { name: 'Access Project' }) as HTMLButtonElement;
    // Enabled while empty: pressing it says what is missing.
    expect(access.disabled).toBe(false);
    access.focus();
    fireEvent.click(access);

    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const message = document.getElementById(password.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe(en(LINK_PASSWORD_MESSAGES.required));
    expect(message?.getAttribute('role')).toBe('alert');
    expect(document.activeElement).toBe(password);
    // Only the link's opening was sent, with no password.
    expect(sentRequests.filter((request) => request.path === `${BASE}/session`).map((request) => request.body)).toEqual([{ password: null }]);

    fireEvent.input(password, { target: { value: 'open sesame' } });
    fireEvent.click(access);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeTruthy();
    expect(sentRequests.filter((request) => request.path === `${BASE}/session`).map((request) => request.body)).toEqual([{ password: null }, { password: 'open sesame' }]);
  });

  it("says the server's own message when it refuses a password for another reason (too many attempts)", async () => {
    apiServer.use(
      sharedLinkApi.session(TOKEN, ({ body }) =>
        (body as { password: string | null }).password === null
          ? apiError(401, 'password_required', 'Password Required')
          : apiError(429, 'rate_limited', 'Too many password attempts. Please wait a minute and try again.'),
      ),
    );
    await renderPage(null);
    fireEvent.input(await screen.findByLabelText('Password'), { target: { value: 'guess' } });
    fireEvent.click(screen.getByRole('button', { name: 'Access Project' }));
    expect(await screen.findByText('Too many password attempts. Please wait a minute and try again.')).toBeTruthy();
    expect(screen.queryByText('Invalid Password')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('guess');
  });

  it("does not sign a signed-in viewer out when the link wants a password (a link's 401 is not the session's)", async () => {
    apiServer.use(sharedLinkApi.session(TOKEN, apiError(401, 'password_required', 'Password Required')));
    const { queryClient } = await renderPage(me);
    expect(await screen.findByRole('heading', { name: 'Password Required' })).toBeTruthy();
    expect(queryClient.getQueryData(meQueryKey)).toEqual(me);
  });

  it('shows Access Denied for an invalid, expired or revoked link', async () => {
    apiServer.use(sharedLinkApi.session(TOKEN, apiError(404, 'invalid_link', 'This project access link is invalid or has expired.')));
    await renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getAllByText('This project access link is invalid or has expired.').length).toBeGreaterThan(0);
  });

  it('gives signed-in viewers the contribute controls and uses the link’s paths', async () => {
    const added: Note = { id: 'n1', projectId: 'p1', content: 'Looks good', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: me.profile.id, authorName: 'Ada Lovelace', authorEmail: null, isOwn: true };
    apiServer.use(
      sharedLinkApi.session(TOKEN, { ...project, canContribute: true, viewerName: 'Ada Lovelace' }),
      ...emptyLists(),
      notesApi.create(BASE, added),
    );
    await renderPage(me);
    expect(await screen.findByText('Signed in as Ada Lovelace')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload File' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add Link' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('New note'), { target: { value: '  Looks good  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
    await waitFor(() => expect(keys()).toContain(`POST ${BASE}/notes`));
    expect(sentRequests.find((request) => request.method === 'POST' && request.path === `${BASE}/notes`)?.body).toEqual({ content: 'Looks good' });
  });

  it('shows a view-only link without any contribute control, even to a signed-in viewer, and no sign-in prompt', async () => {
    const task: Task = { id: 't1', projectId: 'p1', title: 'Design', description: null, status: 'pending', priority: 'medium', dueDate: null, startDate: null, estimateMinutes: null, recurrence: null, blockedBy: [], createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, completedBy: null, assigneeId: null, assigneeName: null, position: 1 };
    const note: Note = { id: 'n1', projectId: 'p1', content: 'My earlier note', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: me.profile.id, authorName: 'Ada Lovelace', authorEmail: null, isOwn: true };
    apiServer.use(
      sharedLinkApi.session(TOKEN, { ...project, canContribute: false, viewersMayContribute: false, viewerName: 'Ada Lovelace' }),
      tasksApi.list(BASE, { items: [task], nextCursor: null }),
      filesApi.list(BASE),
      notesApi.list(BASE, { items: [note], nextCursor: null, total: 1 }),
    );
    await renderPage(me);
    expect(await screen.findByText('This link is view only.')).toBeTruthy();
    expect(await screen.findByText('My earlier note')).toBeTruthy();
    expect(await screen.findByText('Design')).toBeTruthy();
    expect(screen.queryByText('Sign in to add files, links and notes or to update tasks.')).toBeNull();
    for (const name of ['Upload File', 'Add Link', 'Add Note', 'Edit', 'Delete', 'Sign in']) expect(screen.queryByRole('button', { name }), name).toBeNull();
    expect(screen.queryByLabelText('New note')).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Mark "Design"/ })).toBeNull();
  });

  it('reaches every task, file and note through Load more, with the count of all notes (issue 36)', async () => {
    const task = (id: string, title: string, status: Task['status'], position: number): Task => ({
      id, projectId: 'p1', title, description: null, status, priority: 'medium', dueDate: null, startDate: null, estimateMinutes: null, recurrence: null, blockedBy: [], createdAt: '2026-01-01T00:00:00.000Z', completedAt: null, completedBy: null, assigneeId: null, assigneeName: null, position,
    });
    const note = (id: string, content: string): Note => ({ id, projectId: 'p1', content, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', createdBy: 'x', authorName: 'Ada', authorEmail: null, isOwn: false });
    const link = (id: string, fileName: string): ProjectFile => ({ id, projectId: 'p1', fileName, fileType: 'link', fileSize: null, isLink: true, linkUrl: 'https://example.com/', uploadedBy: null, createdAt: '2026-01-01T00:00:00.000Z', version: 1, hasThumbnail: false, approval: null, canDelete: false });
    apiServer.use(
      sharedLinkApi.session(TOKEN, project),
      tasksApi.list(BASE, byCursor({ '': { items: [task('t1', 'First to do', 'pending', 1)], nextCursor: 'tc1' }, tc1: { items: [task('t2', 'Oldest done', 'completed', 1)], nextCursor: null } })),
      filesApi.list(BASE, byCursor({ '': { items: [link('f1', 'Newest link')], nextCursor: 'fc1' }, fc1: { items: [link('f2', 'Oldest link')], nextCursor: null } })),
      notesApi.list(BASE, byCursor({ '': { items: [note('n1', 'Newest note')], nextCursor: 'nc1', total: 2 }, nc1: { items: [note('n2', 'Oldest note')], nextCursor: null, total: 2 } })),
    );
    await renderPage(null);
    expect(await screen.findByText('Newest note')).toBeTruthy();
    expect(screen.getByText('Project Notes (2)')).toBeTruthy();
    for (const [button, oldest] of [['Load more tasks', 'Oldest done'], ['Load more files and links', 'Oldest link'], ['Load more notes', 'Oldest note']] as const) {
      expect(screen.queryByText(oldest)).toBeNull();
      fireEvent.click(await screen.findByRole('button', { name: button }));
      expect(await screen.findByText(oldest)).toBeTruthy();
      await waitFor(() => expect(screen.queryByRole('button', { name: button })).toBeNull());
    }
    expect(keys().filter((key) => key.includes('cursor='))).toEqual([`GET ${BASE}/tasks?cursor=tc1`, `GET ${BASE}/files?cursor=fc1`, `GET ${BASE}/notes?cursor=nc1`]);
  });

  it("shows an intake link's client only the name, the overview and the questionnaire unless staff show the project (issue 27)", async () => {
    const intakeView: IntakeView = { state: 'open', fields: [targetAudience], answers: { target_audience: '' }, submittedAt: null };
    apiServer.use(
      sharedLinkApi.session(TOKEN, { ...project, intakeState: 'open', showsProject: false }),
      sharedLinkApi.intake(TOKEN, intakeView),
      ...emptyLists(),
    );
    await renderPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeTruthy();
    expect(screen.getByText('Two cafés by the harbour.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Submit Answers' })).toBeTruthy();
    expect(screen.queryByText('Sign in to add files, links and notes or to update tasks.')).toBeNull();
    expect(screen.queryByRole('heading', { name: /Tasks|Files|Notes/ })).toBeNull();
    expect(keys().filter((key) => /\/(tasks|files|notes)$/.test(key))).toEqual([]);

    // Issue 27 item 23: a refused submit moves focus to the first question to fix.
    fireEvent.click(screen.getByRole('button', { name: 'Submit Answers' }));
    expect(await screen.findByText('Target Audience is required.')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Target Audience/)));
  });

  it('shows an approval link that does not show the project: the files awaiting approval and the form, nothing else (issue 49 item 10)', async () => {
    const design: ProjectFile = { id: 'f1', projectId: 'p1', fileName: 'Menu board.png', fileType: 'image/png', fileSize: 10, isLink: false, linkUrl: null, uploadedBy: null, createdAt: '2026-01-01T00:00:00.000Z', version: 2, hasThumbnail: false, approval: null, canDelete: false };
    apiServer.use(
      // What the server sends such a link: no overview, no questionnaire.
      sharedLinkApi.session(TOKEN, { ...project, companyOverview: null, formData: null, templateFields: null, canApprove: true, showsProject: false }),
      filesApi.approvals(BASE, { items: [design], decided: [], canApprove: true }),
      ...emptyLists(),
    );
    await renderPage(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbor Rebrand' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: /Menu board\.png/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: /Company Overview|Project Questionnaire|Tasks|Files|Notes/ })).toBeNull();
    expect(screen.queryByText('Sign in to add files, links and notes or to update tasks.')).toBeNull();
    expect(keys().filter((key) => /\/(tasks|files|notes)$/.test(key))).toEqual([]);
  });
});
