// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { AccessLink, AssignedDeveloper, Developer } from '@/domain/sharing';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { en } from '@/web/test/texts';
import { sharingApi, templatesApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { AssignDeveloperDialog } from './assign-developer-dialog';
import { SHARING_TEXTS } from '../texts';
import { ShareProjectDialog } from './share-project-dialog';

// jsdom lays nothing out: the new link's Copy is scrolled to as it takes the focus, and Radix
// Select calls these when its list opens.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const TEMPLATE_ID = '7a1c6a52-3f0e-4c4e-9a55-0b4f2d0e8c11';
const PROJECT = '/api/projects/p1';

/** The POST requests the dialog sent. */
const posts = () => sentRequests.filter((request) => request.method === 'POST');

/** The body of the dialog's request to generate a link. */
const generated = () => posts().find((request) => request.path === `${PROJECT}/access-links`)?.body;

const link: AccessLink = {
  id: 'l1',
  projectId: 'p1',
  name: 'Client review',
  token: 'tok_abcdefghijklmnopqrstuvwxyz',
  hasPassword: true,
  viewersMayContribute: true,
  viewersMayApprove: false,
  expiresAt: '2020-01-08T00:00:00.000Z',
  isExpired: true,
  createdAt: '2020-01-01T00:00:00.000Z',
  createdByName: 'Olivia Park',
  openCount: 0,
  lastOpenedAt: null,
  intake: null,
  showsProject: true,
  locale: null,
};

describe('ShareProjectDialog', () => {
  it('lists links with their lock, expiry and Expired badge, and keeps the form when generating fails', async () => {
    apiServer.use(
      sharingApi.links('p1', { items: [link], nextCursor: null, projectHasQuestionnaire: true }),
      sharingApi.createLink('p1', apiError(500, 'internal', 'Database unavailable')),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);

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
    await requestsArrived();
    expect(posts()).toHaveLength(0);
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'x-long-enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(generated()).toEqual({
      name: 'Board preview',
      password: 'x-long-enough',
      expiresInDays: null,
      viewersMayContribute: true,
      viewersMayApprove: false,
      intake: false,
      showProject: false,
      templateId: null,
      locale: null,
    });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Generate Link' }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByLabelText('Link Name') as HTMLInputElement).value).toBe('  Board preview ');
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('x-long-enough');
  });

  it('lists the links a page at a time: Load more share links brings the older ones (issue 36)', async () => {
    const older: AccessLink = { ...link, id: 'l2', name: 'Older preview', token: 'tok_older_abcdefghijklmnopqrstu' };
    apiServer.use(
      sharingApi.links(
        'p1',
        byCursor({ '': { items: [link], nextCursor: 'c1', projectHasQuestionnaire: true }, c1: { items: [older], nextCursor: null, projectHasQuestionnaire: true } }),
      ),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);

    expect(await screen.findByRole('listitem', { name: 'Client review' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Older preview' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more share links' }));
    expect(await screen.findByRole('listitem', { name: 'Older preview' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more share links' })).toBeNull();
    expect(sentRequests.filter((request) => request.method === 'GET').map((request) => request.path)).toEqual([`${PROJECT}/access-links`, `${PROJECT}/access-links?cursor=c1`]);
  });

  it('sends the language chosen for the link (issue 48 item 4), the organization’s by default, and shows it on the link', async () => {
    apiServer.use(
      sharingApi.links('p1', { items: [{ ...link, locale: 'es' }], nextCursor: null, projectHasQuestionnaire: true }),
      sharingApi.createLink('p1', { ...link, id: 'l2', locale: 'de' }),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    const row = await screen.findByRole('listitem', { name: 'Client review' });
    expect(within(row).getByText('Español').getAttribute('lang')).toBe('es');

    const language = screen.getByRole('combobox', { name: en(SHARING_TEXTS.linkLanguage) }) as HTMLSelectElement;
    expect(language.value).toBe('');
    expect(within(language).getAllByRole('option').map((option) => option.textContent)).toEqual([
      en(SHARING_TEXTS.organizationLanguage, { language: 'English' }),
      'English',
      'Deutsch',
      'Español',
    ]);
    expect(document.getElementById(language.getAttribute('aria-describedby')!)?.textContent).toBe(en(SHARING_TEXTS.linkLanguageHint));
    fireEvent.change(language, { target: { value: 'de' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Access token generated successfully!')).toBeTruthy();
    expect(generated()).toMatchObject({ locale: 'de' });
    // The form starts over at the organization's language.
    await waitFor(() => expect(language.value).toBe(''));
    // Its toast goes, not to be found by the next test's.
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText('Access token generated successfully!')).toBeNull());
  });

  it('sends an empty name and password as none (spec 5: both optional)', async () => {
    apiServer.use(
      sharingApi.links('p1', { items: [], nextCursor: null, projectHasQuestionnaire: true }),
      sharingApi.createLink('p1', { ...link, name: null, hasPassword: false }),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No active links yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Access token generated successfully!')).toBeTruthy();
    expect(generated()).toEqual({ name: null, password: null, expiresInDays: null, viewersMayContribute: true, viewersMayApprove: false, intake: false, showProject: false, templateId: null, locale: null });
  });

  it("hands out a view-only link with 'Viewers may contribute' off, marks it on the row, and shows the access log's reads and downloads", async () => {
    const viewOnly: AccessLink = { ...link, id: 'l2', name: 'Board', hasPassword: false, isExpired: false, expiresAt: null, viewersMayContribute: false, openCount: 1, lastOpenedAt: '2026-01-02T10:00:00.000Z' };
    apiServer.use(
      sharingApi.links('p1', { items: [viewOnly], nextCursor: null, projectHasQuestionnaire: true }),
      sharingApi.createLink('p1', viewOnly),
      sharingApi.opens('p1', ({ params }) => {
        expect(params.linkId).toBe('l2');
        return {
          total: 3,
          nextCursor: null,
          items: [
            { id: 'o3', openedAt: '2026-01-02T10:05:00.000Z', kind: 'download', fileName: 'Brief.pdf', viewerName: 'Ada Lovelace', viewerEmail: null },
            { id: 'o2', openedAt: '2026-01-02T10:01:00.000Z', kind: 'view', fileName: null, viewerName: null, viewerEmail: null },
            { id: 'o1', openedAt: '2026-01-02T10:00:00.000Z', kind: 'open', fileName: null, viewerName: null, viewerEmail: null },
          ],
        };
      }),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    const row = await screen.findByRole('listitem', { name: 'Board' });
    expect(row.textContent).toContain('View only');

    const toggle = screen.getByRole('switch', { name: 'Viewers may contribute' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    expect(await screen.findByText('Access token generated successfully!')).toBeTruthy();
    expect(generated()).toMatchObject({ viewersMayContribute: false });
    // The new link's Copy takes the focus, the next step (issue 27).
    await waitFor(() => expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Copy' })));

    fireEvent.click(screen.getByRole('button', { name: 'Show access log' }));
    const log = await screen.findByRole('list', { name: 'Access log' });
    expect(log.textContent).toContain('Ada Lovelace · Downloaded Brief.pdf');
    expect(log.textContent).toContain('Anonymous · Viewed');
    expect(log.textContent).toContain('Anonymous · Opened');
  });
  it('says an access log that failed to load failed, with Retry (issue 49 item 3)', async () => {
    let down = true;
    const opened: AccessLink = { ...link, id: 'l2', name: 'Board', isExpired: false, expiresAt: null, openCount: 1, lastOpenedAt: '2026-01-02T10:00:00.000Z' };
    apiServer.use(
      sharingApi.links('p1', { items: [opened], nextCursor: null, projectHasQuestionnaire: true }),
      sharingApi.opens('p1', () =>
        down
          ? apiError(503, 'service_unavailable', 'The database is not reachable.')
          : { total: 1, nextCursor: null, items: [{ id: 'o1', openedAt: '2026-01-02T10:00:00.000Z', kind: 'open', fileName: null, viewerName: 'Ada Lovelace', viewerEmail: null }] },
      ),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    const row = await screen.findByRole('listitem', { name: 'Board' });
    fireEvent.click(within(row).getByRole('button', { name: 'Show access log' }));
    const alert = await within(row).findByRole('alert');
    expect(alert.textContent).toContain(en(SHARING_TEXTS.accessLogLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect((await within(row).findByRole('list', { name: 'Access log' })).textContent).toContain('Ada Lovelace · Opened');
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('says templates for an intake link that failed to load failed, with Retry, rather than offering none (issue 49 item 3)', async () => {
    let down = true;
    apiServer.use(
      sharingApi.links('p1', { items: [], nextCursor: null, projectHasQuestionnaire: false }),
      templatesApi.list(() =>
        down
          ? apiError(503, 'service_unavailable', 'The database is not reachable.')
          : { items: [{ id: TEMPLATE_ID, name: 'Brand Brief', description: null, status: 'active', fields: [], createdAt: '2026-01-01T00:00:00.000Z' }], nextCursor: null, matched: 1, total: 1 },
      ),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No active links yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Intake link' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(SHARING_TEXTS.templatesLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    fireEvent.keyDown(screen.getByRole('combobox', { name: 'Questionnaire template' }), { key: 'Enter' });
    expect(await screen.findByRole('option', { name: 'Brand Brief' })).toBeTruthy();
  });

  it("makes an intake link: says what the client sees, and asks for a template (no 'keep') when the project has no questionnaire (issue 27)", async () => {
    const intakeLink: AccessLink = { ...link, id: 'l3', name: 'Kickoff brief', hasPassword: false, isExpired: false, expiresAt: null, intake: { state: 'open', submittedAt: null, showsProject: true } };
    apiServer.use(
      sharingApi.links('p1', { items: [], nextCursor: null, projectHasQuestionnaire: false }),
      templatesApi.list(({ path }) => {
        expect(path).toBe('/api/templates?limit=100');
        return { items: [{ id: TEMPLATE_ID, name: 'Brand Brief', description: null, status: 'active', fields: [], createdAt: '2026-01-01T00:00:00.000Z' }], nextCursor: null, matched: 1, total: 1 };
      }),
      sharingApi.createLink('p1', intakeLink),
    );
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
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
    await requestsArrived();
    expect(posts()).toHaveLength(0);

    fireEvent.click(show);
    expect(screen.getByText('The client also sees every task, file and note of the project, staff notes included.')).toBeTruthy();
    fireEvent.keyDown(picker, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('option', { name: 'Brand Brief' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Questionnaire template' }).textContent).toBe('Brand Brief'));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    await waitFor(() => expect(generated()).toMatchObject({ intake: true, showProject: true, templateId: TEMPLATE_ID }));
  });

  it("makes an approval link that shows the approvals only unless 'Show the project' is on, and marks one that shows it (issue 49 item 10)", async () => {
    const approvalLink: AccessLink = { ...link, id: 'l4', name: 'Sign-off', hasPassword: false, isExpired: false, expiresAt: null, viewersMayApprove: true, showsProject: false };
    const shownLink: AccessLink = { ...approvalLink, id: 'l5', name: 'Sign-off with project', showsProject: true };
    apiServer.use(sharingApi.links('p1', { items: [shownLink, approvalLink], nextCursor: null, projectHasQuestionnaire: true }), sharingApi.createLink('p1', approvalLink));
    await renderWithProviders(<ShareProjectDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);

    // The rows: both are approval links; only the one that shows the project says so.
    const shownRow = await screen.findByRole('listitem', { name: 'Sign-off with project' });
    expect(within(shownRow).getByText(en(SHARING_TEXTS.mayApprove))).toBeTruthy();
    expect(within(shownRow).getByText('Shows the project')).toBeTruthy();
    const onlyRow = screen.getByRole('listitem', { name: 'Sign-off' });
    expect(within(onlyRow).getByText(en(SHARING_TEXTS.mayApprove))).toBeTruthy();
    expect(within(onlyRow).queryByText('Shows the project')).toBeNull();

    // An ordinary link has nothing to hide: no switch until viewers may approve.
    expect(screen.queryByRole('switch', { name: 'Show the project' })).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: en(SHARING_TEXTS.viewersMayApprove) }));
    const show = screen.getByRole('switch', { name: 'Show the project' });
    expect(show.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText(en(SHARING_TEXTS.approvalSeesOnly))).toBeTruthy();
    // With an intake link too, the client sees the questionnaire and the approvals.
    fireEvent.click(screen.getByRole('switch', { name: 'Intake link' }));
    expect(screen.getByText(en(SHARING_TEXTS.intakeApprovalSeesOnly))).toBeTruthy();
    fireEvent.click(screen.getByRole('switch', { name: 'Intake link' }));
    fireEvent.click(show);
    expect(show.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByText('The client also sees every task, file and note of the project, staff notes included.')).toBeTruthy();
    fireEvent.click(show);

    // Off by default: the link is sent without the project.
    fireEvent.input(screen.getByLabelText('Link Name'), { target: { value: 'Sign-off' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate Link' }));
    await waitFor(() => expect(generated()).toMatchObject({ name: 'Sign-off', viewersMayApprove: true, intake: false, showProject: false }), { timeout: 10_000 });
  });
});

describe('AssignDeveloperDialog', () => {
  const assigned: AssignedDeveloper[] = [{ profileId: 'd2', fullName: 'Sam Okafor', email: null, assignedAt: '2026-01-01T00:00:00.000Z' }];
  const available: Developer[] = [{ profileId: '6f1c2d8e-1b2a-4c3d-9e8f-0a1b2c3d4e5f', fullName: 'Leo Martins', email: 'dev@brieflane.demo' }];
  const developers = (projectId: string) => [
    sharingApi.assignedDevelopers(projectId, { items: assigned, nextCursor: null }),
    sharingApi.availableDevelopers(projectId, { items: available, nextCursor: null }),
  ];

  it('asks for a developer before sending anything and lists those already assigned', async () => {
    apiServer.use(...developers('p1'));
    await renderWithProviders(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByRole('listitem', { name: 'Sam Okafor' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Assign Developer' }));
    expect(await screen.findByText('Please select a developer')).toBeTruthy();
    await requestsArrived();
    expect(posts()).toHaveLength(0);
  });

  it('offers every developer who could be assigned, across the pages, and loads the assigned list with Load more (issue 36)', async () => {
    const developer = (n: number): Developer => ({ profileId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, fullName: `Developer ${n}`, email: null });
    apiServer.use(
      sharingApi.availableDevelopers('p1', byCursor({ '': { items: [developer(1), developer(2)], nextCursor: 'n2' }, n2: { items: [developer(3)], nextCursor: null } })),
      sharingApi.assignedDevelopers(
        'p1',
        byCursor({ '': { items: assigned, nextCursor: 'a2' }, a2: { items: [{ ...assigned[0]!, profileId: 'd3', fullName: 'Ines Duarte' }], nextCursor: null } }),
      ),
    );
    await renderWithProviders(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByRole('listitem', { name: 'Sam Okafor' })).toBeTruthy();
    const picker = screen.getByRole('combobox', { name: 'Developer' });
    picker.focus();
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Developer 1', 'Developer 2', 'Developer 3']);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    expect(screen.queryByRole('listitem', { name: 'Ines Duarte' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more assigned developers' }));
    expect(await screen.findByRole('listitem', { name: 'Ines Duarte' })).toBeTruthy();
    expect(sentRequests.map((request) => request.path).sort()).toEqual(
      [`${PROJECT}/developers`, `${PROJECT}/developers?cursor=a2`, `${PROJECT}/developers/available`, `${PROJECT}/developers/available?cursor=n2`].sort(),
    );
  });

  it('shows the link password rule from the shared schema before sending anything', async () => {
    apiServer.use(...developers('p1'));
    await renderWithProviders(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByRole('listitem', { name: 'Sam Okafor' })).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign Developer' }));
    expect(await screen.findByText('Password cannot be blank')).toBeTruthy();
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign Developer' }));
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    await requestsArrived();
    expect(posts()).toHaveLength(0);
  });

  it('says when the organization has no developers', async () => {
    apiServer.use(sharingApi.assignedDevelopers('p1'), sharingApi.availableDevelopers('p1'));
    await renderWithProviders(<AssignDeveloperDialog projectId="p1" projectName="Harbor Rebrand" open onOpenChange={() => {}} />);
    expect(await screen.findByText('No developers in your organization yet. Add them on the Team tab.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign Developer' })).toBeNull();
  });
});
