// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/web/components/ui/toaster';
import { createQueryClient } from '@/web/lib/query-client';
import { AUTH_MESSAGES } from '@/domain/auth';
import { AUTH_TEXTS } from '../texts';
import { AuthScreen } from './auth-screen';

type Reply = { status: number; body?: unknown };

/** Answers each API path with the given reply (a list: one reply per call, in turn) and records the calls. */
function stubApi(replies: Record<string, Reply | Reply[]>) {
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      calls.push({ path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const given = replies[path];
      const reply = (Array.isArray(given) ? given.shift() : given) ?? { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return calls;
}

/** Answers the sign-in calls with `replies` in turn and records their bodies. */
function stubSignIn(replies: Reply[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit) => {
      if (path !== '/api/auth/sign-in') return new Response(null, { status: 404 });
      bodies.push(JSON.parse(String(init.body)));
      const reply = replies[bodies.length - 1]!;
      return new Response(JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return bodies;
}

const codeRequired = { status: 401, body: { error: { code: 'sign_in_code_required', message: AUTH_MESSAGES.signInCodeRequired } } };

function renderScreen(initialMode: 'sign-in' | 'sign-up' = 'sign-in') {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AuthScreen initialMode={initialMode} />
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AuthScreen', () => {
  it('shows the domain validation messages and sends nothing', async () => {
    const calls = stubApi({});
    renderScreen();
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('signs in with the parsed values (trimmed, lower-cased email) and follows the typing after a failed submit', async () => {
    const calls = stubApi({ '/api/auth/sign-in': { status: 401, body: { error: { code: 'invalid_credentials', message: 'Invalid email or password.' } } } });
    renderScreen();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    // The first field with a message gets the focus, as in the other forms.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));

    type('Email', '  Ada@Example.com ');
    await waitFor(() => expect(screen.queryByText('Email is required')).toBeNull());
    expect(screen.getByText('Password is required')).toBeTruthy();
    type('Password', 'secret-123');
    await waitFor(() => expect(screen.queryByText('Password is required')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({ path: '/api/auth/sign-in', body: { email: 'ada@example.com', password: 'secret-123' } });
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
  });

  it('shows the forgot-password link only in sign-in mode', () => {
    stubApi({});
    renderScreen();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
  });

  it('does not create the account when the code check says invalid (spec 4)', async () => {
    const calls = stubApi({
      '/api/auth/sign-up/send-code': { status: 200, body: { ok: true } },
      '/api/auth/sign-up/verify-code': { status: 200, body: { valid: false } },
    });
    renderScreen('sign-up');
    // The sign-up form loads on demand (decision 013).
    await screen.findByLabelText('Full Name');
    type('Full Name', 'Ada Lovelace');
    type('Email', 'Ada@Example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));

    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeTruthy();
    // The server answers alike for an email with an account (issue 19); the step says what then.
    expect(screen.getByText(AUTH_TEXTS.existingAccountNote)).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/api/auth/sign-up/send-code', body: { email: 'ada@example.com' } });

    type('Verification Code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('The verification code is invalid or expired.')).toBeTruthy();
    expect(calls.map((c) => c.path)).toEqual(['/api/auth/sign-up/send-code', '/api/auth/sign-up/verify-code']);
  });

  it('takes down an earlier "Invalid code" once a code passes and the account is created (issue 27)', async () => {
    const calls = stubApi({
      '/api/auth/sign-up/send-code': { status: 200, body: { ok: true } },
      '/api/auth/sign-up/verify-code': [
        { status: 200, body: { valid: false } },
        { status: 200, body: { valid: true } },
      ],
      '/api/auth/sign-up': { status: 200, body: { id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace', role: 'organization_admin', organizationId: 'o1' } },
    });
    renderScreen('sign-up');
    await screen.findByLabelText('Full Name');
    type('Full Name', 'Ada Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await screen.findByRole('heading', { name: 'Verify Your Email' });

    type('Verification Code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('The verification code is invalid or expired.')).toBeTruthy();

    type('Verification Code', '222222');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Account created successfully!')).toBeTruthy();
    expect(calls.map((c) => c.path)).toContain('/api/auth/sign-up');
    await waitFor(() => expect(screen.queryByText('The verification code is invalid or expired.')).toBeNull());
  });

  it("keeps the typed details and shows the server's message when sending the code fails", async () => {
    stubApi({
      '/api/auth/sign-up/send-code': {
        status: 429,
        body: { error: { code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' } },
      },
    });
    renderScreen('sign-up');
    // The sign-up form loads on demand (decision 013).
    await screen.findByLabelText('Full Name');
    type('Full Name', 'Ada Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    expect(await screen.findByText('Too many requests. Please wait a moment and try again.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('button', { name: 'Send Verification Code' }) as HTMLButtonElement).disabled).toBe(false));
    expect((screen.getByLabelText('Full Name') as HTMLInputElement).value).toBe('Ada Lovelace');
  });

  it('asks for the emailed code past the limit, focused and without an error toast, then signs in with it (issue 26)', async () => {
    const me = {
      user: { id: 'u1', email: 'ada@example.com' },
      profile: { id: 'p1', fullName: 'Ada', email: 'ada@example.com', role: 'developer', organizationId: 'o1' },
      organization: { id: 'o1', name: 'Ada Agency' },
    };
    const bodies = stubSignIn([
      codeRequired,
      { status: 401, body: { error: { code: 'invalid_sign_in_code', message: AUTH_MESSAGES.signInCodeInvalid } } },
      { status: 200, body: me },
    ]);
    renderScreen();
    type('Email', 'ada@example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: AUTH_TEXTS.signInCodeTitle })).toBeTruthy();
    // The step loads on demand (decision 013).
    await screen.findByLabelText(AUTH_TEXTS.signInCode);
    expect(document.body.textContent).toContain(`${AUTH_TEXTS.signInCodeSentTo(6)} ada@example.com.`);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(AUTH_TEXTS.signInCode)));
    expect(screen.queryByText(AUTH_MESSAGES.signInCodeRequired)).toBeNull();

    // An empty code is refused here, with the field's own message.
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signInCodeButton }));
    expect(await screen.findByText('Sign-in code is required')).toBeTruthy();
    expect(bodies).toHaveLength(1);

    // A wrong code: the server's message under the field, the field focused for another try.
    type(AUTH_TEXTS.signInCode, '111111');
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signInCodeButton }));
    expect((await screen.findByRole('alert')).textContent).toBe(AUTH_MESSAGES.signInCodeInvalid);
    expect(document.activeElement).toBe(screen.getByLabelText(AUTH_TEXTS.signInCode));

    type(AUTH_TEXTS.signInCode, ' 123456 ');
    fireEvent.click(screen.getByRole('button', { name: AUTH_TEXTS.signInCodeButton }));
    expect(await screen.findByText(AUTH_MESSAGES.signedIn)).toBeTruthy();
    expect(bodies).toEqual([
      { email: 'ada@example.com', password: 'secret-123' },
      { email: 'ada@example.com', password: 'secret-123', code: '111111' },
      { email: 'ada@example.com', password: 'secret-123', code: '123456' },
    ]);
  });

  it('goes back from the code step to the password, keeping the email', async () => {
    stubSignIn([codeRequired]);
    renderScreen();
    type('Email', 'ada@example.com');
    type('Password', 'mistyped');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await screen.findByRole('button', { name: AUTH_TEXTS.backToPassword }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });
});
