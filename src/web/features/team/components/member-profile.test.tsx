// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Role } from '@/domain/roles';
import { TEAM_MESSAGES, type TeamMember } from '@/domain/team';
import { TWO_FACTOR_TEXTS } from '@/domain/two-factor';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { teamApi, twoFactorApi } from '@/web/test/api-handlers';
import { apiError, apiServer, byCursor, inTurn, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TEAM_TEXTS } from '../texts';
import { MemberProfile } from './member-profile';

const member = (role: Role, id = 'target'): TeamMember => ({
  id,
  fullName: 'Terry Target',
  email: 'terry@example.com',
  role,
  website: null,
  tags: [],
  canSignIn: true,
  createdAt: '2026-11-01T10:00:00.000Z',
});

async function renderProfile(
  actorRole: Role,
  shown: TeamMember,
  actorId = 'me',
  projects?: Parameters<typeof teamApi.projects>[1],
  twoFactor: Parameters<typeof twoFactorApi.member>[1] = { enabled: false },
) {
  apiServer.use(teamApi.member(shown), teamApi.tags([]), teamApi.projects(shown.id, projects), twoFactorApi.member(shown.id, twoFactor));
  await renderWithProviders(<MemberProfile memberId={shown.id} actor={{ role: actorRole, profileId: actorId }} />);
}

/** The options of the role select's native (hidden) select, which Radix keeps in step. */
function roleOptions(): string[] {
  const dialog = screen.getByRole('dialog');
  return [...dialog.querySelectorAll('select option')].map((o) => o.getAttribute('value') ?? '').filter(Boolean);
}

