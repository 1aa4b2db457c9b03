// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '@/domain/auth';
import { PASSKEY_ERRORS, PASSKEY_MESSAGES, type Passkey } from '@/domain/passkeys';
import { passkeysApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, requestsArrived, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { UI_TEXTS } from '@/web/components/ui/texts';
import { PASSKEY_TEXTS as TEXTS } from '../texts';
import { PasskeysCard } from './passkeys-card';

// The browser's WebAuthn ceremony: jsdom has none, so the library's entry points stand in.
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock('@simplewebauthn/browser', () => webauthn);

const laptop: Passkey = { id: '11111111-1111-4111-8111-111111111111', name: 'Work laptop', createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: '2026-11-26T15:30:00.000Z' };
const phone: Passkey = { id: '22222222-2222-4222-8222-222222222222', name: 'Phone', createdAt: '2026-11-25T09:00:00.000Z', lastUsedAt: null };

const creationOptions = {
  challenge: 'Y2hhbGxlbmdl',
  rp: { id: 'localhost', name: 'Brieflane' },
  user: { id: 'dXNlci0x', name: 'ada@example.com', displayName: 'Ada Lovelace' },
  pubKeyCredParams: [{ type: 'public-key', alg: -7 }],
  authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
};
const registration = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA', transports: ['internal'] }, clientExtensionResults: {} };

/** The card's own requests: method, path and body. */
const calls = () => sentRequests.filter((r) => r.path.startsWith('/api/settings/passkeys')).map(({ method, path, body }) => ({ method, path, body }));

function browserError(name: string, code?: string) {
  return Object.assign(new Error(`the browser said ${name}`), { name, ...(code ? { code } : {}) });
}

beforeEach(() => {
  // jsdom has no WebAuthn; the card asks whether the browser has it.
  Object.defineProperty(window, 'PublicKeyCredential', { value: function PublicKeyCredential() {}, configurable: true });
  webauthn.startRegistration.mockReset();
});
afterEach(() => {
  Reflect.deleteProperty(window, 'PublicKeyCredential');
});

function type(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

async function renderCard() {
  return renderWithProviders(<PasskeysCard />, { signedInAs: 'developer' });
}

describe('Settings -> Passkeys', () => {
  it('lists each passkey with its name, when it was added and when last used', async () => {
    apiServer.use(passkeysApi.list([phone, laptop]));
    await renderCard();
    const list = await screen.findByRole('list', { name: en(TEXTS.title) });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Phone'),
      expect.stringContaining('Work laptop'),
    ]);
    expect(rows[0]!.textContent).toContain(`${en(TEXTS.addedOn, { when: 'Nov 25, 2026' })}, ${en(TEXTS.neverUsed)}`);
    expect(rows[1]!.textContent).toMatch(/Added Nov 20, 2026, last used Nov 26, 2026 \d{1,2}:30 (AM|PM)/);
    // Each row's buttons say which passkey they act on.
    expect(within(rows[1]!).getByRole('button', { name: en(TEXTS.renameLabel, { name: 'Work laptop' }) })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: en(TEXTS.removeLabel, { name: 'Work laptop' }) })).toBeTruthy();
  });

  it('says when there are none, and offers Add only where the browser can make passkeys', async () => {
    apiServer.use(passkeysApi.list([]));
    Reflect.deleteProperty(window, 'PublicKeyCredential');
    await renderCard();
    expect(await screen.findByText(en(TEXTS.empty))).toBeTruthy();
    expect(screen.getByText(en(TEXTS.unsupported))).toBeTruthy();
    expect((screen.getByRole('button', { name: en(TEXTS.add) }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds one: a name and the password, then the device; a wrong password is shown under its field', async () => {
    apiServer.use(
      passkeysApi.list(inTurn<Passkey[]>([], [phone])),
      passkeysApi.registrationOptions(inTurn(apiError(400, PASSKEY_ERRORS.wrongPassword, en(AUTH_MESSAGES.currentPasswordWrong)), creationOptions)),
      passkeysApi.add(phone),
    );
    webauthn.startRegistration.mockResolvedValue(registration);
    await renderCard();
    expect(await screen.findByText(en(TEXTS.empty))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.add) }));

    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.addTitle) });
    expect(within(dialog).getByText(en(TEXTS.addDescription))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(en(TEXTS.nameLabel))));
    // Both fields are checked before anything is sent.
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.continue) }));
    expect(await within(dialog).findByText(en(PASSKEY_MESSAGES.nameRequired))).toBeTruthy();
    expect(within(dialog).getByText('Password is required')).toBeTruthy();
    await requestsArrived();
    expect(calls().filter((c) => c.method !== 'GET')).toEqual([]);

    type(en(TEXTS.nameLabel), ' Phone ');
    type(en(TEXTS.passwordLabel), 'wrong-pass');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.continue) }));
    expect(await within(dialog).findByText(en(AUTH_MESSAGES.currentPasswordWrong))).toBeTruthy();
    const password = screen.getByLabelText(en(TEXTS.passwordLabel)) as HTMLInputElement;
    expect(document.activeElement).toBe(password);
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, password.value.length]);
    expect(webauthn.startRegistration).not.toHaveBeenCalled();

    type(en(TEXTS.passwordLabel), 'secret-123');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.continue) }));
    expect(await screen.findByText(en(TEXTS.added))).toBeTruthy();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: creationOptions });
    expect(calls().filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/settings/passkeys/options', body: { password: 'wrong-pass' } },
      { method: 'POST', path: '/api/settings/passkeys/options', body: { password: 'secret-123' } },
      { method: 'POST', path: '/api/settings/passkeys', body: { name: 'Phone', response: registration } },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Phone')).toBeTruthy();
  });

  it("says so when the device does not confirm, already keeps one, or the server refuses the answer", async () => {
    apiServer.use(
      passkeysApi.list([]),
      passkeysApi.registrationOptions(creationOptions),
      passkeysApi.add(apiError(409, PASSKEY_ERRORS.exists, en(PASSKEY_MESSAGES.exists))),
    );
    webauthn.startRegistration
      .mockRejectedValueOnce(browserError('NotAllowedError', 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY'))
      .mockRejectedValueOnce(browserError('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED'))
      .mockResolvedValueOnce(registration);
    await renderCard();
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.add) }));
    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.addTitle) });
    type(en(TEXTS.nameLabel), 'Laptop');
    type(en(TEXTS.passwordLabel), 'secret-123');
    for (const message of [en(TEXTS.cancelled), en(TEXTS.alreadyOnDevice), en(PASSKEY_MESSAGES.exists)]) {
      fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.continue) }));
      await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(message));
    }
    // The dialog stays open for another try; Cancel closes it.
    fireEvent.click(within(dialog).getByRole('button', { name: en(UI_TEXTS.cancel) }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('renames one', async () => {
    apiServer.use(
      passkeysApi.list(inTurn<Passkey[]>([laptop], [{ ...laptop, name: 'Old laptop' }])),
      passkeysApi.rename(laptop.id, inTurn(apiError(400, 'bad_request', 'Name must be storable'), { ...laptop, name: 'Old laptop' })),
    );
    await renderCard();
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.renameLabel, { name: 'Work laptop' }) }));
    const dialog = await screen.findByRole('dialog', { name: en(TEXTS.renameTitle) });
    const name = screen.getByLabelText(en(TEXTS.nameLabel)) as HTMLInputElement;
    expect(name.value).toBe('Work laptop');
    await waitFor(() => expect(document.activeElement).toBe(name));
    type(en(TEXTS.nameLabel), '');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.save) }));
    expect(await within(dialog).findByText(en(PASSKEY_MESSAGES.nameRequired))).toBeTruthy();
    type(en(TEXTS.nameLabel), 'Old laptop');
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.save) }));
    // The server's refusal goes under the field.
    expect(await within(dialog).findByText('Name must be storable')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.save) }));
    expect(await screen.findByText(en(TEXTS.renamed))).toBeTruthy();
    expect(calls().filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ name: 'Old laptop' }, { name: 'Old laptop' }]);
    expect(await screen.findByText('Old laptop')).toBeTruthy();
  });

  it('removes one only after its confirmation', async () => {
    apiServer.use(passkeysApi.list(inTurn<Passkey[]>([laptop, phone], [phone])), passkeysApi.remove(laptop.id));
    await renderCard();
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.removeLabel, { name: 'Work laptop' }) }));
    let confirm = await screen.findByRole('alertdialog', { name: en(TEXTS.removeTitle) });
    expect(within(confirm).getByText(en(TEXTS.removeConfirm, { name: 'Work laptop' }))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: en(UI_TEXTS.cancel) }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await requestsArrived();
    expect(calls().filter((c) => c.method === 'DELETE')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.removeLabel, { name: 'Work laptop' }) }));
    confirm = await screen.findByRole('alertdialog', { name: en(TEXTS.removeTitle) });
    fireEvent.click(within(confirm).getByRole('button', { name: en(TEXTS.remove) }));
    expect(await screen.findByText(en(TEXTS.removed))).toBeTruthy();
    expect(calls().filter((c) => c.method === 'DELETE')).toEqual([{ method: 'DELETE', path: `/api/settings/passkeys/${laptop.id}`, body: undefined }]);
    await waitFor(() => expect(screen.queryByText('Work laptop')).toBeNull());
  });
});
