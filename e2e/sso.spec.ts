// Single sign-on with OpenID Connect (issue 31 item 4): the organization admin connects the
// organization's provider in Settings (here a real OpenID provider, the oidc-provider package,
// started by this spec on 127.0.0.1 with a client registered for the app), and a new person of the
// organization's domain signs in through it: "Continue with SSO" on the sign-in page, the
// provider's own login and consent pages in Chromium, and back into the organization as a
// developer. The card and the sign-in step pass axe. Issue 46: the domain acts only once its TXT
// record is found, here by a DNS server this spec starts on the loopback port the app's
// DNS_SERVERS names (playwright.config.ts); the sign-in button names the provider's host and is
// the only way to it.
import { randomUUID } from 'node:crypto';
import { startDnsServer, type TestDnsServer } from '../src/server/test/dns-server';
import { startOidcProvider, type OidcTestProvider } from '../src/server/test/oidc-provider';
import { expect, expectNoSeriousViolations, readEmail, test, VERIFICATION_CODE } from './fixtures';

let provider: OidcTestProvider;
let dns: TestDnsServer;

test.beforeAll(async ({ baseURL }) => {
  provider = await startOidcProvider({ redirectUris: [`${baseURL}/api/auth/sso/callback`] });
  // The port playwright.config.ts gave the app as DNS_SERVERS.
  dns = await startDnsServer(Number(process.env.E2E_DNS_PORT ?? 5354));
});
test.afterAll(async () => {
  await provider?.close();
  await dns?.close();
});

