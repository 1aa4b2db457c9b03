import { en } from '@/web/test/texts';
// @vitest-environment jsdom
// Settings -> API tokens (issue 30): creating a token, on the form kit (issue 47 item 3).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_TEXTS as TEXTS, API_TOKENS_PER_MEMBER, type CreatedApiToken } from '@/domain/api-tokens';
import { apiTokensApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { ApiTokensCard } from './api-tokens-card';

// jsdom lays nothing out: Radix Select calls these when its list opens.
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;

const created: CreatedApiToken = {
  id: 'token-1',
  name: 'Reporting script',
  scope: 'write',
  prefix: 'blt_abcd',
  role: 'admin',
  createdAt: '2026-11-27T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedAddress: null,
  token: 'blt_abcd0123456789',
};

const dialog = () => screen.getByRole('dialog');
const nameField = () => within(dialog()).getByLabelText(en(TEXTS.name)) as HTMLInputElement;
const create = () => fireEvent.click(within(dialog()).getByRole('button', { name: en(TEXTS.create) }));
const posted = () => sentRequests.filter((request) => request.method === 'POST').map((request) => request.body);

async function choose(label: string, option: string) {
  fireEvent.keyDown(within(dialog()).getByRole('combobox', { name: label }), { key: 'Enter' });
  fireEvent.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(within(dialog()).getByRole('combobox', { name: label }).textContent).toBe(option));
}

describe('Settings -> API tokens', () => {
  it('creates a token: a name first, the access and expiry chosen, then the token shown once', async () => {
    apiServer.use(apiTokensApi.list(), apiTokensApi.create(created));
    await renderWithProviders(<ApiTokensCard />, { signedInAs: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.create) }));
    await screen.findByRole('dialog');
    // Read only, for 90 days, unless chosen otherwise.
    expect(within(dialog()).getByRole('combobox', { name: en(TEXTS.scope) }).textContent).toBe(en(TEXTS.scopes.read));
    expect(within(dialog()).getByRole('combobox', { name: en(TEXTS.expiry) }).textContent).toBe(en(TEXTS.expiries['90']));

    fireEvent.change(nameField(), { target: { value: '   ' } });
    within(dialog()).getByRole('combobox', { name: en(TEXTS.scope) }).focus();
    create();
    expect(await within(dialog()).findByText(en(TEXTS.nameRequired))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    expect(nameField().getAttribute('aria-invalid')).toBe('true');
    expect(posted()).toEqual([]);

    fireEvent.change(nameField(), { target: { value: ' Reporting script ' } });
    await choose(en(TEXTS.scope), en(TEXTS.scopes.write));
    await choose(en(TEXTS.expiry), en(TEXTS.expiries.never));
    create();
    expect(await screen.findByDisplayValue(created.token)).toBeTruthy();
    expect(screen.getByText(en(TEXTS.shownOnce))).toBeTruthy();
    expect(posted()).toEqual([{ name: 'Reporting script', scope: 'write', expiresInDays: null }]);
  });

  it("says the server's refusal in the dialog, and keeps what was typed", async () => {
    apiServer.use(apiTokensApi.list(), apiTokensApi.create(inTurn<CreatedApiToken>(apiError(409, 'too_many_tokens', en(TEXTS.tooMany, { max: API_TOKENS_PER_MEMBER })), created)));
    await renderWithProviders(<ApiTokensCard />, { signedInAs: 'admin' });
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.create) }));
    await screen.findByRole('dialog');
    fireEvent.change(nameField(), { target: { value: 'Reporting script' } });
    await choose(en(TEXTS.expiry), en(TEXTS.expiries['30']));
    create();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(en(TEXTS.tooMany, { max: API_TOKENS_PER_MEMBER }));
    expect(nameField().value).toBe('Reporting script');
    create();
    expect(await screen.findByDisplayValue(created.token)).toBeTruthy();
    expect(posted()).toEqual([
      { name: 'Reporting script', scope: 'read', expiresInDays: 30 },
      { name: 'Reporting script', scope: 'read', expiresInDays: 30 },
    ]);
  });
});
