// @vitest-environment jsdom
// Issue 49 item 7: on the client's page, a decision stays in view where it was made, with what was
// decided, by whom, when and the comment, and it is still there when the page is opened again.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ProjectFile } from '@/domain/files';
import { filesApi } from '@/web/test/api-handlers';
import { apiServer, inTurn, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { formatDateTime } from '@/web/lib/format-date';
import { sharedProjectSource } from '@/web/lib/project-source';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { ApprovalsPanel } from './approvals-panel';

const source = sharedProjectSource('tok', null);
const DECIDED_AT = '2026-11-22T14:30:00.000Z';

const awaiting: ProjectFile = {
  id: 'f1',
  projectId: 'p1',
  fileName: 'Menu board.png',
  fileType: 'image/png',
  fileSize: 2048,
  isLink: false,
  linkUrl: null,
  uploadedBy: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 2,
  hasThumbnail: false,
  approval: {
    state: 'awaiting',
    version: 2,
    message: 'The spring board',
    dueDate: null,
    requestedAt: '2026-11-21T10:00:00.000Z',
    // An older version's decision: not the one on screen.
    decisions: [{ id: 'd1', version: 1, decision: 'changes_requested', comment: 'Smaller logo', deciderName: 'Dana Client', linkName: 'Sign-off', createdAt: '2026-11-20T12:00:00.000Z' }],
  },
  canDelete: false,
};

/** The file as the server answers once the client asked for changes to version 2. */
const changesRequested: ProjectFile = {
  ...awaiting,
  approval: {
    ...awaiting.approval!,
    state: 'changes_requested',
    decisions: [
      { id: 'd2', version: 2, decision: 'changes_requested', comment: 'Bigger prices,\nplease', deciderName: 'Dana Client', linkName: 'Sign-off', createdAt: DECIDED_AT },
      ...awaiting.approval!.decisions,
    ],
  },
};

const decidedItem = () => screen.getByTestId('decided-file');

describe("The client's approvals panel", () => {
  it('keeps the decision in view, with what, who, when and the comment, once the client decides', async () => {
    apiServer.use(
      filesApi.approvals(
        source.basePath,
        inTurn(
          { items: [awaiting], decided: [], canApprove: true },
          // Read again after the decision, as the server now lists it.
          { items: [], decided: [changesRequested], canApprove: true },
        ),
      ),
      filesApi.decide(source.basePath, awaiting.id, changesRequested),
    );
    await renderWithProviders(<ApprovalsPanel source={source} />);
    await screen.findByRole('heading', { name: /^Menu board\.png/ });
    fireEvent.change(screen.getByLabelText(en(FILE_EXTRAS_TEXTS.yourName)), { target: { value: 'Dana Client' } });
    fireEvent.change(screen.getByLabelText(en(FILE_EXTRAS_TEXTS.comment)), { target: { value: 'Bigger prices,\nplease' } });
    fireEvent.click(screen.getByRole('button', { name: en(FILE_EXTRAS_TEXTS.requestChanges) }));

    const item = await screen.findByTestId('decided-file');
    // The thanks come though the form's item has left the list.
    expect(await screen.findByText(en(FILE_EXTRAS_TEXTS.changesSent))).toBeTruthy();
    expect(within(item).getByRole('heading', { name: /^Menu board\.png/ }).textContent).toContain(en(FILE_EXTRAS_TEXTS.versionTitle, { version: 2 }));
    expect(item.textContent).toContain(en(FILE_EXTRAS_TEXTS.decidedChanges, { name: 'Dana Client', date: formatDateTime(DECIDED_AT) }));
    expect(within(item).getByText(/Bigger prices/).textContent).toBe('Bigger prices,\nplease');
    expect(item.textContent).toContain(en(FILE_EXTRAS_TEXTS.decidedChangesNext));
    // The older version's comment is history, not this decision.
    expect(item.textContent).not.toContain('Smaller logo');
    // The form is gone, the focus on the decision that replaced it.
    expect(screen.queryByRole('button', { name: en(FILE_EXTRAS_TEXTS.requestChanges) })).toBeNull();
    expect(screen.getByText(en(FILE_EXTRAS_TEXTS.nothingAwaiting))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(item));
    expect(sentRequests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
      { decision: 'changes_requested', version: 2, name: 'Dana Client', comment: 'Bigger prices,\nplease' },
    ]);
    // What the server listed afterwards shows the same.
    await waitFor(() => expect(sentRequests.filter((request) => request.path.endsWith('/approvals'))).toHaveLength(2));
    expect(decidedItem().textContent).toContain(en(FILE_EXTRAS_TEXTS.decidedChanges, { name: 'Dana Client', date: formatDateTime(DECIDED_AT) }));
  });

  it('shows what was decided when the page opens again, an approval without a comment too, beside what still awaits', async () => {
    const approved: ProjectFile = {
      ...awaiting,
      id: 'f2',
      fileName: 'Logo.png',
      version: 1,
      approval: {
        state: 'approved',
        version: 1,
        message: null,
        dueDate: null,
        requestedAt: '2026-11-21T10:00:00.000Z',
        decisions: [{ id: 'd3', version: 1, decision: 'approved', comment: null, deciderName: 'Dana Client', linkName: null, createdAt: DECIDED_AT }],
      },
    };
    const poster: ProjectFile = { ...awaiting, id: 'f3', fileName: 'Poster.png' };
    apiServer.use(filesApi.approvals(source.basePath, { items: [poster], decided: [changesRequested, approved], canApprove: true }));
    await renderWithProviders(<ApprovalsPanel source={source} />);
    const decided = await screen.findAllByTestId('decided-file');
    expect(decided.map((item) => within(item).getByRole('heading').textContent)).toEqual([expect.stringMatching(/^Menu board\.png/), expect.stringMatching(/^Logo\.png/)]);
    expect(decided[1]!.textContent).toContain(en(FILE_EXTRAS_TEXTS.decidedApproved, { name: 'Dana Client', date: formatDateTime(DECIDED_AT) }));
    expect(within(decided[1]!).queryByText(en(FILE_EXTRAS_TEXTS.comment))).toBeNull();
    expect(decided[1]!.textContent).not.toContain(en(FILE_EXTRAS_TEXTS.decidedChangesNext));
    expect(screen.getByRole('heading', { name: en(FILE_EXTRAS_TEXTS.decided) })).toBeTruthy();
    // What still awaits keeps its form.
    expect(screen.getByRole('heading', { name: /^Poster\.png/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: en(FILE_EXTRAS_TEXTS.approve) })).toBeTruthy();
    expect(screen.queryByText(en(FILE_EXTRAS_TEXTS.nothingAwaiting))).toBeNull();
  });
});
