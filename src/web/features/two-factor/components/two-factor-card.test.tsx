// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@/domain/auth';
import { TWO_FACTOR_ERRORS, TWO_FACTOR_MESSAGES, TWO_FACTOR_POLICY_MESSAGES, TWO_FACTOR_SIGN_IN_MESSAGES, TWO_FACTOR_TEXTS as TEXTS, type TwoFactorSetup, type TwoFactorStatus } from '@/domain/two-factor';
import { twoFactorApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { TwoFactorCard } from './two-factor-card';
import { en } from '@/web/test/texts';

const off: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const on = (recoveryCodesLeft = 10): TwoFactorStatus => ({ enabled: true, enabledAt: '2026-11-20T10:00:00.000Z', recoveryCodesLeft });

// The server's QR code: an SVG document, which must never reach the page as markup.
const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg" data-from-server="yes" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
const setup: TwoFactorSetup = {
  secret: 'JBSW Y3DP EHPK 3PXP',
  uri: 'otpauth://totp/Brieflane:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Brieflane',
  qrSvg,
};
const recoveryCodes = ['abcdefghjk', 'mnpqrstuvw', 'xyz2345678', 'aaaaabbbbb', 'cccccddddd', 'eeeeefffff', 'ggggghhhhh', 'jjjjjkkkkk', 'mmmmmnnnnn', 'pppppqqqqq'];
const shownCodes = recoveryCodes.map((code) => `${code.slice(0, 5)}-${code.slice(5)}`);

/** The card's own requests: method, path and body (the kit's /api/me is not among them). */
const calls = () => sentRequests.filter((r) => r.path.startsWith('/api/settings/two-factor')).map(({ method, path, body }) => ({ method, path, body }));

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'clipboard');
  vi.restoreAllMocks();
});

async function renderCard() {
  return renderWithProviders(<TwoFactorCard email="ada@example.com" />, { signedInAs: 'developer' });
}

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

function expectFocusedAndSelected(label: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  expect(document.activeElement).toBe(input);
  expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
}

