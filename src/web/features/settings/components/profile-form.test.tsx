// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@/domain/auth';
import { Toaster } from '@/web/components/ui/toaster';
import { createQueryClient } from '@/web/lib/query-client';
import { ProfileForm } from './profile-form';

const me: Me = {
  user: { id: 'u1', email: 'ada@example.com' },
  profile: { id: 'p1', fullName: 'Ada Lovelace', email: 'ada@example.com', role: 'developer', organizationId: 'o1' },
  organization: { id: 'o1', name: 'Analytical' },
};

type Reply = { status: number; body?: unknown };

/** Answers PATCH /api/settings/profile with the given replies in turn and records the bodies. */
function stubProfileApi(...replies: Reply[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_path: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      const reply = replies.shift() ?? { status: 500 };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return bodies;
}

function renderForm() {
  const queryClient = createQueryClient();
  const ui = (current: Me) => (
    <QueryClientProvider client={queryClient}>
      <ProfileForm me={current} />
      <Toaster />
    </QueryClientProvider>
  );
  const view = render(ui(me));
  return { rerender: (current: Me) => view.rerender(ui(current)) };
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ProfileForm', () => {
  it('changes the name without asking for the password', async () => {
    const bodies = stubProfileApi({ status: 200, body: { ...me, profile: { ...me.profile, fullName: 'Ada King' } } });
    renderForm();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    type('Full Name', 'Ada King');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(bodies).toEqual([{ fullName: 'Ada King', email: 'ada@example.com' }]);
  });

  it('asks for the current password once the email changes, and sends it', async () => {
    const moved: Me = { ...me, user: { ...me.user, email: 'ada@new.example' }, profile: { ...me.profile, email: 'ada@new.example' } };
    const bodies = stubProfileApi(
      { status: 400, body: { error: { code: 'wrong_password', message: 'Current password is incorrect' } } },
      { status: 200, body: moved },
    );
    const { rerender } = renderForm();
    type('Email', 'Ada@New.Example');
    expect(screen.getByLabelText('Current Password')).toBeTruthy();
    expect(screen.getByText('Needed to change the email you sign in with.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Enter your current password to change your email')).toBeTruthy();
    expect(bodies).toHaveLength(0);

    type('Current Password', 'not-it');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    type('Current Password', 'the-password');
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(bodies).toEqual([
      { fullName: 'Ada Lovelace', email: 'ada@new.example', currentPassword: 'not-it' },
      { fullName: 'Ada Lovelace', email: 'ada@new.example', currentPassword: 'the-password' },
    ]);
    // The page passes the saved account back in: the email no longer differs, the field goes away.
    rerender(moved);
    await waitFor(() => expect(screen.queryByLabelText('Current Password')).toBeNull());
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@new.example');
  });
});
