// Single sign-on with OpenID Connect per organization (issue 31 item 4, decision 032), through the
// real app against a real OpenID provider on loopback (the oidc-provider package, its own login and
// consent pages walked as a browser walks them) and, for ID tokens no real provider would issue, a
// provider of our own whose token endpoint answers what the test signs with jose.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberSession } from '../../../domain/sessions';
import { TWO_FACTOR_ERRORS, type TwoFactorSetup } from '../../../domain/two-factor';
import type { z } from 'zod';
import { SSO_MESSAGES, SSO_SIGN_IN_MESSAGES, type SsoDomainState, type SsoSettingsInput, type ssoSettingsInputSchema } from '../../../domain/sso';
import { withValues } from '../../../domain/locales';
import { translate } from '../../platform/i18n';
import { SSO_CALLBACK_PATH } from '../../../domain/sso-rules';
import type { Clock } from '../../platform/clock';
import { sessions, users } from '../../platform/db/schema/auth';
import { ssoSignIns } from './schema';
import { organizationSso, ssoIdentities } from './schema';
import { profiles } from '../../platform/db/schema/tenancy';
import { activityLogs } from '../activity/schema';
import { seal } from '../../platform/auth/secret-box';
import { hashSessionToken } from '../../platform/auth/session';
import { asUser, sessionCookie, type TestUser } from '../../test/as-user';
import { lastEmailTo } from '../../test/outbox';
import { signInAtProvider, startFakeIssuer, startOidcProvider, type OidcTestProvider, type ProviderAccount } from '../../test/oidc-provider';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server';
import { PENDING_RECHECK_MS, PROOF_GRACE_MS, PROVEN_RECHECK_MS, runDueDomainChecks } from './domain-proof';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Real time, moved forward when a test needs a state or a token to expire. */
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}${SSO_CALLBACK_PATH}`;

let t: TestApp;
let provider: OidcTestProvider;
/** Issue 46: the DNS the app's domain proof asks (DNS_SERVERS), on loopback. */
let dns: TestDnsServer;
let sequence = 0;
/** What a login's account at the provider says, when not its own email, verified. */
const accounts: Record<string, ProviderAccount> = { 'nomail@sso-nomail.test': { email: undefined } };

beforeAll(async () => {
  dns = await startDnsServer();
  // Loopback providers need the operator's allowance, as the webhooks' loopback receivers do.
  t = await createTestApp({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true', PUBLIC_URL, DNS_SERVERS: dns.address } });
  provider = await startOidcProvider({
    redirectUris: [CALLBACK],
    accounts,
  });
}, 60_000);
afterAll(async () => {
  await provider?.close();
  await t?.close();
  await dns?.close();
});

/** A new organization whose admin's email is at a domain of its own; the domain is returned too. */
async function newOrganization(): Promise<{ owner: TestUser; domain: string }> {
  sequence += 1;
  const domain = `agency${sequence}-${process.pid}.test`;
  const owner = await asUser(t, 'organization_admin', { email: `owner@${domain}` });
  return { owner, domain };
}

function settingsFor(domain: string, overrides: Partial<SsoSettingsInput> = {}): z.input<typeof ssoSettingsInputSchema> {
  return {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    domains: [domain],
    newMembers: 'join',
    joinRole: 'developer',
    passwordSignIn: true,
    ...overrides,
  };
}

type SavedState = { settings: { domains: SsoDomainState[] } };

/** Publishes the domain's TXT record (as the organization's DNS admin would) and asks for Check now. */
async function prove(owner: TestUser, domain: string, state: SavedState) {
  const claim = state.settings.domains.find((d) => d.domain === domain)!;
  dns.setTxt(domain, ['v=spf1 -all', claim.record]);
  const res = await owner.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SavedState;
}

/** Saves the settings and, unless told not to, proves every domain: a saved domain acts only once proven. */
async function configure(owner: TestUser, settings: z.input<typeof ssoSettingsInputSchema>, options: { prove?: boolean } = {}) {
  const res = await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settings });
  expect(res.statusCode, res.body).toBe(200);
  let state = res.json();
  if (options.prove !== false) {
    for (const domain of settings.domains) state = await prove(owner, domain, state);
    for (const d of state.settings.domains) expect(d, d.domain).toMatchObject({ verified: true, checkError: null });
  }
  return state;
}

/** Where the test provider's authorization endpoint is: what the sign-in button names. */
const providerHost = () => new URL(provider.issuer).host;
/** How the session of `cookie` was signed in, as Settings -> Sessions lists it (issue 49 item 21). */
const currentSignIn = async (cookie: string) => {
  const listed = (await t.app.inject({ method: 'GET', url: '/api/settings/sessions', headers: { cookie } })).json() as MemberSession[];
  return listed.find((s) => s.current)!.signIn;
};

let address = 0;
const nextAddress = () => `192.0.2.${(++address % 250) + 1}`;

/** `name=value` of a cookie a response sets. */
function cookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  const header = res.headers['set-cookie'];
  const cookies = (Array.isArray(header) ? header : header ? [header] : []) as string[];
  return cookies.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`))?.split(';')[0];
}

