// Single sign-on with OpenID Connect per organization (issue 31 item 4, decision 032) without zod:
// what the sign-in page needs on its first download (decision 013). The schemas are in ./sso.ts.
import type { Role } from './roles';

/** What happens to a person of the organization's domains who has no account yet. */
export const SSO_NEW_MEMBERS = ['join', 'refuse'] as const;
export type SsoNewMembers = (typeof SSO_NEW_MEMBERS)[number];

/** Roles new people may join as: below the organization admin's, who chooses (decision 006). */
export const SSO_JOIN_ROLES = ['admin', 'account_executive', 'developer'] as const satisfies readonly Role[];
export type SsoJoinRole = (typeof SSO_JOIN_ROLES)[number];
/** Spec 9's default role for a new member. */
export const SSO_DEFAULT_JOIN_ROLE: SsoJoinRole = 'developer';

/**
 * Issue 46: why a check did not prove a domain. not_found: the domain's TXT records do not carry
 * the value; unreachable: the resolver did not answer; taken: another organization holds it
 * proven; in_use: logins of another organization have emails at it.
 */
export const SSO_DOMAIN_CHECK_ERRORS = ['not_found', 'unreachable', 'taken', 'in_use'] as const;
export type SsoDomainCheckError = (typeof SSO_DOMAIN_CHECK_ERRORS)[number];

/**
 * Issue 49 item 12: why the issuer could not be used, each its own answer of PUT
 * /api/organization/sso (400 `sso_issuer_<problem>`, ssoIssuerErrorCode) with a plain sentence
 * (SSO_MESSAGES.issuerProblems) and the technical cause in the error's `detail`.
 * - not_found: the host name does not resolve;
 * - refused: the host refused the connection (nothing listens there);
 * - unreachable: the connection failed or was dropped otherwise;
 * - timeout: no complete answer in time;
 * - certificate: TLS failed on the certificate (self-signed, expired, another name's, unknown CA);
 * - secure_connection: TLS failed otherwise (often https:// to a server that speaks http);
 * - not_allowed: an address Brieflane does not send to (private, loopback), or http:// where
 *   only https:// is allowed;
 * - not_openid: it answered, but with no OpenID configuration;
 * - mismatch: its configuration names another issuer (often a trailing slash);
 * - unsupported: its configuration lacks what a sign-in needs (endpoints, the code flow);
 * - invalid_answer: at sign-in, the provider's answer failed a check (never from a save).
 */
export const SSO_ISSUER_PROBLEMS = [
  'not_found',
  'refused',
  'unreachable',
  'timeout',
  'certificate',
  'secure_connection',
  'not_allowed',
  'not_openid',
  'mismatch',
  'unsupported',
  'invalid_answer',
] as const;
export type SsoIssuerProblem = (typeof SSO_ISSUER_PROBLEMS)[number];

/** The API error code of an issuer problem: `sso_issuer_timeout`. */
export function ssoIssuerErrorCode<P extends SsoIssuerProblem>(problem: P): `sso_issuer_${P}` {
  return `sso_issuer_${problem}`;
}

/** The TXT record that proves a domain: `brieflane-verification=<token>`, at the domain itself. */
export const SSO_VERIFICATION_PREFIX = 'brieflane-verification=';
export function ssoVerificationRecord(token: string): string {
  return `${SSO_VERIFICATION_PREFIX}${token}`;
}

/** The path the provider sends the browser back to; the admin registers PUBLIC_URL + this. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';
export const SSO_START_PATH = '/api/auth/sso/start';

/**
 * Why a single sign-on ended on the sign-in page: the server redirects to `/?sso_error=<code>`
 * (never a message of its own in the address), the sign-in page shows the code's text.
 */
export const SSO_REDIRECT_ERRORS = [
  /** No organization's single sign-on covers the email's domain. */
  'not_configured',
  /** The state is unknown, used, expired, or not this browser's. */
  'expired',
  /** The provider said no (the person cancelled, or it refused them). */
  'denied',
  /** The provider's answer failed a check: signature, audience, issuer, expiry, nonce, PKCE. */
  'invalid_response',
  /** The provider could not be reached. */
  'unreachable',
  /** The ID token carries no email, or one outside the organization's domains, or not verified. */
  'email_not_allowed',
  /** The email's account belongs to another organization. */
  'other_organization',
  /** No account yet, and the organization admits nobody new through single sign-on. */
  'not_invited',
  /** Too many sign-in attempts from this address. */
  'rate_limited',
  /**
   * Issue 46: the login signed in through this provider before as another subject (`sub`), or the
   * subject speaks for another login already.
   */
  'identity_mismatch',
] as const;
export type SsoRedirectError = (typeof SSO_REDIRECT_ERRORS)[number];

/** The query parameters of the sign-in page a single sign-on comes back to. */
export const SSO_ERROR_PARAM = 'sso_error';
/** `/?sso=two-factor`: the provider let the person in; their two-factor code comes next. */
export const SSO_STEP_PARAM = 'sso';
export const SSO_TWO_FACTOR_STEP = 'two-factor';

/** The error codes of single sign-on's API answers that the web tells apart. */
export const SSO_ERRORS = {
  /** Password sign-in or reset for a member whose organization signs in only through its provider. */
  required: 'sso_required',
  /** The two-factor step after the provider has expired or was never started. */
  pendingMissing: 'sso_pending_missing',
} as const;

/** The email's domain, lower case; '' for a string without one. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).trim().toLowerCase();
}
