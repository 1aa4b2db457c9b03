import { en } from '@/web/test/texts';
// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_POLICY_MESSAGES, TWO_FACTOR_POLICY_TEXTS as TEXTS, type TwoFactorPolicyState } from '@/domain/two-factor';
import { useMe } from '@/web/lib/session';
import { authApi, signedInMember, twoFactorApi } from '@/web/test/api-handlers';
import { apiServer, inTurn, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TwoFactorPolicyCard } from './two-factor-policy-card';

const off: TwoFactorPolicyState = { policy: 'off', since: null, deadline: null, membersWithout: 0 };
const everyone: TwoFactorPolicyState = { policy: 'everyone', since: '2026-11-20T10:00:00.000Z', deadline: '2099-11-27T10:00:00.000Z', membersWithout: 3 };

const radio = (policy: keyof typeof TEXTS.options) => screen.getByRole('radio', { name: en(TEXTS.options[policy]) }) as HTMLInputElement;
const meReads = () => sentRequests.filter((r) => r.path === '/api/me').length;

/** What the app's gate reads from Me: whether the requirement asks the signed-in member now. */
function RequiredOfMe() {
  const me = useMe();
  return <output data-testid="required-of-me">{String(me.data?.twoFactor.required)}</output>;
}

describe('Settings -> Two-factor sign-in for your organization', () => {
  it('the organization admin requires it of everyone: saved, told, the members without it and their deadline shown, Me read again', async () => {
    apiServer.use(
      twoFactorApi.policy(off),
      twoFactorApi.setPolicy(({ body }) => {
        expect(body).toEqual({ policy: 'everyone' });
        return everyone;
      }),
    );
    await renderWithProviders(
      <>
        <RequiredOfMe />
        <TwoFactorPolicyCard canChange />
      </>,
      { signedInAs: 'organization_admin' },
    );
    expect(await screen.findByRole('heading', { name: en(TEXTS.title) })).toBeTruthy();
    expect(screen.getByTestId('required-of-me').textContent).toBe('false');
    await waitFor(() => expect(radio('off').checked).toBe(true));
    expect(screen.getByRole('group', { name: en(TEXTS.label) })).toBeTruthy();
    // Nothing to save until the choice differs; nothing said about members while it is off.
    const save = screen.getByRole('button', { name: en(TEXTS.save) }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.queryByTestId('two-factor-policy-status')).toBeNull();

    const before = meReads();
    const owner = signedInMember('organization_admin');
    apiServer.use(authApi.me({ ...owner, twoFactor: { on: false, required: true, deadline: everyone.deadline, overdue: false } }));
    fireEvent.click(radio('everyone'));
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText(en(TEXTS.saved))).toBeTruthy();
    expect(await screen.findByText(en(TEXTS.membersWithout, { n: 3 }))).toBeTruthy();
    expect(screen.getByText(en(TEXTS.deadline, { when: 'Nov 27, 2099' }))).toBeTruthy();
    expect(radio('everyone').checked).toBe(true);
    expect(sentRequests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    // The owner may be required now: Me says so.
    await waitFor(() => expect(screen.getByTestId('required-of-me').textContent).toBe('true'));
    expect(meReads()).toBe(before + 1);
  });

  it('says when the deadline has passed, and when everyone it applies to has it', async () => {
    apiServer.use(twoFactorApi.policy(inTurn({ ...everyone, policy: 'staff', deadline: '2020-01-08T10:00:00.000Z' })));
    await renderWithProviders(<TwoFactorPolicyCard canChange />, { signedInAs: 'organization_admin' });
    expect(await screen.findByText(en(TEXTS.deadlinePassed, { when: 'Jan 8, 2020' }))).toBeTruthy();
    expect(radio('staff').checked).toBe(true);
  });

  it('an admin sees it read-only: the choices disabled, no Save, who can change it', async () => {
    apiServer.use(twoFactorApi.policy({ ...everyone, membersWithout: 0 }));
    await renderWithProviders(<TwoFactorPolicyCard canChange={false} />, { signedInAs: 'admin' });
    expect(await screen.findByText(en(TEXTS.membersWithoutNone))).toBeTruthy();
    expect(radio('everyone').checked).toBe(true);
    for (const policy of ['off', 'staff', 'everyone'] as const) expect(radio(policy).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: en(TEXTS.save) })).toBeNull();
    expect(screen.getByText(en(TWO_FACTOR_POLICY_MESSAGES.onlyOrganizationAdmin))).toBeTruthy();
  });
});
