// Single sign-on with OpenID Connect per organization (issue 31 item 4, decision 032): the
// organization admin's settings, the public sign-in lookup, and the redirect routes' queries. One
// schema per operation, shared by the form, the routes and the OpenAPI document.
import { z } from 'zod';
import { AUTH_MESSAGES } from './auth';
import { messageWithValues, type Text } from './locales';
import { SSO_DEFAULT_JOIN_ROLE, SSO_DOMAIN_CHECK_ERRORS, SSO_JOIN_ROLES, SSO_NEW_MEMBERS, type SsoIssuerProblem, type SsoJoinRole } from './sso-rules';
import { text } from './text-fields';
import { recoveryCode, totpCode } from './two-factor';

export const SSO_MAX_DOMAINS = 20;

/**
 * Webmail providers' domains, which no organization may claim: every person with such an address
 * would be sent to one agency's provider.
 */
export const PUBLIC_EMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'zoho.com',
  'fastmail.com',
  'hey.com',
  'tutanota.com',
  'qq.com',
  '163.com',
]);

export const SSO_MESSAGES = {
  onlyOrganizationAdmin: /*i18n*/ { id: 'domain.sso.onlyOrganizationAdmin', message: 'Only the organization admin can change single sign-on.' },
  onlyAdmins: /*i18n*/ { id: 'domain.sso.onlyAdmins', message: 'Only the organization admin and admins can see single sign-on settings.' },
  secretRequired: /*i18n*/ { id: 'domain.sso.secretRequired', message: 'Enter the client secret from your provider.' },
  domainTaken: /*i18n*/ { id: 'domain.sso.domainTaken', message: '{domain} is already used by another organization\'s single sign-on.' },
  domainInUse: /*i18n*/ { id: 'domain.sso.domainInUse', message: '{domain} is the email domain of people in another Brieflane organization, so it cannot be claimed for single sign-on. Ask them to change their email or leave that organization first.' },
  domainNotClaimed: /*i18n*/ { id: 'domain.sso.domainNotClaimed', message: '{domain} is not one of your single sign-on domains.' },
  domainPublic: /*i18n*/ { id: 'domain.sso.domainPublic', message: '{domain} is a public email provider\'s domain; enter your organization\'s own domain.' },
  notConfigured: /*i18n*/ { id: 'domain.sso.notConfigured', message: 'Your organization\'s email domain does not use single sign-on.' },
  /**
   * Issue 49 item 12: why the issuer could not be used, in words an admin who is not a network
   * engineer can act on; each with the issuer's `host`. The technical cause goes in the error's
   * detail. issuerMismatchNamed: a mismatch when the provider's configuration names its issuer.
   */
  issuerProblems: {
    not_found: /*i18n*/ { id: 'domain.sso.issuerProblems.not_found', message: 'Brieflane could not find your identity provider at {host}. Check the issuer URL for typos, or try again in a moment.' },
    refused: /*i18n*/ { id: 'domain.sso.issuerProblems.refused', message: 'Brieflane could not reach your identity provider at {host}: it refused the connection. Check the issuer URL, or try again in a moment.' },
    unreachable: /*i18n*/ { id: 'domain.sso.issuerProblems.unreachable', message: 'Brieflane could not reach your identity provider at {host}. Check the issuer URL, or try again in a moment.' },
    timeout: /*i18n*/ { id: 'domain.sso.issuerProblems.timeout', message: 'Your identity provider at {host} did not answer in time. Check the issuer URL, or try again in a moment.' },
    certificate: /*i18n*/ { id: 'domain.sso.issuerProblems.certificate', message: 'Brieflane reached your identity provider at {host}, but its certificate could not be verified. Check the issuer URL, or ask whoever runs the provider to fix its certificate.' },
    secure_connection: /*i18n*/ { id: 'domain.sso.issuerProblems.secure_connection', message: 'Brieflane could not set up a secure connection with {host}. Check that the issuer URL is your provider’s https:// address.' },
    not_allowed: /*i18n*/ { id: 'domain.sso.issuerProblems.not_allowed', message: 'Brieflane only connects to identity providers on the public internet, and {host} is not. Enter your provider’s public issuer URL.' },
    not_openid: /*i18n*/ { id: 'domain.sso.issuerProblems.not_openid', message: '{host} answered, but not as an OpenID Connect identity provider. Check the issuer URL: your provider shows it with the app or client you created there.' },
    mismatch: /*i18n*/ { id: 'domain.sso.issuerProblems.mismatch', message: 'Your identity provider at {host} gives a different issuer URL. Enter it exactly as your provider shows it.' },
    unsupported: /*i18n*/ { id: 'domain.sso.issuerProblems.unsupported', message: 'Your identity provider at {host} does not offer the sign-in Brieflane uses (OpenID Connect with the authorization code flow). Check its settings for the app you created.' },
    invalid_answer: /*i18n*/ { id: 'domain.sso.issuerProblems.invalid_answer', message: 'Your identity provider at {host} gave an answer Brieflane could not accept.' },
  } satisfies Record<SsoIssuerProblem, Text>,
  /** A mismatch when the provider's configuration names its issuer (`named`). */
  issuerMismatchNamed: /*i18n*/ { id: 'domain.sso.issuerMismatchNamed', message: 'Your identity provider at {host} gives its issuer URL as {named}. Enter it exactly so.' },
  issuerMustBeHttps: /*i18n*/ { id: 'domain.sso.issuerMustBeHttps', message: 'The issuer must start with https://' },
  // The form's and the API's validation (zod carries the ids; decision 045).
  domainTooLong: /*i18n*/ { id: 'domain.sso.domainTooLong', message: 'A domain has at most 253 characters' },
  domainInvalid: /*i18n*/ { id: 'domain.sso.domainInvalid', message: 'Enter a domain such as agency.com' },
  domainPublicProvider: /*i18n*/ { id: 'domain.sso.domainPublicProvider', message: 'A public email provider\'s domain cannot be used; enter your organization\'s own domain' },
  issuerRequired: /*i18n*/ { id: 'domain.sso.issuerRequired', message: 'Issuer is required' },
  issuerTooLong: /*i18n*/ { id: 'domain.sso.issuerTooLong', message: 'The issuer has at most 500 characters' },
  issuerInvalid: /*i18n*/ { id: 'domain.sso.issuerInvalid', message: 'Enter the issuer URL, such as https://accounts.google.com' },
  issuerQuery: /*i18n*/ { id: 'domain.sso.issuerQuery', message: 'The issuer has no query or fragment' },
  clientIdRequired: /*i18n*/ { id: 'domain.sso.clientIdRequired', message: 'Client ID is required' },
  clientIdTooLong: /*i18n*/ { id: 'domain.sso.clientIdTooLong', message: 'The client ID has at most 500 characters' },
  secretTooLong: /*i18n*/ { id: 'domain.sso.secretTooLong', message: 'The client secret has at most 2000 characters' },
  domainsRequired: /*i18n*/ { id: 'domain.sso.domainsRequired', message: 'Enter at least one domain' },
  domainsTooMany: /*i18n*/ { id: 'domain.sso.domainsTooMany', message: 'At most {max} domains' },
  domainsRepeated: /*i18n*/ { id: 'domain.sso.domainsRepeated', message: 'Each domain once' },
  newMembersRequired: /*i18n*/ { id: 'domain.sso.newMembersRequired', message: 'Choose whether new people join or are refused' },
  joinRoleRequired: /*i18n*/ { id: 'domain.sso.joinRoleRequired', message: 'Choose the role new people join as' },
  passwordSignInRequired: /*i18n*/ { id: 'domain.sso.passwordSignInRequired', message: 'Say whether members may still sign in with a password' },
  emailVerifiedRequired: /*i18n*/ { id: 'domain.sso.emailVerifiedRequired', message: 'Say whether your provider sends email_verified' },
} as const;
const M = SSO_MESSAGES;