/** GET start: the provider's URL and this browser's state cookie. */
async function start(email: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(email)}`, remoteAddress: nextAddress() });
  expect(res.statusCode, res.body).toBe(302);
  return { location: new URL(res.headers.location as string), stateCookie: cookieOf(res, 'brieflane.sso_state') };
}

/** The browser arriving back at the callback, with a cookie header of its own. */
function callback(url: URL, cookie: string | undefined) {
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, headers: cookie ? { cookie } : {}, remoteAddress: nextAddress() });
}

/** The whole way: start, the provider's pages as `login`, back at the callback. */
async function signInThroughProvider(email: string, login = email) {
  const { location, stateCookie } = await start(email);
  expect(location.origin).toBe(provider.issuer);
  const back = await signInAtProvider(location.href, login, CALLBACK);
  return callback(back, stateCookie);
}

/** A loopback port where nothing listens: a server's, closed again. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Configuration = Record<string, unknown>;

/** What a provider at `issuer` answers as its OpenID configuration, whole. */
const fullConfiguration = (issuer: string): Configuration => ({
  issuer,
  authorization_endpoint: `${issuer}/auth`,
  token_endpoint: `${issuer}/token`,
  jwks_uri: `${issuer}/jwks`,
  response_types_supported: ['code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
});

/**
 * A loopback server answering any `<issuer>/.well-known/openid-configuration` with what
 * `configure` makes of the issuer asked for (its path, before the well-known suffix).
 */
async function startConfigurationServer(configure: (issuer: string) => Configuration) {
  let answer = configure;
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, `http://${request.headers.host}`);
    const suffix = '/.well-known/openid-configuration';
    if (!url.pathname.endsWith(suffix)) return response.writeHead(404).end();
    const issuer = `${url.origin}${url.pathname.slice(0, -suffix.length)}`;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer(issuer)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin: `http://${host}`,
    host,
    answer: (next: (issuer: string) => Configuration) => (answer = next),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** openssl makes the test's self-signed certificate (as outbound-http.test.ts does); without it, that test is skipped. */
function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** An https server on loopback with a self-signed certificate: no client that checks certificates gets past its handshake. */
async function startSelfSignedServer() {
  const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-sso-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-keyout', key, '-out', cert, '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
    { stdio: 'ignore' },
  );
  let requests = 0;
  const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_request, response) => {
    requests++;
    response.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer: `https://${host}`,
    host,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const errorOf = (res: { statusCode: number; headers: Record<string, unknown> }) => {
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, PUBLIC_URL).searchParams.get('sso_error');
};

async function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
}

