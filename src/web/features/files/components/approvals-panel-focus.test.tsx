// @vitest-environment jsdom
// The client's decision form on a share link (issue 33). Issue 49 item 11: a decision refused by the
// form's own checks moves the focus to the first field to fix, marked and linked to its message.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '@/domain/approval-rules';
import type { ProjectFile } from '@/domain/files';
import { filesApi } from '@/web/test/api-handlers';
import { apiServer, requestsArrived, route, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { sharedProjectSource } from '@/web/lib/project-source';
import { FILE_EXTRAS_TEXTS } from '../extras-texts';
import { ApprovalsPanel } from './approvals-panel';

const source = sharedProjectSource('tok-approvals', null);

const awaiting: ProjectFile = {
  id: 'f1',
  projectId: 'p1',
  fileName: 'Menu board.pdf',
  fileType: 'application/pdf',
  fileSize: 2048,
  isLink: false,
  linkUrl: null,
  uploadedBy: 'profile-1',
  createdAt: '2026-11-20T10:00:00.000Z',
  version: 1,
  hasThumbnail: false,
  approval: { state: 'awaiting', version: 1, message: null, dueDate: null, requestedAt: '2026-11-20T10:00:00.000Z', decisions: [] },
  canDelete: false,
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const button = (name: string) => screen.getByRole('button', { name });

/** The field is marked invalid and names its message, which says `message`. */
function expectMarked(label: string, message: string) {
  const control = field(label);
  expect(control.getAttribute('aria-invalid')).toBe('true');
  const described = document.getElementById(control.getAttribute('aria-describedby') ?? '');
  expect(described?.textContent).toBe(message);
  expect(described?.getAttribute('role')).toBe('alert');
}

describe('ApprovalsPanel: the decision form', () => {
  it('focuses the first field to fix after a refused decision: the name, then the comment', async () => {
    apiServer.use(filesApi.approvals(source.basePath, { items: [awaiting], decided: [], canApprove: true }));
    await renderWithProviders(<ApprovalsPanel source={source} />);
    await screen.findByRole('heading', { name: /^Menu board\.pdf/ });
    const name = en(FILE_EXTRAS_TEXTS.yourName);
    const comment = en(FILE_EXTRAS_TEXTS.comment);

    // Both missing: the name comes first on screen.
    button(en(FILE_EXTRAS_TEXTS.requestChanges)).focus();
    fireEvent.click(button(en(FILE_EXTRAS_TEXTS.requestChanges)));
    await waitFor(() => expect(document.activeElement).toBe(field(name)));
    expectMarked(name, en(APPROVAL_MESSAGES.nameRequired));
    expectMarked(comment, en(APPROVAL_MESSAGES.commentRequired));

    // The name given, the comment is what is left.
    fireEvent.change(field(name), { target: { value: 'Cleo' } });
    button(en(FILE_EXTRAS_TEXTS.requestChanges)).focus();
    fireEvent.click(button(en(FILE_EXTRAS_TEXTS.requestChanges)));
    await waitFor(() => expect(document.activeElement).toBe(field(comment)));
    expect(field(name).getAttribute('aria-invalid')).toBeNull();
    expectMarked(comment, en(APPROVAL_MESSAGES.commentRequired));
    await requestsArrived();
    expect(sentRequests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('Approve needs only the name', async () => {
    apiServer.use(
      filesApi.approvals(source.basePath, { items: [awaiting], decided: [], canApprove: true }),
      route('POST', `${source.basePath}/files/${awaiting.id}/approval`, { ...awaiting, approval: { ...awaiting.approval!, state: 'approved' } }),
    );
    await renderWithProviders(<ApprovalsPanel source={source} />);
    await screen.findByRole('heading', { name: /^Menu board\.pdf/ });
    fireEvent.click(button(en(FILE_EXTRAS_TEXTS.approve)));
    await waitFor(() => expect(document.activeElement).toBe(field(en(FILE_EXTRAS_TEXTS.yourName))));
    expect(field(en(FILE_EXTRAS_TEXTS.comment)).getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(field(en(FILE_EXTRAS_TEXTS.yourName)), { target: { value: 'Cleo' } });
    fireEvent.click(button(en(FILE_EXTRAS_TEXTS.approve)));
    await waitFor(() => expect(sentRequests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(sentRequests.find((request) => request.method === 'POST')?.body).toEqual({ decision: 'approved', version: 1, name: 'Cleo', comment: null });
  });
});
