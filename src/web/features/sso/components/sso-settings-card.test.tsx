// @vitest-environment jsdom
// Settings -> Single Sign-On (issue 31 item 4): the organization admin connects the provider,
// admins read it; the secret is write-only.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SSO_MESSAGES, type SsoDomainState, type SsoSettingsState } from '@/domain/sso';
import { ssoApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { SSO_TEXTS as TEXTS } from '../texts';
import { SsoSettingsCard } from './sso-settings-card';

const CALLBACK = 'https://brieflane.example/api/auth/sso/callback';
const none: SsoSettingsState = { callbackUrl: CALLBACK, settings: null };
const RECORD = 'brieflane-verification=0123456789abcdef0123456789abcdef';
const unproven = (domain: string): SsoDomainState => ({ domain, record: RECORD, verified: false, verifiedAt: null, checkedAt: null, checkError: null });
const proven = (domain: string): SsoDomainState => ({ ...unproven(domain), verified: true, verifiedAt: '2026-11-27T10:05:00.000Z', checkedAt: '2026-11-27T10:05:00.000Z' });
const settings = (domains: SsoDomainState[]): SsoSettingsState => ({
  callbackUrl: CALLBACK,
  settings: {
    issuer: 'https://login.agency.example',
    clientId: 'brieflane',
    hasClientSecret: true,
    domains,
    newMembers: 'join',
    joinRole: 'account_executive',
    passwordSignIn: false,
    emailVerifiedOptional: false,
    updatedAt: '2026-11-27T10:00:00.000Z',
  },
});
/** Issue 46: one domain proven, one still waiting for its record. */
const saved = settings([proven('agency.example'), { ...unproven('agency.co.uk'), checkedAt: '2026-11-27T10:05:00.000Z', checkError: 'not_found' }]);

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const passwordSwitch = () => screen.getByRole('switch', { name: en(TEXTS.passwordSignIn) });

describe('Settings -> Single Sign-On', () => {
  it('the organization admin sets it up: the callback URL to register, then issuer, client, secret, domains, who joins as what, password sign-in', async () => {
    apiServer.use(
      ssoApi.settings(none),
      ssoApi.save(({ body }) => {
        expect(body).toEqual({
          issuer: 'https://login.agency.example',
          clientId: 'brieflane',
          clientSecret: 's3cret',
          domains: ['agency.example', 'agency.co.uk'],
          newMembers: 'join',
          joinRole: 'account_executive',
          passwordSignIn: false,
          emailVerifiedOptional: true,
        });
        return settings([unproven('agency.example'), unproven('agency.co.uk')]);
      }),
    );
    await renderWithProviders(<SsoSettingsCard canChange />, { signedInAs: 'organization_admin' });
    expect(await screen.findByText(en(TEXTS.notSetUp))).toBeTruthy();
    expect(field(en(TEXTS.callbackUrl)).value).toBe(CALLBACK);
    expect(field(en(TEXTS.callbackUrl)).readOnly).toBe(true);
    // Developer by default (spec 9), password sign-in on.
    expect(radio(en(TEXTS.joinAs['developer'])).checked).toBe(true);
    expect(passwordSwitch().getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('button', { name: en(TEXTS.remove) })).toBeNull();

    // The form's own checks first: nothing is sent, and the first field refused has the focus.
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.save) }));
    expect(await screen.findByText('Issuer is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(en(TEXTS.issuer))));
    expect(sentRequests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    type(en(TEXTS.issuer), 'https://login.agency.example');
    type(en(TEXTS.clientId), 'brieflane');
    type(en(TEXTS.domains), 'Agency.example,\n agency.co.uk');
    // The first save needs the secret.
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.save) }));
    expect(await screen.findByText(en(SSO_MESSAGES.secretRequired))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(en(TEXTS.clientSecret))));
    expect(field(en(TEXTS.clientSecret)).getAttribute('aria-invalid')).toBe('true');
    expect(sentRequests.filter((r) => r.method === 'PUT')).toHaveLength(0);
    type(en(TEXTS.clientSecret), 's3cret');
    fireEvent.click(radio(en(TEXTS.joinAs['account_executive'])));
    fireEvent.click(passwordSwitch());
    expect(screen.getByRole('switch', { name: en(TEXTS.emailVerifiedOptional) }).getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('switch', { name: en(TEXTS.emailVerifiedOptional) }));
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.save) }));
    expect(await screen.findByText(en(TEXTS.saved))).toBeTruthy();
    // Issue 46: saved is not on: each domain waits for its TXT record, shown to copy.
    await waitFor(() => expect(screen.getByText(en(TEXTS.waitingForProof))).toBeTruthy());
    expect(screen.queryByText(en(TEXTS.on))).toBeNull();
    expect(field(en(TEXTS.txtRecord, { domain: 'agency.example' })).value).toBe(RECORD);
    expect(screen.getAllByText(en(TEXTS.notProven))).toHaveLength(2);
    // Saved: the secret field is empty again and says one is kept.
    expect(field(en(TEXTS.clientSecret)).value).toBe('');
    expect(field(en(TEXTS.clientSecret)).placeholder).toBe(en(TEXTS.clientSecretSavedPlaceholder));
    expect(field(en(TEXTS.domains)).value).toBe('agency.example\nagency.co.uk');
  });

  it('shows a refused issuer or domain under its field', async () => {
    apiServer.use(
      ssoApi.settings(saved),
      ssoApi.save(
        inTurn<SsoSettingsState>(
          apiError(400, 'sso_issuer_timeout', en(SSO_MESSAGES.issuerProblems.timeout, { host: 'login.agency.example' })),
          apiError(409, 'sso_domain_taken', "agency.co.uk is already used by another organization's single sign-on."),
        ),
      ),
    );
    await renderWithProviders(<SsoSettingsCard canChange />, { signedInAs: 'organization_admin' });
    await screen.findByText(en(TEXTS.on));
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.save) }));
    expect(await screen.findByText(en(SSO_MESSAGES.issuerProblems.timeout, { host: 'login.agency.example' }))).toBeTruthy();
    expect(field(en(TEXTS.issuer)).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(en(TEXTS.issuer)));
    // No detail came with it: no Details to open.
    expect(screen.queryByText(en(TEXTS.errorDetails))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.save) }));
    expect(await screen.findByText(/agency\.co\.uk is already used/)).toBeTruthy();
    expect(field(en(TEXTS.domains)).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(en(TEXTS.domains)));
    // A saved secret is kept: none is sent.
    expect(sentRequests.filter((r) => r.method === 'PUT').map((r) => (r.body as { clientSecret?: string }).clientSecret)).toEqual([undefined, undefined]);
  });

  it('issue 49 item 11: a refused issuer takes the focus once the fields are enabled again after the save', async () => {
    // The answer waits until the card has drawn the save under way (its fields disabled), as in
    // a browser: focus() on a disabled field does nothing, so the focus must move after that.
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const sentence = en(SSO_MESSAGES.issuerProblems.unreachable, { host: 'login.agency.example' });
    apiServer.use(ssoApi.settings(saved), ssoApi.save(() => answered.then(() => apiError(400, 'sso_issuer_unreachable', sentence))));
    await renderWithProviders(<SsoSettingsCard canChange />, { signedInAs: 'organization_admin' });
    await screen.findByText(en(TEXTS.on));
    screen.getByRole('button', { name: en(TEXTS.save) }).focus();
    fireEvent.submit(screen.getByRole('button', { name: en(TEXTS.save) }).closest('form')!);
    await waitFor(() => expect(field(en(TEXTS.issuer)).disabled).toBe(true));
    answer();
    const message = await screen.findByText(sentence);
    await waitFor(() => expect(document.activeElement).toBe(field(en(TEXTS.issuer))));
    expect(field(en(TEXTS.issuer)).disabled).toBe(false);
    expect(field(en(TEXTS.issuer)).getAttribute('aria-invalid')).toBe('true');
    expect(field(en(TEXTS.issuer)).getAttribute('aria-describedby')).toBe(message.id);
  });

  it('issue 49: an issuer that cannot be used reads as a plain sentence; the technical words wait behind Details', async () => {
    const sentence = en(SSO_MESSAGES.issuerProblems.certificate, { host: 'login.agency.example' });
    const detail = 'TLS with login.agency.example failed: self-signed certificate (DEPTH_ZERO_SELF_SIGNED_CERT)';
    apiServer.use(ssoApi.settings(saved), ssoApi.save(apiError(400, 'sso_issuer_certificate', sentence, detail)));
    await renderWithProviders(<SsoSettingsCard canChange />, { signedInAs: 'organization_admin' });
    await screen.findByText(en(TEXTS.on));
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.save) }));

    // The sentence is the issuer's message, announced and linked to the field, which has the focus.
    const message = await screen.findByText(sentence);
    expect(message.getAttribute('role')).toBe('alert');
    expect(field(en(TEXTS.issuer)).getAttribute('aria-invalid')).toBe('true');
    expect(field(en(TEXTS.issuer)).getAttribute('aria-describedby')).toBe(message.id);
    expect(document.activeElement).toBe(field(en(TEXTS.issuer)));
    expect(message.textContent).not.toContain('DEPTH_ZERO_SELF_SIGNED_CERT');

    // A native disclosure (its summary is reached by Tab and opened by Enter or Space), closed at first.
    const summary = screen.getByText(en(TEXTS.errorDetails));
    expect(summary.tagName).toBe('SUMMARY');
    const disclosure = summary.parentElement as HTMLDetailsElement;
    expect(disclosure.tagName).toBe('DETAILS');
    expect(disclosure.open).toBe(false);
    expect(within(disclosure).getByText(detail)).toBeTruthy();
    fireEvent.click(summary);
    await waitFor(() => expect(disclosure.open).toBe(true));

    // Another issuer typed: the server's sentence and its detail go.
    type(en(TEXTS.issuer), 'https://login.agency.example/realms/acme');
    await waitFor(() => expect(screen.queryByText(sentence)).toBeNull());
    expect(screen.queryByText(en(TEXTS.errorDetails))).toBeNull();
  });

  it('issue 46: Check now looks for a domain’s record and shows what it found', async () => {
    apiServer.use(
      ssoApi.settings(saved),
      ssoApi.checkDomain(
        'agency.co.uk',
        inTurn<SsoSettingsState>(
          settings([proven('agency.example'), { ...unproven('agency.co.uk'), checkedAt: '2026-11-27T11:00:00.000Z', checkError: 'unreachable' }]),
          settings([proven('agency.example'), proven('agency.co.uk')]),
        ),
      ),
    );
    await renderWithProviders(<SsoSettingsCard canChange />, { signedInAs: 'organization_admin' });
    const proofs = await screen.findAllByTestId('sso-domain-proof');
    expect(within(proofs[0]!).getByText(en(TEXTS.proven))).toBeTruthy();
    expect(within(proofs[1]!).getByText(en(TEXTS.notProven))).toBeTruthy();
    expect(within(proofs[1]!).getByTestId('sso-domain-proof-status').textContent).toContain(en(TEXTS.checkErrors.not_found));
    // One of the domains is proven: the card says it is on.
    expect(screen.getByText(en(TEXTS.on))).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.checkNowLabel, { domain: 'agency.co.uk' }) }));
    expect(await screen.findByText(en(TEXTS.proofFailed, { domain: 'agency.co.uk' }))).toBeTruthy();
    await waitFor(() => expect(within(screen.getAllByTestId('sso-domain-proof')[1]!).getByTestId('sso-domain-proof-status').textContent).toContain(en(TEXTS.checkErrors.unreachable)));
    fireEvent.click(screen.getByRole('button', { name: en(TEXTS.checkNowLabel, { domain: 'agency.co.uk' }) }));
    expect(await screen.findByText(en(TEXTS.proofPassed, { domain: 'agency.co.uk' }))).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText(en(TEXTS.proven))).toHaveLength(2));
    expect(sentRequests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/organization/sso/domains/agency.co.uk/check', '/api/organization/sso/domains/agency.co.uk/check']);
  });

  it('removes it after confirming', async () => {
    apiServer.use(ssoApi.settings(saved), ssoApi.remove());
    await renderWithProviders(<SsoSettingsCard canChange />, { signedInAs: 'organization_admin' });
    fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.remove) }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(en(TEXTS.removeConfirm))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: en(TEXTS.remove) }));
    expect(await screen.findByText(en(TEXTS.removed))).toBeTruthy();
    await waitFor(() => expect(screen.getByText(en(TEXTS.notSetUp))).toBeTruthy());
    expect(sentRequests.filter((r) => r.method === 'DELETE')).toHaveLength(1);
  });

  it('an admin sees it read-only: every field disabled, no Save or Remove, who can change it', async () => {
    apiServer.use(ssoApi.settings(saved));
    await renderWithProviders(<SsoSettingsCard canChange={false} />, { signedInAs: 'admin' });
    expect(await screen.findByText(en(TEXTS.readOnly))).toBeTruthy();
    expect(field(en(TEXTS.issuer)).value).toBe('https://login.agency.example');
    for (const label of [en(TEXTS.issuer), en(TEXTS.clientId), en(TEXTS.clientSecret), en(TEXTS.domains)]) expect(field(label).disabled).toBe(true);
    expect(radio(en(TEXTS.joinAs['account_executive'])).checked).toBe(true);
    expect(radio(en(TEXTS.refuse)).matches(':disabled')).toBe(true);
    expect(passwordSwitch().getAttribute('aria-checked')).toBe('false');
    expect((passwordSwitch() as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: en(TEXTS.save) })).toBeNull();
    expect(screen.queryByRole('button', { name: en(TEXTS.remove) })).toBeNull();
    // The proof is shown, but only the organization admin checks it.
    expect(screen.getAllByTestId('sso-domain-proof')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: en(TEXTS.checkNowLabel, { domain: 'agency.co.uk' }) })).toBeNull();
  });
});