/** Stands in for the browser's download: the Blob's text, the file's name. */
function catchDownloads() {
  const downloads: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  Object.assign(URL, {
    createObjectURL: (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
  return downloads;
}

describe('Settings -> Two-factor sign-in', () => {
  it('sets it up: the password, the QR code as an image and the key, a code, then the recovery codes shown once', async () => {
    const downloads = catchDownloads();
    apiServer.use(
      twoFactorApi.status(inTurn(off, on())),
      twoFactorApi.setup(inTurn(apiError(400, TWO_FACTOR_ERRORS.wrongPassword, en(AUTH_MESSAGES.currentPasswordWrong)), setup)),
      twoFactorApi.enable(inTurn(apiError(400, TWO_FACTOR_ERRORS.invalid, en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid)), { recoveryCodes })),
    );
    await renderCard();
    expect(await screen.findByText(en(TEXTS.off))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.setUp) }));

    // Step 1: the password again. A wrong one: the message under the field, typed over next.
    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.setUpTitle) });
    expect(within(dialog).getByText(en(TEXTS.confirmPassword))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(en(TEXTS.passwordLabel))));
    type(en(TEXTS.passwordLabel), 'wrong-pass');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.continue) }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en(AUTH_MESSAGES.currentPasswordWrong));
    expectFocusedAndSelected(en(TEXTS.passwordLabel));
    type(en(TEXTS.passwordLabel), 'secret-123');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.continue) }));

    // Step 2: the QR code, an image of the server's SVG (never its markup in the page), and the key.
    const qr = (await within(dialog).findByRole('img', { name: en(TEXTS.qrAlt) })) as HTMLImageElement;
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`);
    expect(document.querySelector('[data-from-server]')).toBeNull();
    expect(within(dialog).getByText(en(TEXTS.scan))).toBeTruthy();
    expect(within(dialog).getByTestId('two-factor-secret').textContent).toBe(setup.secret);
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.copyKey) }));
    expect(await screen.findByText(en(TEXTS.keyCopied))).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(setup.secret);

    const code = screen.getByLabelText(en(TEXTS.codeLabel));
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));
    type(en(TEXTS.codeLabel), '111111');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOn) }));
    expect(await within(dialog).findByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid))).toBeTruthy();
    expectFocusedAndSelected(en(TEXTS.codeLabel));
    type(en(TEXTS.codeLabel), '123 456');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOn) }));

    // Step 3: the ten codes, once; the card already says it is on behind the dialog.
    const codes = await screen.findByRole('list', { name: en(TEXTS.recoveryCodesLabel) });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(shownCodes);
    expect(screen.getByRole('dialog', { name: en(TEXTS.recoveryTitle) })).toBe(dialog);
    expect(within(dialog).getByText(en(TEXTS.recoveryDescription))).toBeTruthy();
    expect(await screen.findByText(en(TEXTS.turnedOn))).toBeTruthy();
    expect(await screen.findByText(en(TEXTS.onSince, { when: 'Nov 20, 2026' }))).toBeTruthy();
    expect(calls()).toEqual([
      { method: 'GET', path: '/api/settings/two-factor', body: undefined },
      { method: 'POST', path: '/api/settings/two-factor/setup', body: { password: 'wrong-pass' } },
      { method: 'POST', path: '/api/settings/two-factor/setup', body: { password: 'secret-123' } },
      { method: 'POST', path: '/api/settings/two-factor/enable', body: { code: '111111' } },
      { method: 'POST', path: '/api/settings/two-factor/enable', body: { code: '123456' } },
      { method: 'GET', path: '/api/settings/two-factor', body: undefined },
    ]);

    // Escape does not lose them: the dialog stays and says why; it has no close button now.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en(TEXTS.saveFirst));
    expect(screen.getByRole('dialog', { name: en(TEXTS.recoveryTitle) })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.copy) }));
    expect(await screen.findByText(en(TEXTS.copied))).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith(shownCodes.join('\n'));

    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.download) }));
    expect(downloads.map((d) => d.name)).toEqual([en(TEXTS.recoveryFileName)]);
    const file = await downloads[0]!.blob.text();
    expect(file.split('\n')).toEqual([en(TEXTS.recoveryFileHeading, { email: 'ada@example.com' }), '', ...shownCodes, '']);

    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.saved) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText(en(TEXTS.recoveryLeft, { n: 10 }))).toBeTruthy();
  });

  it('an expired set-up starts again from the password', async () => {
    apiServer.use(
      twoFactorApi.status(off),
      twoFactorApi.setup(setup),
      twoFactorApi.enable(apiError(400, TWO_FACTOR_ERRORS.setupMissing, en(TWO_FACTOR_MESSAGES.noSetup))),
    );
    await renderCard();
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.setUp) }));
    await screen.findByLabelText(en(TEXTS.passwordLabel));
    type(en(TEXTS.passwordLabel), 'secret-123');
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.continue) }));
    await screen.findByLabelText(en(TEXTS.codeLabel));
    type(en(TEXTS.codeLabel), '123456');
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.turnOn) }));
    expect(await screen.findByText(en(TWO_FACTOR_MESSAGES.noSetup))).toBeTruthy();
    expect(await screen.findByLabelText(en(TEXTS.passwordLabel))).toBeTruthy();
    expect(screen.queryByRole('img', { name: en(TEXTS.qrAlt) })).toBeNull();
  });

  it('on: since when and the codes left; turning it off takes the password and a code, each refused under its field', async () => {
    apiServer.use(
      twoFactorApi.status(inTurn(on(3), off)),
      twoFactorApi.disable(
        inTurn<never>(
          apiError(400, TWO_FACTOR_ERRORS.wrongPassword, en(AUTH_MESSAGES.currentPasswordWrong)),
          apiError(400, TWO_FACTOR_ERRORS.invalid, en(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid)),
          new Response(null, { status: 204 }) as never,
        ),
      ),
    );
    await renderCard();
    expect(await screen.findByText(en(TEXTS.onSince, { when: 'Nov 20, 2026' }))).toBeTruthy();
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('3 recovery codes left');
    expect(screen.queryByRole('button', { name: en(TEXTS.setUp) })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.turnOff) }));
    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.turnOffTitle) });
    expect(within(dialog).getByText(en(TEXTS.turnOffDescription))).toBeTruthy();
    // Both fields are needed: nothing is sent without them.
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOff) }));
    expect(await within(dialog).findByText('Password is required')).toBeTruthy();
    expect(within(dialog).getByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.codeRequired))).toBeTruthy();
    await requestsArrived();
    expect(calls().filter((c) => c.method === 'POST')).toEqual([]);

    type(en(TEXTS.passwordLabel), 'wrong-pass');
    type(en(TEXTS.codeOrRecoveryLabel), '123456');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOff) }));
    expect(await within(dialog).findByText(en(AUTH_MESSAGES.currentPasswordWrong))).toBeTruthy();
    expectFocusedAndSelected(en(TEXTS.passwordLabel));

    type(en(TEXTS.passwordLabel), 'secret-123');
    type(en(TEXTS.codeOrRecoveryLabel), 'abcde-zzzzz');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOff) }));
    expect(await within(dialog).findByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.recoveryCodeInvalid))).toBeTruthy();
    expect(within(dialog).queryByText(en(AUTH_MESSAGES.currentPasswordWrong))).toBeNull();
    expectFocusedAndSelected(en(TEXTS.codeOrRecoveryLabel));

    type(en(TEXTS.codeOrRecoveryLabel), ' abcde-fghjk ');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOff) }));
    expect(await screen.findByText(en(TEXTS.turnedOff))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: en(TEXTS.setUp) })).toBeTruthy();
    expect(calls().filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { password: 'wrong-pass', code: '123456' },
      { password: 'secret-123', code: 'abcde-zzzzz' },
      { password: 'secret-123', code: 'abcde-fghjk' },
    ]);
  });

  it('required by the organization: Turn Off says so under the form and stays open, on', async () => {
    apiServer.use(twoFactorApi.status(on()), twoFactorApi.disable(apiError(400, TWO_FACTOR_ERRORS.requiredByOrganization, en(TWO_FACTOR_POLICY_MESSAGES.cannotTurnOff))));
    await renderCard();
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.turnOff) }));
    await screen.findByLabelText(en(TEXTS.passwordLabel));
    type(en(TEXTS.passwordLabel), 'secret-123');
    type(en(TEXTS.codeOrRecoveryLabel), '123456');
    const dialog = screen.getByRole('dialog', { name: en(TEXTS.turnOffTitle) });
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.turnOff) }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en(TWO_FACTOR_POLICY_MESSAGES.cannotTurnOff));
    expect(screen.getByRole('dialog', { name: en(TEXTS.turnOffTitle) })).toBe(dialog);
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe(en(TEXTS.recoveryLeft, { n: 10 }));
  });

  it('turned off in another tab: Turn Off says so, closes, and the card reads it again', async () => {
    apiServer.use(twoFactorApi.status(inTurn(on(), off)), twoFactorApi.disable(apiError(400, TWO_FACTOR_ERRORS.notOn, en(TWO_FACTOR_MESSAGES.notOn))));
    await renderCard();
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.turnOff) }));
    await screen.findByLabelText(en(TEXTS.passwordLabel));
    type(en(TEXTS.passwordLabel), 'secret-123');
    type(en(TEXTS.codeOrRecoveryLabel), '123456');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: en(TEXTS.turnOff) }));
    expect(await screen.findByText(en(TWO_FACTOR_MESSAGES.notOn))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: en(TEXTS.setUp) })).toBeTruthy();
  });

  it('makes new recovery codes with an app code, and shows them once', async () => {
    apiServer.use(
      twoFactorApi.status(inTurn(on(1), on(10))),
      twoFactorApi.newRecoveryCodes(inTurn(apiError(400, TWO_FACTOR_ERRORS.invalid, en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid)), { recoveryCodes })),
    );
    await renderCard();
    expect(await screen.findByText(en(TEXTS.recoveryLeft, { n: 1 }))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.newRecoveryCodes) }));
    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.newRecoveryCodesTitle) });
    expect(within(dialog).getByText(en(TEXTS.newRecoveryCodesDescription))).toBeTruthy();
    type(en(TEXTS.codeLabel), '111111');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.makeCodes) }));
    expect(await within(dialog).findByText(en(TWO_FACTOR_SIGN_IN_MESSAGES.codeInvalid))).toBeTruthy();
    expectFocusedAndSelected(en(TEXTS.codeLabel));
    type(en(TEXTS.codeLabel), '222222');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.makeCodes) }));

    const codes = await screen.findByRole('list', { name: en(TEXTS.recoveryCodesLabel) });
    expect(within(codes).getAllByRole('listitem').map((item) => item.textContent)).toEqual(shownCodes);
    expect(await screen.findByText(en(TEXTS.recoveryLeft, { n: 10 }))).toBeTruthy();
    // Escape does not lose them either.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en(TEXTS.saveFirst));
    expect(screen.getByRole('dialog', { name: en(TEXTS.recoveryTitle) })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.saved) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls().filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ code: '111111' }, { code: '222222' }]);
  });

  it('a failed load says so, and Retry loads it again', async () => {
    apiServer.use(twoFactorApi.status(inTurn(apiError(500, 'internal', 'The database is away'), off)));
    await renderCard();
    expect(await screen.findByText(en(TEXTS.loadFailed))).toBeTruthy();
    expect(screen.getByText('The database is away')).toBeTruthy();
    expect(screen.queryByRole('button', { name: en(TEXTS.setUp) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: en(TEXTS.setUp) })).toBeTruthy();
    expect(screen.queryByText(en(TEXTS.loadFailed))).toBeNull();
  });
});
