// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me } from '@/domain/auth';
import { settingsApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, requestsArrived, sentRequests, type Answer } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ProfileForm } from './profile-form';

const me: Me = {
  user: { id: 'u1', email: 'ada@example.com' },
  profile: { id: 'p1', fullName: 'Ada Lovelace', email: 'ada@example.com', role: 'developer', organizationId: 'o1', locale: null, region: null, timeZone: 'UTC' },
  organization: { id: 'o1', name: 'Analytical', currency: 'USD', locale: 'en' },
  twoFactor: { on: false, required: false, deadline: null, overdue: false },
};

/** Answers PATCH /api/settings/profile with the given answers in turn. */
function stubProfileApi(...answers: Answer<Me>[]) {
  apiServer.use(settingsApi.updateProfile(inTurn(...answers)));
}

/** The bodies the form sent, in order. */
const bodies = () => sentRequests.map((request) => request.body);

async function renderForm() {
  const view = await renderWithProviders(<ProfileForm me={me} />);
  return { rerender: (current: Me) => view.rerender(<ProfileForm me={current} />) };
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('ProfileForm', () => {
  it('changes the name without asking for the password', async () => {
    stubProfileApi({ ...me, profile: { ...me.profile, fullName: 'Ada King' } });
    await renderForm();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    type('Full Name', 'Ada King');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(bodies()).toEqual([{ fullName: 'Ada King', email: 'ada@example.com' }]);
  });

  it('asks for the current password once the email changes, and sends it', async () => {
    const moved: Me = { ...me, user: { ...me.user, email: 'ada@new.example' }, profile: { ...me.profile, email: 'ada@new.example' } };
    stubProfileApi(apiError(400, 'wrong_password', 'Current password is incorrect'), moved);
    const { rerender } = await renderForm();
    type('Email', 'Ada@New.Example');
    expect(screen.getByLabelText('Current Password')).toBeTruthy();
    expect(screen.getByText('Needed to change the email you sign in with.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeTruthy();
    await requestsArrived();
    expect(bodies()).toHaveLength(0);

    type('Current Password', 'not-it');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    type('Current Password', 'the-password');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(bodies()).toEqual([
      { fullName: 'Ada Lovelace', email: 'ada@new.example', currentPassword: 'not-it' },
      { fullName: 'Ada Lovelace', email: 'ada@new.example', currentPassword: 'the-password' },
    ]);
    // The page passes the saved account back in: the email no longer differs, the field goes away.
    rerender(moved);
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).toBeNull());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@new.example');
  });
});
