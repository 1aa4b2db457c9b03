// An organization's OpenID provider through openid-client (decision 032): discovery, the
// authorization URL with state, nonce and PKCE (S256), and the code exchange with the ID token's
// checks (signature by the provider's JWKS, issuer, audience and authorized party, expiry, nonce;
// the signature only because enableNonRepudiationChecks asks for it, see clientFor).
// Every request to the provider goes through outbound-http's rules (public addresses only unless
// the operator allows private ones, the connection pinned to the checked address, no redirects,
// a deadline and a size cap).
import * as oidc from 'openid-client';
import { withValues, type Text } from '../../../domain/locales';
import { SSO_MESSAGES } from '../../../domain/sso';
import { translate } from '../../platform/i18n';
import { SSO_CALLBACK_PATH, type SsoIssuerProblem } from '../../../domain/sso-rules';
import { outboundFetch } from '../../platform/outbound-http';
import type { Platform } from '../../platform/platform';
import { classifyProviderFailure, trimDetail } from './issuer-problems';

/** Discovery documents and JWKS are small; an answer above this is not a provider's. */
const MAX_ANSWER_BYTES = 512 * 1024;
const TIMEOUT_MS = 10_000;
/** Discovery is read again after this (a provider's keys rotate through its JWKS, refetched on an unknown key). */
const METADATA_TTL_MS = 60 * 60 * 1000;

export type ProviderSettings = { issuer: string; clientId: string; clientSecret: string };

/** The problems that mean the provider was not reached at all (a sign-in says `unreachable`). */
const UNREACHED = new Set<SsoIssuerProblem>(['not_found', 'refused', 'unreachable', 'timeout', 'certificate', 'secure_connection', 'not_allowed']);

/**
 * Why the provider could not be used (issue 49 item 12): the problem, its plain sentence as the
 * message, and the technical cause as `detail` (null when the sentence says it all). `kind`: not
 * reached at all, or reached and not usable.
 */
export class ProviderError extends Error {
  readonly kind: 'unreachable' | 'invalid';
  constructor(
    readonly problem: SsoIssuerProblem,
    readonly host: string,
    readonly detail: string | null,
    /** The plain sentence, answered in the admin's language (its English is `message`). */
    readonly text: Text = withValues(SSO_MESSAGES.issuerProblems[problem], { host }),
    /** `detail` in the admin's language, when it is outbound-http's words (issue 48). */
    readonly detailText?: Text,
  ) {
    super(translate('en', text));
    this.name = 'ProviderError';
    this.kind = UNREACHED.has(problem) ? 'unreachable' : 'invalid';
  }
}

type Discovered = { metadata: oidc.ServerMetadata; at: number; jwks?: ReturnType<typeof oidc.getJwksCache> };

// Per app (tests build several), per issuer.
const discovered = new WeakMap<Platform, Map<string, Discovered>>();

export function callbackUrl(platform: Platform): string {
  return `${platform.config.publicUrl}${SSO_CALLBACK_PATH}`;
}

function fetchOptions(platform: Platform) {
  return { allowPrivate: platform.config.webhooks.allowPrivate, timeoutMs: TIMEOUT_MS, maxAnswerBytes: MAX_ANSWER_BYTES };
}

/**
 * http: only on a private or loopback host the operator lets the server reach
 * (WEBHOOK_ALLOW_PRIVATE): a provider on the operator's own network, or the tests'. Elsewhere the
 * client secret and the codes would cross the internet in the clear.
 */
function assertTransportAllowed(platform: Platform, issuer: URL) {
  if (issuer.protocol === 'https:') return;
  if (issuer.protocol === 'http:' && platform.config.webhooks.allowPrivate) return;
  throw new ProviderError('not_allowed', issuer.host, null, SSO_MESSAGES.issuerMustBeHttps);
}

/**
 * What openid-client's and outbound's failures mean for the person who typed the issuer:
 * `otherwise` for an answer openid-client refused (not_openid at discovery, invalid_answer at a
 * sign-in's exchange).
 */
function providerError(error: unknown, issuer: string, otherwise: SsoIssuerProblem): ProviderError {
  if (error instanceof ProviderError) return error;
  const host = new URL(issuer).host;
  const { problem, detail, named, detailText } = classifyProviderFailure(error, otherwise);
  return new ProviderError(problem, host, detail, problem === 'mismatch' && named ? withValues(SSO_MESSAGES.issuerMismatchNamed, { host, named }) : undefined, detailText);
}

/** A provider that answered a configuration Brieflane cannot sign in with; `detail` says what it lacks. */
function unsupported(issuer: URL, detail: string): ProviderError {
  return new ProviderError('unsupported', issuer.host, trimDetail(detail));
}