describe('Settings -> Single Sign-On', () => {
  it('the organization admin saves it; admins read it; nobody else; the secret never comes back', async () => {
    const { owner, domain } = await newOrganization();
    const admin = await asUser(t, 'admin', { organizationId: owner.organizationId });
    const executive = await asUser(t, 'account_executive', { organizationId: owner.organizationId });
    const developer = await asUser(t, 'developer', { organizationId: owner.organizationId });

    const empty = await owner.inject({ method: 'GET', url: '/api/organization/sso' });
    expect(empty.json()).toEqual({ callbackUrl: CALLBACK, settings: null });

    const saved = await configure(owner, settingsFor(domain, { domains: [domain, `eu.${domain}`] }));
    expect(saved).toEqual({
      callbackUrl: CALLBACK,
      settings: {
        issuer: provider.issuer,
        clientId: provider.clientId,
        hasClientSecret: true,
        domains: [domain, `eu.${domain}`].map((d) => ({
          domain: d,
          record: expect.stringMatching(/^brieflane-verification=[0-9a-f]{32}$/),
          verified: true,
          verifiedAt: expect.any(String),
          checkedAt: expect.any(String),
          checkError: null,
        })),
        newMembers: 'join',
        joinRole: 'developer',
        passwordSignIn: true,
        emailVerifiedOptional: false,
        updatedAt: expect.any(String),
      },
    });
    const read = await admin.inject({ method: 'GET', url: '/api/organization/sso' });
    expect(read.statusCode).toBe(200);
    expect(read.body).not.toContain(provider.clientSecret);
    expect(saved).toEqual(read.json());
    // Sealed at rest.
    const [row] = await t.db.select().from(organizationSso).where(eq(organizationSso.organizationId, owner.organizationId));
    expect(row!.clientSecretSealed).not.toContain(provider.clientSecret);
    expect(row!.clientSecretSealed).toMatch(/^v1\./);

    for (const user of [executive, developer]) {
      expect((await user.inject({ method: 'GET', url: '/api/organization/sso' })).statusCode).toBe(403);
    }
    for (const user of [admin, executive, developer]) {
      const put = await user.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(domain) });
      expect(put.statusCode).toBe(403);
      expect((await user.inject({ method: 'DELETE', url: '/api/organization/sso' })).statusCode).toBe(403);
    }
    const log = await t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, owner.organizationId), eq(activityLogs.action, 'update_sso_settings')));
    expect(log).toHaveLength(1);
    expect(log[0]!.details).toMatchObject({ issuer: provider.issuer, domains: `${domain}, eu.${domain}`, client_secret: 'set', password_sign_in: 'on', new_members: 'join', join_role: 'developer' });
    expect(JSON.stringify(log[0]!.details)).not.toContain(provider.clientSecret);
  });

  it('keeps the saved secret when none is sent; the first save needs one', async () => {
    const { owner, domain } = await newOrganization();
    const withoutSecret = { ...settingsFor(domain), clientSecret: undefined };
    const first = await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: withoutSecret });
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toEqual({ code: 'sso_secret_required', message: SSO_MESSAGES.secretRequired.message });
    await configure(owner, settingsFor(domain));
    const [before] = await t.db.select().from(organizationSso).where(eq(organizationSso.organizationId, owner.organizationId));
    await configure(owner, { ...withoutSecret, joinRole: 'account_executive' });
    const [after] = await t.db.select().from(organizationSso).where(eq(organizationSso.organizationId, owner.organizationId));
    expect(after!.clientSecretSealed).toBe(before!.clientSecretSealed);
    expect(after!.joinRole).toBe('account_executive');
    // And the provider still takes it: a new person signs in.
    expect((await signInThroughProvider(`kept@${domain}`)).headers.location).toBe('/');

    // Sealed under another AUTH_SECRET (it was changed): the card says none is saved, a save
    // needs it again, and sign-in goes back to the page rather than use it.
    await t.db.update(organizationSso).set({ clientSecretSealed: seal('another-secret-another-secret-0123456789', `sso-client-secret:${owner.organizationId}`, 'x') }).where(eq(organizationSso.organizationId, owner.organizationId));
    expect((await owner.inject({ method: 'GET', url: '/api/organization/sso' })).json().settings.hasClientSecret).toBe(false);
    expect((await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: withoutSecret })).json().error.code).toBe('sso_secret_required');
    expect(errorOf(await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=kept%40${domain}` }))).toBe('not_configured');
  });

  it('checks the issuer by discovery: each way it fails is its own 400 with a plain sentence and the technical detail apart, and nothing is saved', async () => {
    const { owner, domain } = await newOrganization();
    const save = async (issuer: string, headers: Record<string, string> = {}) => {
      const res = await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(domain, { issuer }), headers });
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error as { code: string; message: string; detail?: string };
    };

    // Nothing listens on the port.
    const port = await closedPort();
    expect(await save(`http://127.0.0.1:${port}`)).toEqual({
      code: 'sso_issuer_refused',
      message: translate('en', withValues(SSO_MESSAGES.issuerProblems.refused, { host: `127.0.0.1:${port}` })),
      detail: `Could not connect to 127.0.0.1:${port} (ECONNREFUSED)`,
    });
    // Issue 48: the sentence and outbound's detail in the admin's language, the code the same.
    expect(await save(`http://127.0.0.1:${port}`, { 'accept-language': 'de' })).toEqual({
      code: 'sso_issuer_refused',
      message: translate('de', withValues(SSO_MESSAGES.issuerProblems.refused, { host: `127.0.0.1:${port}` })),
      detail: `Keine Verbindung zu 127.0.0.1:${port} möglich (ECONNREFUSED)`,
    });

    // The app itself answers, but with no OpenID configuration (oidc-provider's 404).
    const notAProvider = await save(`${provider.issuer}/nothing-here`);
    expect(notAProvider).toMatchObject({ code: 'sso_issuer_not_openid', message: translate('en', withValues(SSO_MESSAGES.issuerProblems.not_openid, { host: providerHost() })) });
    expect(notAProvider.detail).toMatch(/HTTP 404/);

    // A provider whose configuration names its issuer with a trailing slash: the sentence says which to type.
    const configuration = await startConfigurationServer((issuer) => ({ ...fullConfiguration(issuer), issuer: `${issuer}/` }));
    const typed = `${configuration.origin}/realms/acme`;
    const mismatch = await save(typed);
    expect(mismatch).toMatchObject({ code: 'sso_issuer_mismatch', message: translate('en', withValues(SSO_MESSAGES.issuerMismatchNamed, { host: configuration.host, named: `${typed}/` })) });
    expect(mismatch.detail).toContain(`it names ${typed}/`);

    // One that offers no token endpoint: an OpenID provider, not one a sign-in can use.
    configuration.answer((issuer) => ({ ...fullConfiguration(issuer), token_endpoint: undefined }));
    expect(await save(typed)).toEqual({
      code: 'sso_issuer_unsupported',
      message: translate('en', withValues(SSO_MESSAGES.issuerProblems.unsupported, { host: configuration.host })),
      detail: 'The OpenID configuration has no token_endpoint',
    });
    await configuration.close();

    const [row] = await t.db.select().from(organizationSso).where(eq(organizationSso.organizationId, owner.organizationId));
    expect(row).toBeUndefined();
  });

  it.skipIf(!hasOpenssl())('says an issuer whose certificate cannot be verified is that, not OpenSSL’s words', async () => {
    const { owner, domain } = await newOrganization();
    const server = await startSelfSignedServer();
    try {
      const res = await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(domain, { issuer: server.issuer }) });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error).toMatchObject({ code: 'sso_issuer_certificate', message: translate('en', withValues(SSO_MESSAGES.issuerProblems.certificate, { host: server.host })) });
      expect(error.message).toContain('its certificate could not be verified');
      // OpenSSL's words are in the detail, one line, with Node's code.
      expect(error.detail).toMatch(new RegExp(`^TLS with ${server.host.replaceAll('.', '\\.')} failed: self-signed certificate.* \\(DEPTH_ZERO_SELF_SIGNED_CERT\\)$`));
      expect(error.detail).not.toMatch(/\n|\bat .+:\d+:\d+/);
      expect(server.requests()).toBe(0);
    } finally {
      await server.close();
    }
  });

  it('without WEBHOOK_ALLOW_PRIVATE, refuses an issuer on a private address or over http', async () => {
    const strict = await createTestApp();
    try {
      const owner = await asUser(strict, 'organization_admin');
      const plain = await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor('strict.test', { issuer: provider.issuer }) });
      expect(plain.json().error).toEqual({ code: 'sso_issuer_not_allowed', message: SSO_MESSAGES.issuerMustBeHttps.message });
      const loopback = await owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor('strict.test', { issuer: 'https://127.0.0.1:8443' }) });
      expect(loopback.statusCode).toBe(400);
      expect(loopback.json().error).toEqual({
        code: 'sso_issuer_not_allowed',
        message: translate('en', withValues(SSO_MESSAGES.issuerProblems.not_allowed, { host: '127.0.0.1:8443' })),
        detail: '127.0.0.1 is a loopback address (the server itself); only public addresses can be reached',
      });
    } finally {
      await strict.close();
    }
  });

  it("refuses a domain another organization holds (409) and a webmail provider's (400)", async () => {
    const first = await newOrganization();
    const second = await newOrganization();
    await configure(first.owner, settingsFor(first.domain));
    const taken = await second.owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(second.domain, { domains: [second.domain, first.domain] }) });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({ code: 'sso_domain_taken', message: translate('en', withValues(SSO_MESSAGES.domainTaken, { domain: first.domain })) });
    const webmail = await second.owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(second.domain, { domains: ['Gmail.com'] }) });
    expect(webmail.statusCode).toBe(400);
    // The first keeps its domain; the second saves its own.
    await configure(second.owner, settingsFor(second.domain));
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/lookup', payload: { email: `x@${first.domain}` } })).json()).toEqual({ sso: true, password: true, provider: providerHost() });
  });

  it('removes it with an activity row; the domain signs in with passwords again', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain, { passwordSignIn: false }));
    const removed = await owner.inject({ method: 'DELETE', url: '/api/organization/sso' });
    expect(removed.statusCode).toBe(204);
    expect((await owner.inject({ method: 'DELETE', url: '/api/organization/sso' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sso/lookup', payload: { email: `x@${domain}` } })).json()).toEqual({ sso: false, password: true, provider: null });
    const log = await t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, owner.organizationId), eq(activityLogs.action, 'remove_sso_settings')));
    expect(log).toHaveLength(1);
  });
});

