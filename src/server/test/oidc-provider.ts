// OpenID providers on loopback for single sign-on's tests (issue 31 item 4):
//
// - startOidcProvider: the `oidc-provider` package (a certified OpenID provider) in this process
//   on 127.0.0.1, with one confidential client registered for the test, PKCE required, and its
//   development login and consent pages, where any login is an account whose email is the login;
//   signInAtProvider walks those pages the way a browser would (the e2e spec does it in Chromium).
// - startFakeIssuer: a provider of our own making whose token endpoint answers whatever ID token
//   the test crafts with `jose` (wrong signature, another audience, expired, another nonce), which
//   a real provider would never issue.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export type OidcTestProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Every token request the provider answered, and those it refused, in order. */
  tokenRequests: { ok: boolean; error?: string }[];
  close: () => Promise<void>;
};

export type ProviderAccount = { email?: string; emailVerified?: boolean; name?: string };

async function listenOnLoopback(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

/**
 * A real provider. `redirectUri` is the app's callback (PUBLIC_URL + /api/auth/sso/callback);
 * `accounts` overrides what a login's account says (by login), e.g. no email, or unverified.
 * `emailInIdToken: false` keeps the email out of the ID token (the spec's default for scope
 * claims when an access token is issued): the app must then read it from userinfo.
 */
export async function startOidcProvider(options: {
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  accounts?: Record<string, ProviderAccount>;
  emailInIdToken?: boolean;
  port?: number;
}): Promise<OidcTestProvider> {
  const server = http.createServer();
  const port = await new Promise<number>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = options.clientId ?? 'brieflane-test';
  const clientSecret = options.clientSecret ?? 'brieflane-test-secret-0123456789';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: ['brieflane-test-cookie-key'] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: options.emailInIdToken === false,
    features: { devInteractions: { enabled: true } },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => {
        const account = options.accounts?.[id] ?? {};
        const email = 'email' in account ? account.email : id;
        return {
          sub: id,
          ...(email ? { email, email_verified: account.emailVerified ?? true } : {}),
          name: account.name ?? `Person ${id.split('@')[0]}`,
        };
      },
    }),
  });
  const tokenRequests: OidcTestProvider['tokenRequests'] = [];
  provider.on('grant.success', () => tokenRequests.push({ ok: true }));
  provider.on('grant.error', (_ctx, error: Error & { error?: string }) => tokenRequests.push({ ok: false, error: error.error ?? error.message }));
  server.on('request', provider.callback());
  return { issuer, clientId, clientSecret, tokenRequests, close: () => closeServer(server) };
}

/** A cookie jar good enough for one provider on one host. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Signs `login` in at the provider's own login and consent pages, starting from the authorization
 * URL the app redirected to, and answers the URL the provider sends the browser back to (the
 * app's callback with code and state, or with an error).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectPrefix: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  let form: { action: string; body: URLSearchParams } | undefined;
  for (let step = 0; step < 20; step++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form?.body,
    });
    jar.take(response);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.href.startsWith(redirectPrefix)) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`provider answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`no form on the provider's page: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    form = { action: url, body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any-password' } : { prompt }) };
  }
  throw new Error('the provider never sent the browser back');
}

export type FakeIssuer = {
  issuer: string;
  /** The ID token the next token request answers, made from what the app asked for. */
  nextIdToken: (request: { nonce: string; clientId: string }) => Promise<string>;
  /** Signs claims with the issuer's key (or another key that claims its key id). */
  sign: (claims: Record<string, unknown>, options?: { wrongKey?: boolean }) => Promise<string>;
  close: () => Promise<void>;
};

/**
 * A provider whose token endpoint answers the ID token the test crafts. Its authorization
 * endpoint is never visited: the test reads the nonce from the URL the app redirected to and calls
 * the callback itself. `nextIdToken` is given that nonce back.
 */
export async function startFakeIssuer(): Promise<FakeIssuer & { setNonce: (nonce: string) => void }> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: 'fake-key', alg: 'RS256', use: 'sig' };
  let nonce = '';
  let clientId = '';
  const fake: FakeIssuer & { setNonce: (nonce: string) => void } = {
    issuer: '',
    nextIdToken: async () => {
      throw new Error('no ID token prepared');
    },
    sign: async (claims, options = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'fake-key' }).sign(options.wrongKey ? other.privateKey : privateKey),
    setNonce: (value) => (nonce = value),
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url!, fake.issuer);
    const json = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (request.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: fake.issuer,
        authorization_endpoint: `${fake.issuer}/auth`,
        token_endpoint: `${fake.issuer}/token`,
        jwks_uri: `${fake.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      });
    }
    if (request.method === 'GET' && url.pathname === '/jwks') return json(200, { keys: [publicJwk] });
    if (request.method === 'POST' && url.pathname === '/token') {
      const basic = request.headers.authorization?.replace(/^Basic /, '') ?? '';
      clientId = decodeURIComponent(Buffer.from(basic, 'base64').toString('utf8').split(':')[0] ?? '');
      void fake.nextIdToken({ nonce, clientId }).then(
        (idToken) => json(200, { access_token: 'fake-access-token', token_type: 'Bearer', expires_in: 300, id_token: idToken }),
        (error: Error) => json(500, { error: 'server_error', error_description: error.message }),
      );
      return;
    }
    json(404, { error: 'not_found' });
  });
  const port = await listenOnLoopback(server);
  fake.issuer = `http://127.0.0.1:${port}`;
  fake.close = () => closeServer(server);
  return fake;
}
