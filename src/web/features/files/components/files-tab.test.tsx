// @vitest-environment jsdom
// Issue 49 item 7: staff's file row shows the client's decision with their comment, and it
// appears in place when the client decides while staff have the project open (a live update).
import { screen, waitFor, within } from '@testing-library/react';
import { ws, type WebSocketHandlerConnection } from 'msw';
import { describe, expect, it } from 'vitest';
import { APPROVAL_TEXTS } from '@/domain/approval-states';
import type { ProjectFile } from '@/domain/files';
import { filesApi } from '@/web/test/api-handlers';
import { apiServer, inTurn } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { formatDateTime } from '@/web/lib/format-date';
import { memberProjectSource, projectDataLive, sharedProjectSource, type ProjectSource } from '@/web/lib/project-source';
import { useMemberLiveUpdates } from '@/web/lib/realtime';
import { FILES_TEXTS } from '../texts';
import { FilesTab } from './files-tab';

const source = memberProjectSource('p1');
const DECIDED_AT = '2026-11-22T14:30:00.000Z';

const awaiting: ProjectFile = {
  id: 'f1',
  projectId: 'p1',
  fileName: 'Menu board.png',
  fileType: 'image/png',
  fileSize: 2048,
  isLink: false,
  linkUrl: null,
  uploadedBy: 'profile-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  hasThumbnail: false,
  approval: { state: 'awaiting', version: 1, message: null, dueDate: null, requestedAt: '2026-11-21T10:00:00.000Z', decisions: [] },
  canDelete: true,
};

const changesRequested: ProjectFile = {
  ...awaiting,
  approval: {
    ...awaiting.approval!,
    state: 'changes_requested',
    decisions: [{ id: 'd1', version: 1, decision: 'changes_requested', comment: 'Bigger prices, please', deciderName: 'Dana Client', linkName: 'Sign-off', createdAt: DECIDED_AT }],
  },
};

const page = (file: ProjectFile) => ({ items: [file], nextCursor: null });

/** The project page as staff have it open: the files and the member's live socket. */
function StaffFiles({ source }: { source: ProjectSource }) {
  useMemberLiveUpdates([projectDataLive]);
  return <FilesTab source={source} canRequestApproval />;
}

describe("Staff's file row: the client's decision", () => {
  it('appears with the link, the time and the comment when the client decides while the page is open', async () => {
    const sockets: WebSocketHandlerConnection['client'][] = [];
    apiServer.use(
      filesApi.list(source.basePath, inTurn(page(awaiting), page(changesRequested))),
      ws.link(`ws://${window.location.host}/api/live`).addEventListener('connection', ({ client }) => void sockets.push(client)),
    );
    await renderWithProviders(<StaffFiles source={source} />, { signedInAs: 'account_executive' });
    const row = await screen.findByRole('listitem', { name: 'Menu board.png' });
    expect(row.textContent).toContain(en(APPROVAL_TEXTS.states.awaiting));
    expect(within(row).queryByTestId('client-decision')).toBeNull();

    // The client decides through their link: the server tells the page its project changed.
    await waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]!.send(JSON.stringify({ organizationId: 'org-1', projectId: 'p1', topic: 'project' }));

    const decision = await within(row).findByTestId('client-decision');
    expect(decision.textContent).toContain(
      en(FILES_TEXTS.clientDecision, {
        decision: en(APPROVAL_TEXTS.decisions.changes_requested),
        decider: "Dana Client via link 'Sign-off'",
        date: formatDateTime(DECIDED_AT),
      }),
    );
    expect(within(decision).getByText('Bigger prices, please')).toBeTruthy();
    expect(row.textContent).toContain(en(APPROVAL_TEXTS.states.changes_requested));
  });

  it('shows no decision while the request awaits again, and none on a share link\'s list', async () => {
    // Staff asked again about the same version: the old decision is history (Version history).
    const askedAgain: ProjectFile = { ...changesRequested, approval: { ...changesRequested.approval!, state: 'awaiting' } };
    apiServer.use(filesApi.list(source.basePath, page(askedAgain)));
    const first = await renderWithProviders(<FilesTab source={source} canRequestApproval />, { signedInAs: 'account_executive' });
    expect(await screen.findByRole('listitem', { name: 'Menu board.png' })).toBeTruthy();
    expect(screen.queryByTestId('client-decision')).toBeNull();
    first.unmount();

    const shared = sharedProjectSource('tok', null);
    apiServer.use(filesApi.list(shared.basePath, page(changesRequested)));
    await renderWithProviders(<FilesTab source={shared} variant="shared" canContribute={false} />);
    expect(await screen.findByRole('listitem', { name: 'Menu board.png' })).toBeTruthy();
    expect(screen.queryByTestId('client-decision')).toBeNull();
  });
});