describe('Domain proof (issue 46): a claimed domain acts only once its TXT record is found', () => {
  /** The app's platform as the periodic check sees it (same database, config and clock). */
  const platform = () => ({ config: t.config, database: t.database, db: t.db, clock, storage: undefined as never });
  /** Runs the periodic check until nothing is due (other tests' domains come due too). */
  async function runPeriodicChecks() {
    while ((await runDueDomainChecks(platform())) > 0);
  }
  const lookup = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/lookup', payload: { email }, remoteAddress: nextAddress() });
  const resetRequest = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress: nextAddress() });
  const domainState = async (owner: TestUser, domain: string): Promise<SsoDomainState> =>
    (await owner.inject({ method: 'GET', url: '/api/organization/sso' })).json().settings.domains.find((d: SsoDomainState) => d.domain === domain);
  const activity = (organizationId: string, action: 'prove_sso_domain' | 'lapse_sso_domain') =>
    t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, organizationId), eq(activityLogs.action, action)));

  it('until proven, a claim changes nothing: lookup, start, password sign-in and reset ignore it; proven, they follow it', async () => {
    const { owner, domain } = await newOrganization();
    const member = await asUser(t, 'developer', { organizationId: owner.organizationId, email: `member@${domain}`, password: 'member-password-1' });
    const saved = await configure(owner, settingsFor(domain, { passwordSignIn: false }), { prove: false });
    expect(saved.settings.domains).toEqual([{ domain, record: expect.stringMatching(/^brieflane-verification=[0-9a-f]{32}$/), verified: false, verifiedAt: null, checkedAt: null, checkError: null }]);

    expect((await lookup(member.email)).json()).toEqual({ sso: false, password: true, provider: null });
    expect(errorOf(await t.app.inject({ method: 'GET', url: `/api/auth/sso/start?email=${encodeURIComponent(member.email)}`, remoteAddress: nextAddress() }))).toBe('not_configured');
    expect((await resetRequest(member.email)).statusCode).toBe(200);
    const password = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: member.email, password: 'member-password-1' }, remoteAddress: nextAddress() });
    expect(password.statusCode, password.body).toBe(200);
    // Nobody new joins through an unproven claim either: there is no way to start.

    // A record that is not this claim's proves nothing.
    dns.setTxt(domain, ['brieflane-verification=0123456789abcdef0123456789abcdef']);
    const wrong = await owner.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` });
    expect(wrong.json().settings.domains[0]).toMatchObject({ verified: false, checkError: 'not_found', checkedAt: expect.any(String) });

    await prove(owner, domain, saved);
    expect((await lookup(member.email)).json()).toEqual({ sso: true, password: false, provider: providerHost() });
    expect((await start(member.email)).location.host).toBe(providerHost());
    expect((await resetRequest(member.email)).json().error.code).toBe('sso_required');
    expect(await activity(owner.organizationId, 'prove_sso_domain')).toMatchObject([{ userId: owner.profileId, details: { domain } }]);
  });

  it('an unproven claim never keeps the real agency from its domain; two claims, one proven holder', async () => {
    const claimant = await newOrganization();
    const agency = await newOrganization();
    sequence += 1;
    const domain = `acme${sequence}-${process.pid}.test`;
    // The claimant gets there first, unproven: the agency still saves it (no 409 any more).
    const claimed = await configure(claimant.owner, settingsFor(domain), { prove: false });
    const own = await configure(agency.owner, settingsFor(domain), { prove: false });
    const claimantRecord = claimed.settings.domains[0].record;
    expect(own.settings.domains[0].record).not.toBe(claimantRecord);

    // Only the agency's DNS says so; the claimant's check finds nothing of its own.
    await prove(agency.owner, domain, own);
    const refused = await claimant.owner.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` });
    expect(refused.json().settings.domains[0]).toMatchObject({ verified: false, checkError: 'not_found' });
    // Even a DNS that carries both records proves it for one organization only.
    dns.setTxt(domain, [own.settings.domains[0].record, claimantRecord]);
    const both = await claimant.owner.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` });
    expect(both.json().settings.domains[0]).toMatchObject({ verified: false, checkError: 'taken' });
    // Once the agency holds it proven, a new claim is refused outright.
    const third = await newOrganization();
    const late = await third.owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(third.domain, { domains: [third.domain, domain] }) });
    expect(late.json().error).toEqual({ code: 'sso_domain_taken', message: translate('en', withValues(SSO_MESSAGES.domainTaken, { domain })) });
    // The domain's people go to the agency's provider.
    const lookedUp = await lookup(`someone@${domain}`);
    expect(lookedUp.json().sso).toBe(true);
    const joined = await signInThroughProvider(`new.hire@${domain}`);
    expect((await me(sessionCookie(joined)!)).json().profile.organizationId).toBe(agency.owner.organizationId);
  });

  it("a domain whose people sign in to another organization cannot be claimed at all (409 sso_domain_in_use)", async () => {
    const agency = await newOrganization();
    const claimant = await newOrganization();
    const res = await claimant.owner.inject({ method: 'PUT', url: '/api/organization/sso', payload: settingsFor(claimant.domain, { domains: [claimant.domain, agency.domain.toUpperCase()] }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'sso_domain_in_use', message: translate('en', withValues(SSO_MESSAGES.domainInUse, { domain: agency.domain })) });
    expect((await claimant.owner.inject({ method: 'GET', url: '/api/organization/sso' })).json().settings).toBeNull();
    // A login of another organization that appears between the claim and its proof stops the proof.
    sequence += 1;
    const domain = `later${sequence}-${process.pid}.test`;
    const saved = await configure(claimant.owner, settingsFor(claimant.domain, { domains: [claimant.domain, domain] }), { prove: false });
    await asUser(t, 'organization_admin', { email: `first.person@${domain}` });
    dns.setTxt(domain, [saved.settings.domains.find((d: SsoDomainState) => d.domain === domain).record]);
    const checked = await claimant.owner.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` });
    expect(checked.json().settings.domains.find((d: SsoDomainState) => d.domain === domain)).toMatchObject({ verified: false, checkError: 'in_use' });
  });

  it('saving again keeps a kept domain proven with the same record; a new one starts unproven', async () => {
    const { owner, domain } = await newOrganization();
    const first = await configure(owner, settingsFor(domain));
    const again = await configure(owner, { ...settingsFor(domain, { domains: [domain, `new.${domain}`] }), clientSecret: undefined }, { prove: false });
    expect(again.settings.domains).toEqual([
      first.settings.domains[0],
      expect.objectContaining({ domain: `new.${domain}`, verified: false, verifiedAt: null }),
    ]);
  });

  it('the periodic check ends a proof whose record was taken down, and restores it when it is back', async () => {
    const { owner, domain } = await newOrganization();
    const saved = await configure(owner, settingsFor(domain));
    const record = saved.settings.domains[0].record;
    try {
      // Not due yet: nothing is asked.
      const asked = dns.questionsAbout(domain);
      await runPeriodicChecks();
      expect(dns.questionsAbout(domain)).toBe(asked);

      dns.setTxt(domain, null);
      offsetMs += PROVEN_RECHECK_MS + 60_000;
      await runPeriodicChecks();
      expect(await domainState(owner, domain)).toMatchObject({ verified: false, verifiedAt: null, checkError: 'not_found' });
      expect((await lookup(`x@${domain}`)).json().sso).toBe(false);
      expect(await activity(owner.organizationId, 'lapse_sso_domain')).toMatchObject([{ userId: null, details: { domain, reason: 'not_found' } }]);

      dns.setTxt(domain, [record]);
      offsetMs += PENDING_RECHECK_MS + 60_000;
      await runPeriodicChecks();
      expect(await domainState(owner, domain)).toMatchObject({ verified: true, checkError: null });
      expect((await lookup(`x@${domain}`)).json().sso).toBe(true);
      expect(await activity(owner.organizationId, 'prove_sso_domain')).toHaveLength(2);
    } finally {
      offsetMs = 0;
    }
  });

  it('a resolver that fails keeps a proof for 72 hours since the record was last seen, not longer', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    try {
      dns.failFor(domain);
      offsetMs += PROVEN_RECHECK_MS + 60_000;
      await runPeriodicChecks();
      expect(await domainState(owner, domain)).toMatchObject({ verified: true, checkError: 'unreachable' });
      expect((await lookup(`x@${domain}`)).json().sso).toBe(true);

      offsetMs += PROOF_GRACE_MS;
      await runPeriodicChecks();
      expect(await domainState(owner, domain)).toMatchObject({ verified: false, checkError: 'unreachable' });
      expect((await lookup(`x@${domain}`)).json().sso).toBe(false);
    } finally {
      offsetMs = 0;
    }
  });

  it('Check now is the organization admin’s; a domain the organization did not claim is 404', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain), { prove: false });
    const admin = await asUser(t, 'admin', { organizationId: owner.organizationId });
    expect((await admin.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` })).statusCode).toBe(403);
    const other = await newOrganization();
    expect((await other.owner.inject({ method: 'POST', url: `/api/organization/sso/domains/${domain}/check` })).json().error.code).toBe('sso_domain_not_claimed');
    expect(await domainState(owner, domain)).toMatchObject({ checkedAt: null });
  });
});

describe('Signing in through the provider', () => {
  it('the lookup says only whether the domain uses single sign-on, never whether an account exists', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain, { passwordSignIn: false }));
    const lookup = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/sso/lookup', payload: { email }, remoteAddress: nextAddress() });
    const existing = await lookup(owner.email);
    const unknown = await lookup(`nobody-${sequence}@${domain}`);
    expect(existing.json()).toEqual({ sso: true, password: false, provider: providerHost() });
    expect(unknown.body).toBe(existing.body);
    expect((await lookup('someone@elsewhere.test')).json()).toEqual({ sso: false, password: true, provider: null });
  });

  it('an existing member signs in: a sealed session as password sign-in makes, and into the app', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const member = await asUser(t, 'account_executive', { organizationId: owner.organizationId, email: `member@${domain}` });
    const res = await signInThroughProvider(member.email);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const cookie = sessionCookie(res)!;
    expect(cookie).toBeDefined();
    // The state cookie is cleared on the way in.
    expect(String(res.headers['set-cookie'])).toMatch(/brieflane\.sso_state=;/);
    const who = await me(cookie);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ user: { id: member.userId, email: member.email }, profile: { role: 'account_executive', organizationId: owner.organizationId } });
    // Stored as the token's hash with the browser's address and agent, like a password sign-in's.
    const token = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, hashSessionToken(token)));
    expect(row).toMatchObject({ userId: member.userId });
    expect(row!.ipAddress).toMatch(/^192\.0\.2\./);
    // Issue 49 item 21: the session says it came through single sign-on, naming the provider's host.
    expect(await currentSignIn(cookie)).toEqual({ method: 'sso', factor: null, provider: providerHost() });
    // No second member for the same person.
    expect(await t.db.select().from(profiles).where(eq(profiles.email, member.email))).toHaveLength(1);
  });

  it('a new person of the domain joins as developer by default, logged as join_via_sso', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const email = `new.person@${domain}`;
    const res = await signInThroughProvider(email);
    expect(res.headers.location).toBe('/');
    const who = (await me(sessionCookie(res)!)).json();
    expect(who).toMatchObject({ user: { email }, profile: { role: 'developer', organizationId: owner.organizationId, fullName: 'Person new.person' } });
    const [entry] = await t.db.select().from(activityLogs).where(and(eq(activityLogs.organizationId, owner.organizationId), eq(activityLogs.action, 'join_via_sso')));
    expect(entry).toMatchObject({ userId: who.profile.id, details: { member_email: email, role: 'developer' } });
    // A login without a password: single sign-on is its way in.
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.emailVerified).toBe(true);
  });

  it('a new person joins as the role the organization admin chose', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain, { joinRole: 'account_executive' }));
    const res = await signInThroughProvider(`chosen@${domain}`);
    expect((await me(sessionCookie(res)!)).json().profile.role).toBe('account_executive');
  });

  it('a new person is refused when the organization admits nobody new; a member added without a login gets one', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain, { newMembers: 'refuse' }));
    const refused = await signInThroughProvider(`stranger@${domain}`);
    expect(errorOf(refused)).toBe('not_invited');
    expect(sessionCookie(refused)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, `stranger@${domain}`))).toHaveLength(0);

    const added = await owner.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'Added Later', email: `added@${domain}`, role: 'developer' } });
    expect(added.statusCode, added.body).toBe(201);
    const res = await signInThroughProvider(`added@${domain}`);
    expect(res.headers.location).toBe('/');
    expect((await me(sessionCookie(res)!)).json().profile).toMatchObject({ fullName: 'Added Later', organizationId: owner.organizationId });
  });

  it("never signs in an account of another organization, whatever this organization's provider says", async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    // Made after the domain was proven (before, the claim would have been refused: sso_domain_in_use).
    const elsewhere = await asUser(t, 'organization_admin', { email: `own.agency@${domain}` });
    const res = await signInThroughProvider(elsewhere.email);
    expect(errorOf(res)).toBe('other_organization');
    expect(sessionCookie(res)).toBeUndefined();
  });

  it("refuses an email outside the organization's domains, an unverified one, and none", async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    // The provider's account is at another domain than the one typed.
    expect(errorOf(await signInThroughProvider(`typed@${domain}`, 'someone@elsewhere.test'))).toBe('email_not_allowed');
    expect(errorOf(await signInThroughProvider(`typed@${domain}`, 'nomail@sso-nomail.test'))).toBe('email_not_allowed');
    accounts[`unverified@${domain}`] = { emailVerified: false };
    expect(errorOf(await signInThroughProvider(`unverified@${domain}`))).toBe('email_not_allowed');
    expect(await t.db.select().from(users).where(eq(users.email, `unverified@${domain}`))).toHaveLength(0);
  });

  it('refuses a callback in another browser than the one that started (state not this browser’s)', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const { location } = await start(`csrf@${domain}`);
    const back = await signInAtProvider(location.href, `csrf@${domain}`, CALLBACK);
    expect(errorOf(await callback(back, undefined))).toBe('expired');
    const other = await start(`csrf@${domain}`);
    expect(errorOf(await callback(back, other.stateCookie))).toBe('expired');
    // A state that was never issued, with a cookie that says it.
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    expect(errorOf(await callback(forged, 'brieflane.sso_state=forged-state'))).toBe('expired');
  });

  it('takes a state once: the same callback again is refused', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const { location, stateCookie } = await start(`once@${domain}`);
    const back = await signInAtProvider(location.href, `once@${domain}`, CALLBACK);
    expect((await callback(back, stateCookie)).headers.location).toBe('/');
    const again = await callback(back, stateCookie);
    expect(errorOf(again)).toBe('expired');
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('refuses a state older than 10 minutes', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const { location, stateCookie } = await start(`late@${domain}`);
    const back = await signInAtProvider(location.href, `late@${domain}`, CALLBACK);
    offsetMs += 10 * 60 * 1000 + 1000;
    try {
      expect(errorOf(await callback(back, stateCookie))).toBe('expired');
    } finally {
      offsetMs = 0;
    }
  });

  it('sends an S256 PKCE challenge, keeps the verifier server-side, and a code without the right verifier is refused', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const { location, stateCookie } = await start(`pkce@${domain}`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('nonce')).toBeTruthy();
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('login_hint')).toBe(`pkce@${domain}`);
    expect(location.href).not.toContain('code_verifier');
    const back = await signInAtProvider(location.href, `pkce@${domain}`, CALLBACK);

    // A thief of the code alone, at the token endpoint without a verifier.
    const stolen = await fetch(`${provider.issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(`${provider.clientId}:${provider.clientSecret}`).toString('base64')}` },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: back.searchParams.get('code')!, redirect_uri: CALLBACK }),
    });
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).error).toBe('invalid_grant');

    // The app's own verifier swapped for another: the provider refuses, the app signs nobody in.
    const { location: second, stateCookie: secondCookie } = await start(`pkce@${domain}`);
    const secondBack = await signInAtProvider(second.href, `pkce@${domain}`, CALLBACK);
    const secondKey = createHash('sha256').update(second.searchParams.get('state')!).digest('hex');
    await t.db.update(ssoSignIns).set({ codeVerifierSealed: seal(t.config.authSecret, 'sso-pkce-verifier', 'x'.repeat(64)) }).where(eq(ssoSignIns.keyHash, secondKey));
    const refused = await callback(secondBack, secondCookie);
    expect(errorOf(refused)).toBe('invalid_response');
    expect(provider.tokenRequests.at(-1)).toMatchObject({ ok: false, error: 'invalid_grant' });
    void stateCookie;
  });

  it("goes back to sign-in when the person cancels at the provider", async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const { location, stateCookie } = await start(`cancel@${domain}`);
    const denied = new URL(CALLBACK);
    denied.searchParams.set('error', 'access_denied');
    denied.searchParams.set('state', location.searchParams.get('state')!);
    expect(errorOf(await callback(denied, stateCookie))).toBe('denied');
  });

  it('an email whose domain has no single sign-on goes back to sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/sso/start?email=someone%40no-sso.test' });
    expect(errorOf(res)).toBe('not_configured');
    expect(errorOf(await t.app.inject({ method: 'GET', url: '/api/auth/sso/start' }))).toBe('not_configured');
  });

  it('asks an account with two-factor on for its code after the provider', async () => {
    const { owner, domain } = await newOrganization();
    await configure(owner, settingsFor(domain));
    const member = await asUser(t, 'developer', { organizationId: owner.organizationId, email: `twofactor@${domain}` });
    const setup = (await member.inject({ method: 'POST', url: '/api/settings/two-factor/setup', payload: { password: member.password } })).json() as TwoFactorSetup;
    const totp = new TOTP({ secret: Secret.fromBase32(setup.secret.replace(/\s+/g, '')) });
    offsetMs = 0;
    const enabled = await member.inject({ method: 'POST', url: '/api/settings/two-factor/enable', payload: { code: totp.generate({ timestamp: clock.now().getTime() }) } });
    expect(enabled.statusCode).toBe(200);
    const recoveryCodes = enabled.json().recoveryCodes as string[];

    const res = await signInThroughProvider(member.email);
    expect(res.headers.location).toBe('/?sso=two-factor');
    expect(sessionCookie(res)).toBeUndefined();
    const pending = cookieOf(res, 'brieflane.sso_pending')!;
    const step = (payload: object, cookie = pending) => t.app.inject({ method: 'POST', url: '/api/auth/sso/two-factor', payload, headers: { cookie } });
    expect((await step({})).json().error.code).toBe(TWO_FACTOR_ERRORS.required);
    expect((await step({ twoFactorCode: '000000' })).json().error.code).toBe(TWO_FACTOR_ERRORS.invalid);
    expect((await step({ twoFactorCode: '000000' }, 'brieflane.sso_pending=not-a-ticket')).json().error.code).toBe('sso_pending_missing');
    // The next 30-second step's code (the enrolling one is used up).
    const code = totp.generate({ timestamp: clock.now().getTime() + 30_000 });
    offsetMs = 30_000;
    try {
      const done = await step({ twoFactorCode: code });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().user.id).toBe(member.userId);
      expect((await me(sessionCookie(done)!)).statusCode).toBe(200);
      expect(await currentSignIn(sessionCookie(done)!)).toEqual({ method: 'sso', factor: 'app_code', provider: providerHost() });
      expect(done.json()).not.toHaveProperty('recoveryCodesLeft');
      // The step is used up.
      expect((await step({ twoFactorCode: code })).json().error.code).toBe('sso_pending_missing');
    } finally {
      offsetMs = 0;
    }

    // Issue 49 item 21: with a recovery code instead, the answer says how many are left.
    const again = await signInThroughProvider(member.email);
    const recovered = await step({ recoveryCode: recoveryCodes[0]! }, cookieOf(again, 'brieflane.sso_pending')!);
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toMatchObject({ user: { id: member.userId }, recoveryCodesLeft: 9 });
    expect(await currentSignIn(sessionCookie(recovered)!)).toEqual({ method: 'sso', factor: 'recovery_code', provider: providerHost() });
  });

  it('reads the email from userinfo when the provider leaves it out of the ID token', async () => {
    const strictProvider = await startOidcProvider({ redirectUris: [CALLBACK], emailInIdToken: false, clientId: 'userinfo-client' });
    try {
      const { owner, domain } = await newOrganization();
      await configure(owner, { ...settingsFor(domain), issuer: strictProvider.issuer, clientId: strictProvider.clientId, clientSecret: strictProvider.clientSecret });
      const { location, stateCookie } = await start(`userinfo@${domain}`);
      const back = await signInAtProvider(location.href, `userinfo@${domain}`, CALLBACK);
      const res = await callback(back, stateCookie);
      expect(res.headers.location).toBe('/');
      expect((await me(sessionCookie(res)!)).json().user.email).toBe(`userinfo@${domain}`);
    } finally {
      await strictProvider.close();
    }
  });
});

describe('Password sign-in turned off for single sign-on members', () => {
  it('password sign-in and reset answer 403 sso_required for the members and for unknown emails alike; the organization admin keeps the password', async () => {
    const { owner, domain } = await newOrganization();
    const member = await asUser(t, 'admin', { organizationId: owner.organizationId, email: `pw.member@${domain}` });
    await configure(owner, settingsFor(domain, { passwordSignIn: false }));
    // Signed up with an email of the domain after it was proven (before, the claim is refused).
    const outsider = await asUser(t, 'organization_admin', { email: `own.org@${domain}` });
    const signIn = (email: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress: nextAddress() });
    const reset = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email }, remoteAddress: nextAddress() });
    const required = { error: { code: 'sso_required', message: SSO_SIGN_IN_MESSAGES.passwordSignInOff.message } };

    const right = await signIn(member.email, member.password);
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual(required);
    expect(sessionCookie(right)).toBeUndefined();
    // A wrong password and an unknown email answer the same: nothing tells which accounts exist.
    expect((await signIn(member.email, 'wrong-password')).json()).toEqual(required);
    expect((await signIn(`nobody@${domain}`, 'wrong-password')).json()).toEqual(required);
    // The organization admin (a broken provider must not lock the organization out) and a member
    // of another organization keep their passwords.
    expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    expect((await signIn(outsider.email, outsider.password)).statusCode).toBe(200);
    // Single sign-on still works for the member.
    expect((await signInThroughProvider(member.email)).headers.location).toBe('/');

    for (const email of [member.email, `nobody@${domain}`, owner.email]) {
      const res = await reset(email);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'sso_required', message: SSO_SIGN_IN_MESSAGES.passwordResetOff.message });
    }
    expect(await lastEmailTo(t.db, member.email, 'password_reset')).toBeUndefined();
    expect(await lastEmailTo(t.db, owner.email, 'password_reset')).toBeDefined();
    // Other domains are untouched.
    expect((await reset('someone@elsewhere.test')).statusCode).toBe(200);
  });
});

describe('ID tokens the app must refuse (a provider of our own making)', () => {
  let fake: Awaited<ReturnType<typeof startFakeIssuer>>;
  let domain: string;
  const CLIENT_ID = 'fake-client';

  let fakeOwner: TestUser;
  const fakeSettings = () => ({ ...settingsFor(domain), issuer: fake.issuer, clientId: CLIENT_ID, clientSecret: 'fake-secret' });

  beforeAll(async () => {
    fake = await startFakeIssuer();
    const org = await newOrganization();
    domain = org.domain;
    fakeOwner = org.owner;
    await configure(org.owner, fakeSettings());
  });
  afterAll(() => fake?.close());

  /** Start, then come back with a code whose token answer is `idToken(nonce)`. */
  async function signInWith(idToken: (nonce: string) => Promise<string>, email = `token@${domain}`) {
    const { location, stateCookie } = await start(email);
    const nonce = location.searchParams.get('nonce')!;
    fake.nextIdToken = () => idToken(nonce);
    const back = new URL(CALLBACK);
    back.searchParams.set('code', 'fake-code');
    back.searchParams.set('state', location.searchParams.get('state')!);
    return callback(back, stateCookie);
  }
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (nonce: string, overrides: Record<string, unknown> = {}) => ({
    iss: fake.issuer,
    aud: CLIENT_ID,
    sub: 'fake-subject',
    email: `token@${domain}`,
    email_verified: true,
    nonce,
    iat: now(),
    exp: now() + 300,
    ...overrides,
  });

  it('accepts a well-formed one (the fake is a fair provider)', async () => {
    const res = await signInWith((nonce) => fake.sign(claims(nonce)));
    expect(res.headers.location).toBe('/');
    expect(sessionCookie(res)).toBeDefined();
  });

  it('issue 46: refuses an ID token without email_verified unless the organization says its provider never sends it; false is refused either way', async () => {
    const email = `unsaid@${domain}`;
    const withoutClaim = (nonce: string) => {
      const { email_verified: _omitted, ...rest } = claims(nonce, { email, sub: 'unsaid-subject' });
      return fake.sign(rest);
    };
    expect(errorOf(await signInWith(withoutClaim, email))).toBe('email_not_allowed');
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    await fakeOwner.inject({ method: 'PUT', url: '/api/organization/sso', payload: { ...fakeSettings(), clientSecret: undefined, emailVerifiedOptional: true } });
    try {
      const said = (await fakeOwner.inject({ method: 'GET', url: '/api/organization/sso' })).json().settings;
      expect(said.emailVerifiedOptional).toBe(true);
      const falseClaim = await signInWith((nonce) => fake.sign(claims(nonce, { email: `false@${domain}`, sub: 'false-subject', email_verified: false })), `false@${domain}`);
      expect(errorOf(falseClaim)).toBe('email_not_allowed');
      const res = await signInWith(withoutClaim, email);
      expect(res.headers.location).toBe('/');
    } finally {
      await fakeOwner.inject({ method: 'PUT', url: '/api/organization/sso', payload: { ...fakeSettings(), clientSecret: undefined } });
    }
  });

  it('issue 46: binds a login to the subject of its first single sign-on and refuses another subject later, or a subject for another login', async () => {
    const email = `bound@${domain}`;
    const first = await signInWith((nonce) => fake.sign(claims(nonce, { email, sub: 'bound-subject' })), email);
    expect(first.headers.location).toBe('/');
    const [login] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await t.db.select().from(ssoIdentities).where(eq(ssoIdentities.userId, login!.id))).toMatchObject([{ issuer: fake.issuer, subject: 'bound-subject' }]);

    // The provider's account for the email is someone else's now.
    const other = await signInWith((nonce) => fake.sign(claims(nonce, { email, sub: 'someone-else' })), email);
    expect(errorOf(other)).toBe('identity_mismatch');
    expect(sessionCookie(other)).toBeUndefined();
    // The bound subject now says another email of the domain: it speaks for its own login only,
    // and nobody new joins under it.
    const moved = await signInWith((nonce) => fake.sign(claims(nonce, { email: `moved@${domain}`, sub: 'bound-subject' })), `moved@${domain}`);
    expect(errorOf(moved)).toBe('identity_mismatch');
    expect(await t.db.select().from(users).where(eq(users.email, `moved@${domain}`))).toHaveLength(0);
    // The right subject still signs in.
    expect((await signInWith((nonce) => fake.sign(claims(nonce, { email, sub: 'bound-subject' })), email)).headers.location).toBe('/');
  });

  it.each([
    ['signed with another key (a tampered token)', (nonce: string) => fake.sign(claims(nonce), { wrongKey: true })],
    ['for another audience', (nonce: string) => fake.sign(claims(nonce, { aud: 'another-client' }))],
    ['expired', (nonce: string) => fake.sign(claims(nonce, { iat: now() - 3600, exp: now() - 600 }))],
    ['with another nonce', (nonce: string) => fake.sign(claims(`${nonce}x`))],
    ['from another issuer', (nonce: string) => fake.sign(claims(nonce, { iss: 'https://attacker.example' }))],
    ['with its payload altered after signing', async (nonce: string) => {
      const [header, , signature] = (await fake.sign(claims(nonce))).split('.');
      const altered = Buffer.from(JSON.stringify(claims(nonce, { email: `boss@${domain}` }))).toString('base64url');
      return `${header}.${altered}.${signature}`;
    }],
    ['unsigned (alg none)', async (nonce: string) => `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims(nonce))).toString('base64url')}.`],
  ])('refuses an ID token %s', async (_name, idToken) => {
    const before = await t.db.select({ id: sessions.id }).from(sessions);
    const res = await signInWith(idToken);
    expect(errorOf(res)).toBe('invalid_response');
    expect(sessionCookie(res)).toBeUndefined();
    expect(await t.db.select({ id: sessions.id }).from(sessions)).toHaveLength(before.length);
  });
});