test.describe('Organization admin', () => {
  test('connects the OpenID provider in Settings, and a new person of the domain signs in through it into the organization', async ({ page, browser, baseURL }, testInfo) => {
    test.slow();
    const domain = `sso-${randomUUID().slice(0, 8)}.e2e.test`;
    const owner = { fullName: 'E2E Sso Owner', email: `owner@${domain}`, password: 'first-pass-123' };
    const sent = await page.request.post('/api/auth/sign-up/send-code', { data: { email: owner.email } });
    expect(sent.ok(), await sent.text()).toBe(true);
    const [, code] = await readEmail(page.request, owner.email, VERIFICATION_CODE);
    const created = await page.request.post('/api/auth/sign-up', { data: { ...owner, code } });
    expect(created.status(), await created.text()).toBe(201);
    const organization = (await created.json()).organization as { id: string; name: string };

    // Settings -> Single Sign-On: the callback URL to register, then the provider's details.
    await page.goto('/?tab=settings&section=organization');
    const card = page.getByTestId('sso-settings-card');
    await expect(card.getByRole('heading', { name: 'Single Sign-On' })).toBeVisible();
    await expect(card.getByText('Not set up')).toBeVisible();
    await expect(card.getByLabel('Callback URL')).toHaveValue(`${baseURL}/api/auth/sso/callback`);
    await card.getByLabel('Issuer URL').fill(provider.issuer);
    await card.getByLabel('Client ID').fill(provider.clientId);
    await card.getByLabel('Client secret').fill(provider.clientSecret);
    await card.getByLabel('Email domains').fill(domain);
    await expect(card.getByRole('radio', { name: 'Join as Developer' })).toBeChecked();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Single sign-on saved')).toBeVisible();
    // Saved, not acting: the domain waits for its TXT record.
    await expect(card.getByText('Waiting for DNS proof')).toBeVisible();
    const record = card.getByLabel(`TXT record for ${domain}`);
    await expect(record).toHaveValue(/^brieflane-verification=[0-9a-f]{32}$/);
    const checkNow = card.getByRole('button', { name: `Check now for ${domain}` });
    await checkNow.click();
    await expect(page.getByText(`${domain} is not proven yet`)).toBeVisible();
    await expect(card.getByTestId('sso-domain-proof-status')).toContainText('The record was not found.');
    // The DNS admin publishes it; Check now finds it.
    dns.setTxt(domain, [await record.inputValue()]);
    await checkNow.click();
    await expect(page.getByText(`${domain} is proven`)).toBeVisible();
    await expect(card.getByTestId('sso-domain-proof').getByText('Proven', { exact: true })).toBeVisible();
    await expect(card.getByText('On', { exact: true })).toBeVisible();
    await expect(card.getByLabel('Client secret')).toHaveValue('');
    await expect(card.getByLabel('Client secret')).toHaveAttribute('placeholder', 'Saved: leave empty to keep it');
    await expectNoSeriousViolations(page, 'the single sign-on card', '[data-testid="sso-settings-card"]');
    await card.screenshot({ path: testInfo.outputPath('sso-settings-card.png') });
    await testInfo.attach('sso-settings-card', { path: testInfo.outputPath('sso-settings-card.png'), contentType: 'image/png' });

    // A new person, in a browser of their own: the email first, then the organization's provider.
    const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.7' } });
    const person = await context.newPage();
    const email = `new.person@${domain}`;
    await person.goto('/');
    await expect(person.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
    await person.getByLabel('Email').fill(email);
    // Enter in the email field does not leave the page: it lands on the button naming the host.
    await person.keyboard.press('Enter');
    const providerHost = new URL(provider.issuer).host;
    const sso = person.getByRole('link', { name: `Continue with SSO at ${providerHost}` });
    await expect(sso).toBeFocused();
    expect(new URL(person.url()).origin).toBe(new URL(baseURL!).origin);
    await expect(sso).toBeVisible();
    await expect(person.getByText('Your organization signs in with single sign-on.')).toBeVisible();
    await expectNoSeriousViolations(person, 'the sign-in page offering single sign-on');
    await person.screenshot({ path: testInfo.outputPath('sign-in-sso-step.png') });
    await testInfo.attach('sign-in-sso-step', { path: testInfo.outputPath('sign-in-sso-step.png'), contentType: 'image/png' });
    // By keyboard.
    await sso.focus();
    await person.keyboard.press('Enter');

    // The provider's own pages: its login (the email given as the login hint), then consent.
    await person.waitForURL((url) => url.origin === provider.issuer);
    await expect(person.locator('input[name="login"]')).toHaveValue(email);
    await person.locator('input[name="password"]').fill('any-password');
    await person.getByRole('button', { name: 'Sign-in' }).click();
    await person.getByRole('button', { name: 'Continue' }).click();

    // Back in Brieflane, signed in, a developer of the organization.
    await person.waitForURL((url) => url.origin === new URL(baseURL!).origin);
    await expect(person.getByRole('heading', { name: 'Project Management' })).toBeVisible();
    await expect(person.getByRole('banner').getByText('Person new.person')).toBeVisible();
    const me = await (await person.request.get('/api/me')).json();
    expect(me).toMatchObject({ user: { email }, profile: { role: 'developer' }, organization: { id: organization.id, name: organization.name } });
    await context.close();

    // The organization admin sees the join in the Activities tab.
    await page.goto('/?tab=activities');
    await expect(page.getByText('Joined through single sign-on').first()).toBeVisible();

    // Password sign-in off: the sign-in page offers only the provider for the domain.
    await page.goto('/?tab=settings&section=organization');
    await card.getByRole('switch', { name: 'Members may also sign in with a password' }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('switch', { name: 'Members may also sign in with a password' })).toHaveAttribute('aria-checked', 'false');
    const later = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': '10.250.0.8' } });
    const signInPage = await later.newPage();
    await signInPage.goto('/');
    await signInPage.getByLabel('Email').fill(`someone@${domain}`);
    await signInPage.keyboard.press('Tab');
    await expect(signInPage.getByRole('link', { name: `Continue with SSO at ${new URL(provider.issuer).host}` })).toBeVisible();
    await expect(signInPage.getByLabel('Password')).toHaveCount(0);
    await expect(signInPage.getByRole('button', { name: 'Use a password instead' })).toBeVisible();
    await expectNoSeriousViolations(signInPage, 'the sign-in page offering only single sign-on');
    await signInPage.screenshot({ path: testInfo.outputPath('sign-in-sso-only.png') });
    await later.close();
  });
});