/** The provider's metadata by OpenID Connect discovery (issuer + /.well-known/openid-configuration). */
async function discover(platform: Platform, issuer: string, fresh: boolean): Promise<Discovered> {
  let byIssuer = discovered.get(platform);
  if (!byIssuer) {
    byIssuer = new Map();
    discovered.set(platform, byIssuer);
  }
  const known = byIssuer.get(issuer);
  if (known && !fresh && Date.now() - known.at < METADATA_TTL_MS) return known;
  const url = new URL(issuer);
  assertTransportAllowed(platform, url);
  try {
    const config = await oidc.discovery(url, 'discovery', undefined, oidc.None(), {
      [oidc.customFetch]: outboundFetch(fetchOptions(platform)),
      execute: url.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      timeout: TIMEOUT_MS / 1000,
    });
    const metadata = config.serverMetadata();
    if (!metadata.authorization_endpoint || !metadata.token_endpoint || !metadata.jwks_uri) {
      const missing = (['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const).filter((name) => !metadata[name]);
      throw unsupported(url, `The OpenID configuration has no ${missing.join(', ')}`);
    }
    if (metadata.response_types_supported && !metadata.response_types_supported.includes('code')) {
      throw unsupported(url, `The OpenID configuration's response_types_supported has no "code" (the authorization code flow): ${metadata.response_types_supported.join(', ')}`);
    }
    const entry: Discovered = { metadata, at: Date.now(), jwks: known?.jwks };
    byIssuer.set(issuer, entry);
    return entry;
  } catch (error) {
    throw providerError(error, issuer, 'not_openid');
  }
}

/**
 * The client for one sign-in. client_secret_basic (the OpenID default and Okta's) unless the
 * provider lists only client_secret_post. The clock is the platform's (openid-client's clockSkew).
 */
function clientFor(platform: Platform, entry: Discovered, settings: ProviderSettings): oidc.Configuration {
  const methods = entry.metadata.token_endpoint_auth_methods_supported;
  const basic = !methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post');
  const skewSeconds = Math.round((platform.clock.now().getTime() - Date.now()) / 1000);
  const config = new oidc.Configuration(
    entry.metadata,
    settings.clientId,
    { client_secret: settings.clientSecret, [oidc.clockSkew]: skewSeconds },
    basic ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.ClientSecretPost(settings.clientSecret),
  );
  config[oidc.customFetch] = outboundFetch(fetchOptions(platform));
  config.timeout = TIMEOUT_MS / 1000;
  if (new URL(settings.issuer).protocol === 'http:') oidc.allowInsecureRequests(config);
  if (entry.jwks) oidc.setJwksCache(config, entry.jwks);
  // openid-client (as OpenID Core 3.1.3.7 allows) trusts an ID token that came straight from the
  // token endpoint over TLS without checking its signature. We check it against the provider's
  // JWKS: a token endpoint reached over a private network's http, a proxy in the middle or a
  // tampered answer must not pass (issue 31: a wrong signature is refused).
  oidc.enableNonRepudiationChecks(config);
  return config;
}

/** Reads the issuer's discovery now (saving the settings): ProviderError when it is not usable. */
export async function checkIssuer(platform: Platform, issuer: string): Promise<void> {
  await discover(platform, issuer, true);
}

/**
 * The host a sign-in sends the browser to (issue 46: the sign-in page names it on the button
 * before anyone leaves): the authorization endpoint's, by discovery (cached as for a sign-in), or
 * the issuer's when the provider cannot be read now.
 */
export async function providerHost(platform: Platform, issuer: string): Promise<string> {
  try {
    const entry = await discover(platform, issuer, false);
    return new URL(entry.metadata.authorization_endpoint!).host;
  } catch (error) {
    if (error instanceof ProviderError) return new URL(issuer).host;
    throw error;
  }
}

export type AuthorizationChecks = { state: string; nonce: string; codeVerifier: string };

/** New random state, nonce and PKCE verifier (openid-client's: 32 random bytes each). */
export function newAuthorizationChecks(): AuthorizationChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), codeVerifier: oidc.randomPKCECodeVerifier() };
}

/** Where to send the browser: the provider's authorization endpoint with the checks' public halves. */
export async function authorizationUrl(platform: Platform, settings: ProviderSettings, checks: AuthorizationChecks, loginHint?: string): Promise<URL> {
  const entry = await discover(platform, settings.issuer, false);
  const config = clientFor(platform, entry, settings);
  return oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(platform),
    response_type: 'code',
    scope: 'openid email profile',
    state: checks.state,
    nonce: checks.nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
    code_challenge_method: 'S256',
    ...(loginHint ? { login_hint: loginHint } : {}),
  });
}

export type VerifiedIdentity = { subject: string; email: string | null; emailVerified: boolean | null; name: string | null };

/**
 * Exchanges the code of `currentUrl` (the callback as the provider sent it) with the PKCE
 * verifier and checks the ID token: openid-client verifies its signature against the provider's
 * JWKS, its issuer, that this client is its audience (and authorized party), that it has not
 * expired, and its nonce; and the state of the answer. Anything else is a ProviderError.
 */
export async function exchangeCode(platform: Platform, settings: ProviderSettings, currentUrl: URL, checks: AuthorizationChecks): Promise<VerifiedIdentity> {
  const entry = await discover(platform, settings.issuer, false);
  const config = clientFor(platform, entry, settings);
  try {
    const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new ProviderError('invalid_answer', new URL(settings.issuer).host, 'The token endpoint answered no ID token');
    // A provider that follows the spec's default to the letter leaves scope claims (email, name)
    // out of the ID token when it issues an access token: then they come from userinfo, whose
    // subject must be the ID token's.
    const source: Record<string, unknown> =
      typeof claims.email === 'string' || !entry.metadata.userinfo_endpoint ? claims : { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
    const verified = source.email_verified;
    return {
      subject: claims.sub,
      email: typeof source.email === 'string' ? source.email.trim().toLowerCase() : null,
      // Some providers send it as text.
      emailVerified: verified === true || verified === 'true' ? true : verified === false || verified === 'false' ? false : null,
      name: typeof source.name === 'string' && source.name.trim() ? source.name.trim().slice(0, 200) : null,
    };
  } catch (error) {
    throw providerError(error, settings.issuer, 'invalid_answer');
  } finally {
    entry.jwks = oidc.getJwksCache(config) ?? entry.jwks;
  }
}