describe('MemberProfile offers only what the server allows (decision 006)', () => {
  it.each([
    ['admin', 'admin'],
    ['account_executive', 'account_executive'],
  ] as const)('a %s viewing a peer %s sees neither Edit Profile nor Remove Member', async (actor, target) => {
    await renderProfile(actor, member(target));
    expect(await screen.findByRole('heading', { name: 'Terry Target' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove Member' })).toBeNull();
    expect(screen.getByText(en(TEAM_MESSAGES.outranked))).toBeTruthy();
  });

  it('an admin viewing the organization admin: no Edit Profile, and Remove says Cannot Delete (spec 5)', async () => {
    await renderProfile('admin', member('organization_admin'));
    await screen.findByRole('heading', { name: 'Terry Target' });
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Member' })).toBeTruthy();
  });

  it.each([
    ['organization_admin', 'admin', ['admin', 'account_executive', 'developer']],
    ['admin', 'developer', ['account_executive', 'developer']],
    ['account_executive', 'developer', ['developer']],
  ] as const)('a %s editing a %s is offered the roles below their own: %j', async (actor, target, roles) => {
    await renderProfile(actor, member(target));
    const edit = await screen.findByRole('button', { name: 'Edit Profile' });
    expect(screen.getByRole('button', { name: 'Remove Member' })).toBeTruthy();
    fireEvent.click(edit);
    expect(screen.getByLabelText('New Password (optional)')).toBeTruthy();
    expect(roleOptions().sort()).toEqual([...roles].sort());
  });

  it('yourself: Edit Profile without a password field or a role to change; Remove disabled', async () => {
    await renderProfile('admin', member('admin', 'me'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    expect(screen.queryByLabelText('New Password (optional)')).toBeNull();
    expect(screen.getByText(en(TEAM_MESSAGES.cannotChangeOwnRole))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Remove Member', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('MemberProfile assigned projects', () => {
  it("name each project's status as the product does, never the stored value (issue 27)", async () => {
    await renderProfile('organization_admin', member('developer'), 'me', { items: [{ id: 'p1', name: 'Harbor Rebrand', status: 'on_hold' }], nextCursor: null });
    expect(await screen.findByText('Harbor Rebrand')).toBeTruthy();
    expect(screen.getByText('On Hold')).toBeTruthy();
    expect(screen.queryByText(/on.hold/)).toBeNull();
  });

  it('lists them a page at a time, with Load more (issue 36: it showed the first 200)', async () => {
    await renderProfile(
      'organization_admin',
      member('developer'),
      'me',
      byCursor({
        '': { items: [{ id: 'p1', name: 'Harbor Rebrand', status: 'active' }], nextCursor: 'c1' },
        c1: { items: [{ id: 'p2', name: 'Juniper Launch', status: 'completed' }], nextCursor: null },
      }),
    );
    expect(await screen.findByText('Harbor Rebrand')).toBeTruthy();
    expect(screen.queryByText('Juniper Launch')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Load more assigned projects' }));
    expect(await screen.findByText('Juniper Launch')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more assigned projects' })).toBeNull();
    expect(sentRequests.map((request) => request.path)).toContain('/api/team/target/projects?cursor=c1');
  });

  it('say they failed to load, with Retry, never "no projects" (issue 49 item 3)', async () => {
    let down = true;
    await renderProfile('organization_admin', member('developer'), 'me', () =>
      down ? apiError(503, 'service_unavailable', 'The database is not reachable.') : { items: [{ id: 'p1', name: 'Harbor Rebrand', status: 'active' }], nextCursor: null },
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(en(TEAM_TEXTS.assignedProjectsLoadFailed));
    expect(alert.textContent).toContain('The database is not reachable.');
    expect(screen.queryByText(en(TEAM_MESSAGES.noProjects))).toBeNull();

    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: en(UI_TEXTS.retry) }));
    expect(await screen.findByText('Harbor Rebrand')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('are not asked for a member who is not a developer', async () => {
    await renderProfile('organization_admin', member('account_executive'));
    await screen.findByRole('heading', { name: 'Terry Target' });
    expect(screen.queryByText('Assigned Projects')).toBeNull();
    expect(sentRequests.some((request) => request.path.startsWith('/api/team/target/projects'))).toBe(false);
  });
});

describe("MemberProfile: a member's two-factor sign-in (issue 31)", () => {
  const twoFactorCalls = () => sentRequests.filter((request) => /^\/api\/team\/[^/]+\/two-factor/.test(request.path)).map((r) => `${r.method} ${r.path}`);

  it('for one who outranks the member: the badge, and Reset Two-Factor after a confirmation', async () => {
    apiServer.use(twoFactorApi.resetMember('target'));
    await renderProfile('admin', member('developer'), 'me', undefined, { enabled: true });
    const badge = await screen.findByTestId('member-two-factor');
    expect(badge.textContent).toBe(en(TWO_FACTOR_TEXTS.memberHasTwoFactor));
    fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_TEXTS.reset) }));

    // The shared confirmation, loaded when first wanted (decision 013); nothing sent before Yes.
    const dialog = await screen.findByRole('alertdialog', { name: en(TWO_FACTOR_TEXTS.resetTitle) });
    expect(within(dialog).getByText(en(TWO_FACTOR_TEXTS.resetConfirm, { name: 'Terry Target' }))).toBeTruthy();
    expect(twoFactorCalls()).toEqual(['GET /api/team/target/two-factor']);
    fireEvent.click(within(dialog).getByRole('button', { name: en(TWO_FACTOR_TEXTS.reset) }));

    expect(await screen.findByText(en(TWO_FACTOR_TEXTS.resetDone))).toBeTruthy();
    expect(twoFactorCalls()).toEqual(['GET /api/team/target/two-factor', 'POST /api/team/target/two-factor/reset']);
    await waitFor(() => expect(screen.queryByTestId('member-two-factor')).toBeNull());
    expect(screen.queryByRole('button', { name: en(TWO_FACTOR_TEXTS.reset) })).toBeNull();
    // The button that asked is gone: the focus is on the first action left, not lost.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Profile' })));
  });

  it('Cancel resets nothing', async () => {
    await renderProfile('organization_admin', member('admin'), 'me', undefined, inTurn({ enabled: true }));
    fireEvent.click(await screen.findByRole('button', { name: en(TWO_FACTOR_TEXTS.reset) }));
    const dialog = await screen.findByRole('alertdialog', { name: en(TWO_FACTOR_TEXTS.resetTitle) });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await requestsArrived();
    expect(twoFactorCalls()).toEqual(['GET /api/team/target/two-factor']);
    expect(screen.getByTestId('member-two-factor')).toBeTruthy();
  });

  it('off: neither the badge nor the reset', async () => {
    await renderProfile('organization_admin', member('developer'), 'me', undefined, { enabled: false });
    await screen.findByRole('button', { name: 'Edit Profile' });
    await waitFor(() => expect(twoFactorCalls()).toEqual(['GET /api/team/target/two-factor']));
    await requestsArrived();
    expect(screen.queryByTestId('member-two-factor')).toBeNull();
    expect(screen.queryByRole('button', { name: en(TWO_FACTOR_TEXTS.reset) })).toBeNull();
  });

  it.each([
    ['a peer', 'admin', member('admin')],
    ['one ranked below', 'account_executive', member('admin')],
    ['a developer', 'developer', member('developer')],
    ['oneself', 'organization_admin', member('organization_admin', 'me')],
    ['a member without an email (no sign-in)', 'organization_admin', { ...member('developer'), email: null, canSignIn: false }],
  ] as const)('is not asked about for %s', async (_who, actor, shown) => {
    await renderProfile(actor, shown, 'me', undefined, { enabled: true });
    await screen.findByRole('heading', { name: 'Terry Target' });
    await requestsArrived();
    expect(twoFactorCalls()).toEqual([]);
    expect(screen.queryByTestId('member-two-factor')).toBeNull();
    expect(screen.queryByRole('button', { name: en(TWO_FACTOR_TEXTS.reset) })).toBeNull();
  });
});
