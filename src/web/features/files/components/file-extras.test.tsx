// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FileVersion, ProjectFile } from '@/domain/files';
import { filesApi } from '@/web/test/api-handlers';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { en } from '@/web/test/texts';
import { apiError, apiServer, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { memberProjectSource } from '@/web/lib/project-source';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { ApprovalsPanel } from './approvals-panel';
import { RequestApprovalDialog, VersionsDialog } from './file-extras';

const source = memberProjectSource('p1');

const file: ProjectFile = {
  id: 'f1',
  projectId: 'p1',
  fileName: 'Logo.png',
  fileType: 'image/png',
  fileSize: 2048,
  isLink: false,
  linkUrl: null,
  uploadedBy: 'profile-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 2,
  hasThumbnail: true,
  approval: {
    state: 'approved',
    version: 2,
    message: null,
    dueDate: null,
    requestedAt: '2026-11-20T10:00:00.000Z',
    decisions: [
      { id: 'd2', version: 2, decision: 'approved', comment: null, deciderName: 'Olivia Park (Owner)', linkName: 'Client review', createdAt: '2026-11-22T10:00:00.000Z' },
      // A link without a name (its name is optional).
      { id: 'd1', version: 1, decision: 'changes_requested', comment: 'Bigger', deciderName: 'Cleo', linkName: null, createdAt: '2026-11-21T10:00:00.000Z' },
    ],
  },
  canDelete: true,
};

const version: FileVersion = {
  id: 'v2',
  version: 2,
  fileName: 'Logo.png',
  fileType: 'image/png',
  fileSize: 2048,
  uploadedBy: 'profile-1',
  uploaderName: 'Ada Lovelace',
  createdAt: '2026-11-20T10:00:00.000Z',
  hasThumbnail: false,
};

describe('VersionsDialog', () => {
  it("shows beside each name a client typed the link it came through (issue 46 4a)", async () => {
    apiServer.use(filesApi.versions(source.basePath, file.id));
    await renderWithProviders(<VersionsDialog source={source} file={file} open onOpenChange={() => {}} />);
    const decisions = within(await screen.findByRole('heading', { name: 'Decisions' }).then((heading) => heading.parentElement!)).getAllByRole('listitem');
    expect(decisions.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Approved by Olivia Park (Owner) via link 'Client review' on version 2"),
      expect.stringContaining("Requested changes by Cleo via link 'Untitled link' on version 1"),
    ]);
  });
});

describe('VersionsDialog and ApprovalsPanel loads (issue 49 item 3)', () => {
  it('says versions that failed to load failed, with Retry', async () => {
    let down = true;
    apiServer.use(filesApi.versions(source.basePath, file.id, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [version] })));
    await renderWithProviders(<VersionsDialog source={source} file={file} open onOpenChange={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(FILE_EXTRAS_TEXTS.versionsLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByText(en(FILE_EXTRAS_TEXTS.versionTitle, { version: 2 }))).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says files awaiting approval that failed to load failed, with Retry, never "Nothing is awaiting your approval"', async () => {
    let down = true;
    const awaitingFile = { ...file, approval: { ...file.approval!, state: 'awaiting' as const, decisions: [] } };
    apiServer.use(
      route('GET', `${source.basePath}/approvals`, () => (down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [awaitingFile], decided: [], canApprove: true })),
    );
    await renderWithProviders(<ApprovalsPanel source={source} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(FILE_EXTRAS_TEXTS.awaitingLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText(en(FILE_EXTRAS_TEXTS.nothingAwaiting))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByRole('heading', { name: /^Logo\.png/ })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('RequestApprovalDialog (issue 47: on the form kit)', () => {
  it('starts from the request as it is, and sends an emptied message or due date as none', async () => {
    apiServer.use(filesApi.requestApproval(source.basePath, file.id));
    const asked = { ...file, approval: { ...file.approval!, state: 'awaiting' as const, message: 'Check the colours', dueDate: '2026-12-01', decisions: [] } };
    await renderWithProviders(<RequestApprovalDialog source={source} file={asked} open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: en(FILE_EXTRAS_TEXTS.requestApproval) });
    const message = within(dialog).getByLabelText(en(FILE_EXTRAS_TEXTS.approvalMessage)) as HTMLTextAreaElement;
    const dueDate = within(dialog).getByLabelText(en(FILE_EXTRAS_TEXTS.approvalDueDate)) as HTMLInputElement;
    expect(message.value).toBe('Check the colours');
    expect(dueDate.value).toBe('2026-12-01');
    fireEvent.change(message, { target: { value: '  ' } });
    fireEvent.change(dueDate, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: en(FILE_EXTRAS_TEXTS.requestApproval) }));
    expect(await screen.findByText(en(FILE_EXTRAS_TEXTS.approvalRequested))).toBeTruthy();
    expect(sentRequests.filter((request) => request.method === 'PUT').map(({ path, body }) => ({ path, body }))).toEqual([
      { path: `${source.basePath}/files/${file.id}/approval`, body: { message: null, dueDate: null } },
    ]);
  });
});
