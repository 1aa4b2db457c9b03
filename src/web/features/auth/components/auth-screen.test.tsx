// @vitest-environment jsdom
import { en } from '@/web/test/texts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_MESSAGES, type Me } from '@/domain/auth';
import { PASSKEY_ERRORS, PASSKEY_SIGN_IN_MESSAGES } from '@/domain/passkeys';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_SIGN_IN_MESSAGES, TWO_FACTOR_SIGN_IN_TEXTS } from '@/domain/two-factor';
import { activateLocale, LOCALE_STORAGE_KEY } from '@/web/lib/i18n';
import { onNotice } from '@/web/lib/notify';
import { QUERY_ROOTS } from '@/web/lib/query-keys';
import { meQueryKey } from '@/web/lib/session';
import { authApi, passkeysApi, signedInMember } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { AUTH_TEXTS } from '../texts';
import { AuthScreen } from './auth-screen';

// The browser's WebAuthn prompt (issue 31 item 3): jsdom has none, so the library stands in.
const webauthn = vi.hoisted(() => ({ startAuthentication: vi.fn(), startRegistration: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

/** What the screen sent, in order: each request's path and body. */
const calls = () => sentRequests.map(({ path, body }) => ({ path, body }));

/** The bodies of the sign-in requests, in order. */
const signInBodies = () => sentRequests.filter((request) => request.path === '/api/auth/sign-in').map((request) => request.body);

const codeRequired = apiError(401, 'sign_in_code_required', en(AUTH_MESSAGES.signInCodeRequired));
const twoFactorRequired = apiError(401, TWO_FACTOR_ERRORS.required, 'Enter the code from your authenticator app.');
const twoFactorInvalid = apiError(401, TWO_FACTOR_ERRORS.invalid, en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid));
const recoveryInvalid = apiError(401, TWO_FACTOR_ERRORS.invalid, en(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid));

/** Fills in the password step and sends it. */
function signInWithPassword(password = 'secret-123') {
  type('Email', 'ada@example.com');
  type('Password', password);
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

/**
 * Signed in: the app holds the member the server answered (and so leaves this screen), and says
 * so in a toast. Earlier tests' toasts may still be up, so the newest one is the one counted.
 */
async function expectSignedIn(queryClient: QueryClient, member: Me) {
  await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toEqual(member));
  await waitFor(() => expect(screen.getAllByText(en(AUTH_MESSAGES.signedIn)).length).toBeGreaterThan(0));
}

/** The field has the focus and all its text selected, ready to be typed over. */
function expectFocusedAndSelected(field: HTMLElement) {
  const input = field as HTMLInputElement;
  expect(document.activeElement).toBe(input);
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
}

async function renderScreen(initialMode: 'sign-in' | 'sign-up' = 'sign-in') {
  return renderWithProviders(<AuthScreen initialMode={initialMode} />);
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('AuthScreen', () => {
  it('shows the domain validation messages and sends nothing', async () => {
    await renderScreen();
    type('Email', 'not-an-email');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    await requestsArrived();
    expect(calls()).toHaveLength(0);
  });

  it('signs in with the parsed values (trimmed, lower-cased email) and follows the typing after a failed submit', async () => {
    apiServer.use(authApi.signIn(apiError(401, 'invalid_credentials', 'Invalid email or password.')));
    await renderScreen();
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
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()[0]).toEqual({ path: '/api/auth/sign-in', body: { email: 'ada@example.com', password: 'secret-123' } });
    expect(await screen.findByText('Invalid email or password.')).toBeTruthy();
  });

  it('shows the forgot-password link only in sign-in mode', async () => {
    await renderScreen();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
  });

  it('does not create the account when the code check says invalid (spec 4)', async () => {
    apiServer.use(authApi.sendCode({ ok: true }), authApi.verifyCode({ valid: false }));
    await renderScreen('sign-up');
    // The sign-up form loads on demand (decision 013).
    await screen.findByLabelText('Full Name');
    type('Full Name', 'Ada Lovelace');
    type('Email', 'Ada@Example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));

    expect(await screen.findByRole('heading', { name: 'Verify Your Email' })).toBeTruthy();
    // The server answers alike for an email with an account (issue 19); the step says what then.
    expect(screen.getByText(en(AUTH_TEXTS.existingAccountNote))).toBeTruthy();
    expect(calls()[0]).toEqual({ path: '/api/auth/sign-up/send-code', body: { email: 'ada@example.com' } });

    type('Verification Code', '111111');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('The verification code is invalid or expired.')).toBeTruthy();
    expect(calls().map((c) => c.path)).toEqual(['/api/auth/sign-up/send-code', '/api/auth/sign-up/verify-code']);
  });

  it('takes down an earlier "Invalid code" once a code passes and the account is created (issue 27)', async () => {
    apiServer.use(
      authApi.sendCode({ ok: true }),
      authApi.verifyCode(inTurn({ valid: false }, { valid: true })),
      authApi.signUp(signedInMember('organization_admin')),
    );
    await renderScreen('sign-up');
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
    expect(calls().map((c) => c.path)).toContain('/api/auth/sign-up');
    await waitFor(() => expect(screen.queryByText('The verification code is invalid or expired.')).toBeNull());
  });

  describe('the agency name (issue 49 item 13)', () => {
    /** Goes through sign-up with `agencyName` typed into the optional field (nothing typed when undefined). */
    async function signUpWith(agencyName?: string) {
      apiServer.use(authApi.sendCode({ ok: true }), authApi.verifyCode({ valid: true }), authApi.signUp(signedInMember('organization_admin')));
      const { queryClient } = await renderScreen('sign-up');
      await screen.findByLabelText('Full Name');
      type('Full Name', 'Nina Alvarez');
      type('Email', 'nina@example.com');
      type('Password', 'secret-123');
      if (agencyName !== undefined) type(en(AUTH_TEXTS.agencyName), agencyName);
      fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
      await screen.findByRole('heading', { name: 'Verify Your Email' });
      type('Verification Code', '123456');
      fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
      await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toEqual(signedInMember('organization_admin')));
      return sentRequests.filter((request) => request.path === '/api/auth/sign-up').map((request) => request.body);
    }

    it('is offered, optional, under the password, with a hint of what an empty one means', async () => {
      await renderScreen('sign-up');
      const field = await screen.findByLabelText(en(AUTH_TEXTS.agencyName));
      expect(field.getAttribute('placeholder')).toBe(en(AUTH_TEXTS.agencyNamePlaceholder));
      expect(field.getAttribute('autocomplete')).toBe('organization');
      expect(screen.getByText(en(AUTH_TEXTS.agencyNameHint)).id).toBe(field.getAttribute('aria-describedby'));
    });

    it('is sent, trimmed, when filled in', async () => {
      expect(await signUpWith('  Alvarez Studio ')).toEqual([
        { fullName: 'Nina Alvarez', email: 'nina@example.com', password: 'secret-123', organizationName: 'Alvarez Studio', code: '123456' },
      ]);
    });

    it.each([
      ['empty', undefined],
      ['blank', '   '],
    ])('is left out when %s, so the server names the agency after the member', async (_, agencyName) => {
      expect(await signUpWith(agencyName)).toEqual([{ fullName: 'Nina Alvarez', email: 'nina@example.com', password: 'secret-123', code: '123456' }]);
    });

    it("refuses a one-letter name with the rename rule's message and sends nothing", async () => {
      await renderScreen('sign-up');
      await screen.findByLabelText('Full Name');
      type('Full Name', 'Nina Alvarez');
      type('Email', 'nina@example.com');
      type('Password', 'secret-123');
      type(en(AUTH_TEXTS.agencyName), ' A ');
      fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
      expect(await screen.findByText('Organization name must be at least 2 characters.')).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(en(AUTH_TEXTS.agencyName))));
      await requestsArrived();
      expect(calls()).toHaveLength(0);
    });
  });

  it("takes down the 'Verification code sent' toast once the account is created, so it does not follow onto Welcome", async () => {
    apiServer.use(authApi.sendCode({ ok: true }), authApi.verifyCode({ valid: true }), authApi.signUp(signedInMember('organization_admin')));
    const { queryClient } = await renderScreen('sign-up');
    await screen.findByLabelText('Full Name');
    type('Full Name', 'Ada Lovelace');
    type('Email', 'ada@example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Send Verification Code' }));
    await screen.findByRole('heading', { name: 'Verify Your Email' });
    // Earlier tests' toasts may still be up (the toaster shows those sent before it mounted).
    await waitFor(() => expect(screen.getAllByText(en(AUTH_MESSAGES.codeSentTitle)).length).toBeGreaterThan(0));

    type('Verification Code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() => expect(queryClient.getQueryData(meQueryKey)).toEqual(signedInMember('organization_admin')));
    await waitFor(() => expect(screen.getAllByText(en(AUTH_MESSAGES.accountCreated)).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryAllByText(en(AUTH_MESSAGES.codeSentTitle))).toHaveLength(0));
    expect(screen.queryAllByText(en(AUTH_MESSAGES.codeSent))).toHaveLength(0);
  });

  it("keeps the typed details and shows the server's message when sending the code fails", async () => {
    apiServer.use(authApi.sendCode(apiError(429, 'rate_limited', 'Too many requests. Please wait a moment and try again.')));
    await renderScreen('sign-up');
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
    apiServer.use(
      authApi.signIn(inTurn(codeRequired, apiError(401, 'invalid_sign_in_code', en(AUTH_MESSAGES.signInCodeInvalid)), signedInMember('developer'))),
    );
    // The app's toaster mounts with the first notice (decision 013), a moment after it: counting
    // the notices sees an error toast at once.
    let notices = 0;
    onTestFinished(onNotice(() => (notices += 1)));
    await renderScreen();
    type('Email', 'ada@example.com');
    type('Password', 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: en(AUTH_TEXTS.signInCodeTitle) })).toBeTruthy();
    // The step loads on demand (decision 013).
    await screen.findByLabelText(en(AUTH_TEXTS.signInCode));
    expect(document.body.textContent).toContain(`${en(AUTH_TEXTS.signInCodeSentTo, { digits: 6 })} ada@example.com.`);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(en(AUTH_TEXTS.signInCode))));
    expect(screen.queryByText(en(AUTH_MESSAGES.signInCodeRequired))).toBeNull();
    expect(notices).toBe(0);

    // An empty code is refused here, with the field's own message.
    fireEvent.click(screen.getByRole('button', { name: en(AUTH_TEXTS.signInCodeButton) }));
    expect(await screen.findByText('Sign-in code is required')).toBeTruthy();
    await requestsArrived();
    expect(signInBodies()).toHaveLength(1);

    // A wrong code: the server's message under the field, the field focused for another try.
    type(en(AUTH_TEXTS.signInCode), '111111');
    fireEvent.click(screen.getByRole('button', { name: en(AUTH_TEXTS.signInCodeButton) }));
    expect((await screen.findByRole('alert')).textContent).toBe(en(AUTH_MESSAGES.signInCodeInvalid));
    expect(document.activeElement).toBe(screen.getByLabelText(en(AUTH_TEXTS.signInCode)));

    type(en(AUTH_TEXTS.signInCode), ' 123456 ');
    fireEvent.click(screen.getByRole('button', { name: en(AUTH_TEXTS.signInCodeButton) }));
    expect(await screen.findByText(en(AUTH_MESSAGES.signedIn))).toBeTruthy();
    expect(signInBodies()).toEqual([
      { email: 'ada@example.com', password: 'secret-123' },
      { email: 'ada@example.com', password: 'secret-123', code: '111111' },
      { email: 'ada@example.com', password: 'secret-123', code: '123456' },
    ]);
  });

  it('goes back from the code step to the password, keeping the email', async () => {
    apiServer.use(authApi.signIn(inTurn(codeRequired)));
    await renderScreen();
    type('Email', 'ada@example.com');
    type('Password', 'mistyped');
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(await screen.findByRole('button', { name: en(AUTH_TEXTS.backToPassword) }));

    expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
  });

  describe('two-factor sign-in (issue 31)', () => {
    it('asks for the app code after a right password, refuses a wrong one under the field, then signs in', async () => {
      apiServer.use(authApi.signIn(inTurn(twoFactorRequired, twoFactorInvalid, signedInMember('developer'))));
      let notices = 0;
      onTestFinished(onNotice(() => (notices += 1)));
      const { queryClient } = await renderScreen();
      signInWithPassword();

      // The step loads on demand (decision 013), with its own heading.
      expect(await screen.findByRole('heading', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.signInTitle) })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: 'Welcome Back' })).toBeNull();
      expect(screen.getByText(en(TWO_FACTOR_SIGN_IN_TEXTS.signInDescription))).toBeTruthy();
      const field = screen.getByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel));
      expect(field.getAttribute('autocomplete')).toBe('one-time-code');
      expect(field.getAttribute('inputmode')).toBe('numeric');
      await waitFor(() => expect(document.activeElement).toBe(field));
      // Asking for the code is no failure: no toast.
      expect(notices).toBe(0);

      // Not six digits: refused here, with the domain's message, and nothing sent.
      type(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel), '12 34');
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.verify) }));
      expect((await screen.findByRole('alert')).textContent).toBe(en(TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired));
      await requestsArrived();
      expect(signInBodies()).toHaveLength(1);

      // A wrong code: the server's message under the field, the code selected for another try.
      type(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel), '111111');
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.verify) }));
      expect(await screen.findByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid))).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toBe(en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid));
      expectFocusedAndSelected(screen.getByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel)));
      expect(screen.getByRole('heading', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.signInTitle) })).toBeTruthy();
      expect(notices).toBe(0);

      // The app shows '123 456'; the space is dropped.
      type(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel), '123 456');
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.verify) }));
      await expectSignedIn(queryClient, signedInMember('developer'));
      // An app code leaves no recovery notice for the next page.
      expect(queryClient.getQueryData([QUERY_ROOTS.recoverySignIn])).toBeUndefined();
      expect(signInBodies()).toEqual([
        { email: 'ada@example.com', password: 'secret-123' },
        { email: 'ada@example.com', password: 'secret-123', twoFactorCode: '111111' },
        { email: 'ada@example.com', password: 'secret-123', twoFactorCode: '123456' },
      ]);
    });

    it('swaps to a recovery code and back; a recovery code is sent alone, as typed but normalized', async () => {
      // Issue 49 item 21: a recovery code's sign-in also says how many codes are left.
      apiServer.use(authApi.signIn(inTurn(twoFactorRequired, recoveryInvalid, { ...signedInMember('admin'), recoveryCodesLeft: 2 })));
      const { queryClient } = await renderScreen();
      signInWithPassword();
      fireEvent.click(await screen.findByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.useRecoveryCode) }));

      const recovery = screen.getByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.recoveryCodeLabel));
      expect(screen.queryByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel))).toBeNull();
      expect(screen.getByText(en(TWO_FACTOR_SIGN_IN_TEXTS.signInRecoveryDescription))).toBeTruthy();
      await waitFor(() => expect(document.activeElement).toBe(recovery));

      type(en(TWO_FACTOR_SIGN_IN_TEXTS.recoveryCodeLabel), 'zzzzz-zzzzz');
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.verify) }));
      expect(await screen.findByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid))).toBeTruthy();
      expectFocusedAndSelected(screen.getByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.recoveryCodeLabel)));

      // Back to the app code: the message goes, the app's field takes the focus; and over again.
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.useAppCode) }));
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel))));
      expect(screen.queryByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid))).toBeNull();
      expect(screen.queryByLabelText(en(TWO_FACTOR_SIGN_IN_TEXTS.recoveryCodeLabel))).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.useRecoveryCode) }));

      type(en(TWO_FACTOR_SIGN_IN_TEXTS.recoveryCodeLabel), ' ABCDE-FGHJK ');
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.verify) }));
      // The member is the member alone; the count waits for the next page's notice.
      await expectSignedIn(queryClient, signedInMember('admin'));
      expect(queryClient.getQueryData([QUERY_ROOTS.recoverySignIn])).toBe(2);
      expect(signInBodies()).toEqual([
        { email: 'ada@example.com', password: 'secret-123' },
        { email: 'ada@example.com', password: 'secret-123', recoveryCode: 'zzzzzzzzzz' },
        { email: 'ada@example.com', password: 'secret-123', recoveryCode: 'abcdefghjk' },
      ]);
    });

    it('comes after the emailed code when a sign-in needs both, and sends that code along', async () => {
      apiServer.use(authApi.signIn(inTurn(codeRequired, twoFactorRequired, signedInMember('developer'))));
      const { queryClient } = await renderScreen();
      signInWithPassword();
      await screen.findByLabelText(en(AUTH_TEXTS.signInCode));
      type(en(AUTH_TEXTS.signInCode), '654321');
      fireEvent.click(screen.getByRole('button', { name: en(AUTH_TEXTS.signInCodeButton) }));

      expect(await screen.findByRole('heading', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.signInTitle) })).toBeTruthy();
      expect(screen.queryByLabelText(en(AUTH_TEXTS.signInCode))).toBeNull();
      type(en(TWO_FACTOR_SIGN_IN_TEXTS.codeLabel), '123456');
      fireEvent.click(screen.getByRole('button', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.verify) }));
      await expectSignedIn(queryClient, signedInMember('developer'));
      expect(signInBodies()).toEqual([
        { email: 'ada@example.com', password: 'secret-123' },
        { email: 'ada@example.com', password: 'secret-123', code: '654321' },
        { email: 'ada@example.com', password: 'secret-123', code: '654321', twoFactorCode: '123456' },
      ]);
    });

    it('goes back to the password, keeping the email', async () => {
      apiServer.use(authApi.signIn(inTurn(twoFactorRequired)));
      await renderScreen();
      signInWithPassword();
      fireEvent.click(await screen.findByRole('button', { name: en(AUTH_TEXTS.backToPassword) }));
      expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
      expect(screen.queryByRole('heading', { name: en(TWO_FACTOR_SIGN_IN_TEXTS.signInTitle) })).toBeNull();
      expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
      await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password')));
    });
  });

  describe('Sign In with a Passkey (issue 31 item 3)', () => {
    const requestOptions = (challenge: string) => ({ challenge, rpId: 'localhost', userVerification: 'required', timeout: 300_000 });
    const answer = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
    const passkeyButton = () => screen.getByRole('button', { name: en(AUTH_TEXTS.signInWithPasskey) });

    beforeEach(() => {
      Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
      webauthn.startAuthentication.mockReset();
    });
    afterEach(() => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
    });

    it('signs in with no email, password or code: the challenge fetched on focus, the device asked on the click', async () => {
      apiServer.use(passkeysApi.signInOptions(requestOptions('Zmlyc3Q')), passkeysApi.signIn(signedInMember('developer')));
      webauthn.startAuthentication.mockResolvedValue(answer);
      const { queryClient } = await renderScreen();
      // Beside the password's button, which keeps its own name.
      expect(screen.getByRole('button', { name: 'Sign In' })).not.toBe(passkeyButton());
      fireEvent.focus(passkeyButton());
      await waitFor(() => expect(calls()).toEqual([{ path: '/api/auth/passkey/options', body: {} }]));
      fireEvent.click(passkeyButton());
      await expectSignedIn(queryClient, signedInMember('developer'));
      expect(webauthn.startAuthentication).toHaveBeenCalledWith({ optionsJSON: requestOptions('Zmlyc3Q') });
      // One challenge, used once; no password sign-in.
      expect(calls()).toEqual([
        { path: '/api/auth/passkey/options', body: {} },
        { path: '/api/auth/passkey/sign-in', body: { response: answer } },
      ]);
    });

    it("says so when the person cancels the device's prompt, and shows the server's refusal; each try has a new challenge", async () => {
      apiServer.use(
        passkeysApi.signInOptions(inTurn(requestOptions('b25l'), requestOptions('dHdv'))),
        passkeysApi.signIn(apiError(401, PASSKEY_ERRORS.invalid, en(PASSKEY_SIGN_IN_MESSAGES.signInFailed))),
      );
      webauthn.startAuthentication.mockRejectedValueOnce(Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' })).mockResolvedValueOnce(answer);
      await renderScreen();
      fireEvent.click(passkeyButton());
      expect(await screen.findByText(en(AUTH_TEXTS.passkeyCancelled))).toBeTruthy();
      fireEvent.click(passkeyButton());
      expect(await screen.findByText(en(PASSKEY_SIGN_IN_MESSAGES.signInFailed))).toBeTruthy();
      expect(webauthn.startAuthentication.mock.calls.map(([options]) => options.optionsJSON.challenge)).toEqual(['b25l', 'dHdv']);
      // Still on the sign-in screen, the password there to use.
      expect(screen.getByRole('heading', { name: 'Welcome Back' })).toBeTruthy();
    });

    it('is not offered where the browser has no WebAuthn', async () => {
      Reflect.deleteProperty(window, 'PublicKeyCredential');
      await renderScreen();
      expect(screen.queryByRole('button', { name: en(AUTH_TEXTS.signInWithPasskey) })).toBeNull();
    });
  });
});

describe('AuthScreen: language (issue 48)', () => {
  afterEach(async () => {
    localStorage.clear();
    await activateLocale('en');
  });

  it('shows the screen in the language a visitor picks, and keeps the choice on this device', async () => {
    renderWithProviders(<AuthScreen />);
    const menu = screen.getByRole('combobox', { name: 'Language' });
    expect(menu).toHaveProperty('value', 'en');
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveProperty('lang', 'de');

    fireEvent.change(menu, { target: { value: 'de' } });
    expect(await screen.findByRole('heading', { name: 'Willkommen zurück' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
    expect(screen.getByLabelText('Passwort')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveProperty('value', 'de');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sprache' }), { target: { value: 'es' } });
    expect(await screen.findByRole('heading', { name: 'Le damos la bienvenida de nuevo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('es');
    // Choosing sends nothing: a visitor has no account to keep it in.
    await requestsArrived();
    expect(sentRequests).toEqual([]);
  });
});
