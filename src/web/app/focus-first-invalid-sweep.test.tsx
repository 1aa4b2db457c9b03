// @vitest-environment jsdom
// Issue 49 item 11, the sweep: each form below, submitted empty (or with what it refuses), gives
// the focus to its first field to fix on screen: the first control marked aria-invalid, which
// names its message (aria-describedby) shown as an alert. Forms on the kit (react-hook-form and
// the domain's schema) and forms that check by hand alike. Forms with a test of their own for it
// (the SSO card, the intake form, the approval form, sign-in) are left to those.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from '@/domain/files';
import { SHARING_MESSAGES } from '@/domain/sharing-rules';
import { AUTH_TEXTS } from '@/web/features/auth/texts';
import { ORGANIZATIONS_TEXTS } from '@/web/features/organizations/texts';
import { en } from '@/web/test/texts';
import { ApprovalsPanel } from '@/web/features/files/components/approvals-panel';
import { AddLinkDialog } from '@/web/features/files/components/file-dialogs';
import { ResetRequestForm } from '@/web/features/auth/components/reset-request-form';
import { SignUpForm } from '@/web/features/auth/components/sign-up-form';
import { ClientFormDialog } from '@/web/features/clients/components/client-form-dialog';
import { RenameOrganizationForm } from '@/web/features/organizations/components/rename-organization-form';
import { ChangePasswordForm } from '@/web/features/settings/components/change-password-form';
import { LinkPasswordForm } from '@/web/features/sharing/components/link-password-form';
import { AssignDeveloperDialog } from '@/web/features/sharing/components/assign-developer-dialog';
import { CreateTaskDialog } from '@/web/features/tasks/components/create-task-dialog';
import { MemberFormDialog } from '@/web/features/team/components/member-form-dialog';
import { TemplateEditorDialog } from '@/web/features/templates/components/template-editor-dialog';
import { emptyTimeEntry, TimeEntryForm } from '@/web/features/time/components/time-entry-form';
import { firstInvalidControl } from '@/web/lib/focus-first-invalid';
import { memberProjectSource, sharedProjectSource } from '@/web/lib/project-source';
import { filesApi, sharingApi, tasksApi, teamApi } from '@/web/test/api-handlers';
import { apiServer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';

const project = memberProjectSource('p1');
const link = sharedProjectSource('tok-sweep', null);
const noop = () => {};
const owner = { role: 'organization_admin' as const, profileId: 'profile-owner' };

type Form = {
  name: string;
  ui: ReactNode;
  /** The button that submits it (a pattern, or its source). */
  submit: RegExp | string;
  /** Handlers for what it reads when it opens. */
  api?: () => Parameters<typeof apiServer.use>;
  /** Before the submit: what it needs typed to be refused for a field rather than kept disabled. */
  prepare?: () => void;
};

const FORMS: Form[] = [
  { name: 'New client (dialog)', ui: <ClientFormDialog open onOpenChange={noop} />, submit: /^(Add|Create|Save)/ },
  { name: 'New task (dialog)', ui: <CreateTaskDialog source={project} open onOpenChange={noop} />, submit: /^Create Task$/, api: () => [tasksApi.assignees(project.basePath)] },
  { name: 'Add team member (dialog)', ui: <MemberFormDialog open onOpenChange={noop} actor={owner} />, submit: /^Add Member$/, api: () => [teamApi.tags()] },
  { name: 'New template (dialog)', ui: <TemplateEditorDialog open onOpenChange={noop} />, submit: /^(Create|Save) Template$/ },
  { name: 'Add link (dialog)', ui: <AddLinkDialog source={project} variant="member" open onOpenChange={noop} />, submit: new RegExp(`^${en(FILE_MESSAGES.addLink)}$`) },
  { name: 'Rename organization', ui: <RenameOrganizationForm organization={{ id: 'o1', name: '' }} />, submit: `^${en(ORGANIZATIONS_TEXTS.save)}$` },
  { name: 'Change password', ui: <ChangePasswordForm />, submit: /Password$/ },
  { name: 'Reset password request', ui: <ResetRequestForm onDone={noop} />, submit: /^Send Reset Link$/ },
  { name: 'Sign up', ui: <SignUpForm onStepChange={noop} />, submit: `^${en(AUTH_TEXTS.sendCodeButton)}$` },
  { name: "Share link's password", ui: <LinkPasswordForm token="tok-sweep" viewerId={null} />, submit: `^${en(SHARING_MESSAGES.accessProject)}$` },
  {
    // A Select inside a Controller: FormField reaches its trigger through the context.
    name: 'Assign developer (dialog)',
    ui: <AssignDeveloperDialog projectId="p1" projectName="Harbor" open onOpenChange={noop} />,
    submit: `^${en(SHARING_MESSAGES.assign)}$`,
    api: () => [sharingApi.assignedDevelopers('p1'), sharingApi.availableDevelopers('p1', { items: [{ profileId: 'd1', fullName: 'Dev One', email: null }], nextCursor: null })],
  },
  {
    name: 'Log time (entry form)',
    ui: <TimeEntryForm start={emptyTimeEntry()} onSave={() => Promise.resolve()} saving={false} />,
    submit: /^Save/,
  },
  {
    name: 'Approval decision (checked by hand)',
    ui: <ApprovalsPanel source={link} />,
    submit: /^Request changes$/,
    api: () => [
      filesApi.approvals(link.basePath, {
        decided: [],
        canApprove: true,
        items: [
          {
            id: 'f1',
            projectId: 'p1',
            fileName: 'Board.pdf',
            fileType: 'application/pdf',
            fileSize: 10,
            isLink: false,
            linkUrl: null,
            uploadedBy: null,
            createdAt: '2026-11-20T10:00:00.000Z',
            version: 1,
            hasThumbnail: false,
            approval: { state: 'awaiting', version: 1, message: null, dueDate: null, requestedAt: '2026-11-20T10:00:00.000Z', decisions: [] },
            canDelete: false,
          },
        ],
      }),
    ],
  },
];

describe('Every form: a refused submit focuses its first field to fix (issue 49 item 11)', () => {
  it.each(FORMS)('$name', async ({ ui, submit, api, prepare }) => {
    if (api) apiServer.use(...api());
    await renderWithProviders(ui);
    const button = await screen.findByRole('button', { name: typeof submit === 'string' ? new RegExp(submit) : submit });
    prepare?.();
    button.focus();
    fireEvent.click(button);
    await waitFor(() => expect(document.activeElement?.closest('[aria-invalid="true"]')).toBeTruthy());
    const focused = document.activeElement as HTMLElement;
    // The first on screen, in the part of the page the form is in.
    const root = focused.closest('form') ?? focused.closest('li') ?? document.body;
    expect(focused).toBe(firstInvalidControl(root));
    // Marked, and naming its message, which is announced.
    const marked = focused.closest('[aria-invalid="true"]')!;
    const message = document.getElementById(marked.getAttribute('aria-describedby')?.split(' ')[0] ?? '');
    expect(message?.getAttribute('role')).toBe('alert');
    expect(message?.textContent).not.toBe('');
  });
});