// The sign-in screens' words (sso-sign-in.ts, in the sign-in page's words) are named here too.
export { SSO_SIGN_IN_MESSAGES } from './sso-sign-in';

/** A domain as typed: lower case, no trailing dot, ASCII labels (an IDN in its xn-- form). */
const domain = text()
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, '').replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, M.domainTooLong.id)
      .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z][a-z0-9-]*[a-z0-9]$/, M.domainInvalid.id),
  )
  .refine((v) => !PUBLIC_EMAIL_DOMAINS.has(v), { message: M.domainPublicProvider.id });

const issuer = text({ message: M.issuerRequired.id })
  .trim()
  .min(1, M.issuerRequired.id)
  .max(500, M.issuerTooLong.id)
  .pipe(z.url({ protocol: /^https?$/, message: M.issuerInvalid.id }))
  // The issuer is compared exactly with what discovery and ID tokens say; a trailing slash is the provider's own.
  .refine((v) => !/[?#]/.test(v), { message: M.issuerQuery.id });

const clientId = text({ message: M.clientIdRequired.id }).trim().min(1, M.clientIdRequired.id).max(500, M.clientIdTooLong.id);
const clientSecret = text().min(1, M.secretRequired.id).max(2000, M.secretTooLong.id);

/**
 * PUT /api/organization/sso. The secret is write-only: left out, the saved one is kept (required
 * the first time).
 */
export const ssoSettingsInputSchema = z.object({
  issuer,
  clientId,
  clientSecret: clientSecret.optional(),
  domains: z
    .array(domain, { message: M.domainsRequired.id })
    .min(1, M.domainsRequired.id)
    .max(SSO_MAX_DOMAINS, messageWithValues(M.domainsTooMany, { max: SSO_MAX_DOMAINS }))
    .refine((list) => new Set(list).size === list.length, { message: M.domainsRepeated.id }),
  newMembers: z.enum(SSO_NEW_MEMBERS, { message: M.newMembersRequired.id }),
  joinRole: z.enum(SSO_JOIN_ROLES, { message: M.joinRoleRequired.id }),
  passwordSignIn: z.boolean({ message: M.passwordSignInRequired.id }),
  /**
   * Issue 46: let an ID token without `email_verified` through (some providers never send it);
   * off, the claim must be `true`. An explicit `false` is refused either way.
   */
  emailVerifiedOptional: z.boolean({ message: M.emailVerifiedRequired.id }).default(false),
});
export type SsoSettingsInput = z.output<typeof ssoSettingsInputSchema>;

/** What happens to a new person in the Settings form: joins as one of the roles, or is refused. */
export const SSO_JOIN_CHOICES = [...SSO_JOIN_ROLES, 'refuse'] as const;
export type SsoJoinChoice = (typeof SSO_JOIN_CHOICES)[number];

/**
 * The Settings form of PUT /api/organization/sso, read into ssoSettingsInputSchema: the domains
 * typed one a line (or apart by commas, semicolons, spaces), one choice of who joins (a refusal
 * keeps the saved role), and the secret left empty to keep the saved one. The first save needs
 * the secret, and so does one after the server's AUTH_SECRET changed (`hasClientSecret` false).
 */
export function ssoSettingsFormSchema(saved: { hasClientSecret: boolean; joinRole: SsoJoinRole } | null) {
  return z
    .object({
      issuer: z.string(),
      clientId: z.string(),
      clientSecret: z.string(),
      domains: z.string(),
      join: z.enum(SSO_JOIN_CHOICES),
      passwordSignIn: z.boolean(),
      emailVerifiedOptional: z.boolean(),
    })
    .transform(
      ({ clientSecret, domains, join, ...rest }): z.input<typeof ssoSettingsInputSchema> => ({
        ...rest,
        ...(clientSecret === '' ? {} : { clientSecret }),
        domains: domains.split(/[\s,;]+/).filter(Boolean),
        newMembers: join === 'refuse' ? 'refuse' : 'join',
        joinRole: join === 'refuse' ? (saved?.joinRole ?? SSO_DEFAULT_JOIN_ROLE) : join,
      }),
    )
    .pipe(ssoSettingsInputSchema)
    .refine((input) => saved?.hasClientSecret === true || input.clientSecret !== undefined, { message: M.secretRequired.id, path: ['clientSecret'] });
}
export type SsoSettingsForm = z.input<ReturnType<typeof ssoSettingsFormSchema>>;

/**
 * One claimed domain and its proof (issue 46): it acts for sign-in only while `verified`. The
 * organization publishes `record` as a TXT record at the domain; a periodic check and Check now
 * look for it.
 */
export const ssoDomainStateSchema = z.object({
  domain: z.string(),
  /** The TXT record's whole text: `brieflane-verification=<token>`. */
  record: z.string(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  checkedAt: z.string().nullable(),
  checkError: z.enum(SSO_DOMAIN_CHECK_ERRORS).nullable(),
});
export type SsoDomainState = z.infer<typeof ssoDomainStateSchema>;

/** The saved settings as read back: never the secret. */
export const ssoSettingsSchema = z.object({
  issuer: z.string(),
  clientId: z.string(),
  /** Whether a usable secret is saved (false after AUTH_SECRET changed): the secret itself never leaves. */
  hasClientSecret: z.boolean(),
  domains: z.array(ssoDomainStateSchema),
  newMembers: z.enum(SSO_NEW_MEMBERS),
  joinRole: z.enum(SSO_JOIN_ROLES),
  passwordSignIn: z.boolean(),
  emailVerifiedOptional: z.boolean(),
  updatedAt: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** GET /api/organization/sso: the settings (null before any), and the URL to register at the provider. */
export const ssoSettingsStateSchema = z.object({
  callbackUrl: z.string(),
  settings: ssoSettingsSchema.nullable(),
});
export type SsoSettingsState = z.infer<typeof ssoSettingsStateSchema>;

// The sign-in page's lookup: the account rules' words (auth.ts, in the sign-in page's words).
const email = text({ message: AUTH_MESSAGES.emailRequired.id })
  .trim()
  .toLowerCase()
  .min(1, AUTH_MESSAGES.emailRequired.id)
  .max(320)
  .pipe(z.email(AUTH_MESSAGES.emailInvalid.id));

/** POST /api/auth/sso/lookup: which sign-in applies to an email. Says nothing of accounts. */
export const ssoLookupSchema = z.object({ email });
export const ssoLookupResultSchema = z.object({
  /** The email's domain signs in through its organization's provider. */
  sso: z.boolean(),
  /** Password sign-in is offered (false only when the domain's organization turned it off). */
  password: z.boolean(),
  /**
   * Issue 46: the host the browser is sent to ("Continue with SSO at login.acme.com"), named on
   * the button before anyone leaves the page; null when the email's domain has no proven single sign-on.
   */
  provider: z.string().nullable(),
});
export type SsoLookupResult = z.infer<typeof ssoLookupResultSchema>;

/** POST /api/organization/sso/domains/:domain/check: look for the domain's TXT record now. */
export const ssoDomainParamsSchema = z.object({ domain: z.string().trim().toLowerCase().min(1).max(253).regex(/^[a-z0-9.-]+$/, M.domainInvalid.id) });

/** GET /api/auth/sso/start?email=... (a browser navigation). */
export const ssoStartQuerySchema = z.object({ email: z.string().max(320).optional() });

/** GET /api/auth/sso/callback: what the provider sends back (RFC 6749 4.1.2). All read as text. */
export const ssoCallbackQuerySchema = z
  .object({
    state: z.string().max(2000).optional(),
    code: z.string().max(4000).optional(),
    error: z.string().max(2000).optional(),
    error_description: z.string().max(4000).optional(),
    iss: z.string().max(2000).optional(),
  })
  .catchall(z.unknown());

/** POST /api/auth/sso/two-factor: the second factor after the provider (an app or a recovery code). */
export const ssoTwoFactorSchema = z.object({ twoFactorCode: totpCode.optional(), recoveryCode: recoveryCode.optional() });
