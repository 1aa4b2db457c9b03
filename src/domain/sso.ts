// Single sign-on with OpenID Connect per organization (issue 31 item 4, decision 032): the
// organization admin's settings, the public sign-in lookup, and the redirect routes' queries. One
// schema per operation, shared by the form, the routes and the OpenAPI document.
import { z } from 'zod';
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
  onlyOrganizationAdmin: 'Only the organization admin can change single sign-on.',
  onlyAdmins: 'Only the organization admin and admins can see single sign-on settings.',
  secretRequired: 'Enter the client secret from your provider.',
  domainTaken: (domain: string) => `${domain} is already used by another organization's single sign-on.`,
  domainInUse: (domain: string) =>
    `${domain} is the email domain of people in another Brieflane organization, so it cannot be claimed for single sign-on. Ask them to change their email or leave that organization first.`,
  domainNotClaimed: (domain: string) => `${domain} is not one of your single sign-on domains.`,
  domainPublic: (domain: string) => `${domain} is a public email provider's domain; enter your organization's own domain.`,
  notConfigured: "Your organization's email domain does not use single sign-on.",
  /**
   * Issue 49 item 12: why the issuer could not be used, in words an admin who is not a network
   * engineer can act on; `host` is the issuer's. The technical cause goes in the error's detail.
   * `named` (mismatch only): the issuer the provider's configuration gives, when known.
   */
  issuerProblems: {
    not_found: (host: string) => `Brieflane could not find your identity provider at ${host}. Check the issuer URL for typos, or try again in a moment.`,
    refused: (host: string) => `Brieflane could not reach your identity provider at ${host}: it refused the connection. Check the issuer URL, or try again in a moment.`,
    unreachable: (host: string) => `Brieflane could not reach your identity provider at ${host}. Check the issuer URL, or try again in a moment.`,
    timeout: (host: string) => `Your identity provider at ${host} did not answer in time. Check the issuer URL, or try again in a moment.`,
    certificate: (host: string) =>
      `Brieflane reached your identity provider at ${host}, but its certificate could not be verified. Check the issuer URL, or ask whoever runs the provider to fix its certificate.`,
    secure_connection: (host: string) => `Brieflane could not set up a secure connection with ${host}. Check that the issuer URL is your provider’s https:// address.`,
    not_allowed: (host: string) => `Brieflane only connects to identity providers on the public internet, and ${host} is not. Enter your provider’s public issuer URL.`,
    not_openid: (host: string) =>
      `${host} answered, but not as an OpenID Connect identity provider. Check the issuer URL: your provider shows it with the app or client you created there.`,
    mismatch: (host: string, named?: string | null) =>
      named
        ? `Your identity provider at ${host} gives its issuer URL as ${named}. Enter it exactly so.`
        : `Your identity provider at ${host} gives a different issuer URL. Enter it exactly as your provider shows it.`,
    unsupported: (host: string) =>
      `Your identity provider at ${host} does not offer the sign-in Brieflane uses (OpenID Connect with the authorization code flow). Check its settings for the app you created.`,
    invalid_answer: (host: string) => `Your identity provider at ${host} gave an answer Brieflane could not accept.`,
  } satisfies Record<SsoIssuerProblem, (host: string, named?: string | null) => string>,
  issuerMustBeHttps: 'The issuer must start with https://',
  /** Password sign-in and reset answer this for the organization's members once it is turned off. */
  passwordSignInOff: 'Your organization signs in with single sign-on. Use “Continue with SSO”.',
  passwordResetOff:
    'Your organization signs in with single sign-on, so there is no password to reset: use “Continue with SSO”. An account that may still use a password (such as the organization admin’s) gets its reset link by email.',
  pendingMissing: 'Your single sign-on has expired. Start again with “Continue with SSO”.',
} as const;

/** A domain as typed: lower case, no trailing dot, ASCII labels (an IDN in its xn-- form). */
const domain = text('Domain')
  .trim()
  .toLowerCase()
  .transform((v) => v.replace(/^@/, '').replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, 'A domain has at most 253 characters')
      .regex(/^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z][a-z0-9-]*[a-z0-9]$/, 'Enter a domain such as agency.com'),
  )
  .refine((v) => !PUBLIC_EMAIL_DOMAINS.has(v), { message: "A public email provider's domain cannot be used; enter your organization's own domain" });

const issuer = text('Issuer', { message: 'Issuer is required' })
  .trim()
  .min(1, 'Issuer is required')
  .max(500, 'The issuer has at most 500 characters')
  .pipe(z.url({ protocol: /^https?$/, message: 'Enter the issuer URL, such as https://accounts.google.com' }))
  // The issuer is compared exactly with what discovery and ID tokens say; a trailing slash is the provider's own.
  .refine((v) => !/[?#]/.test(v), { message: 'The issuer has no query or fragment' });

const clientId = text('Client ID', { message: 'Client ID is required' }).trim().min(1, 'Client ID is required').max(500, 'The client ID has at most 500 characters');
const clientSecret = text('Client secret').min(1, SSO_MESSAGES.secretRequired).max(2000, 'The client secret has at most 2000 characters');

/**
 * PUT /api/organization/sso. The secret is write-only: left out, the saved one is kept (required
 * the first time).
 */
export const ssoSettingsInputSchema = z.object({
  issuer,
  clientId,
  clientSecret: clientSecret.optional(),
  domains: z
    .array(domain, { message: 'Enter at least one domain' })
    .min(1, 'Enter at least one domain')
    .max(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains`)
    .refine((list) => new Set(list).size === list.length, { message: 'Each domain once' }),
  newMembers: z.enum(SSO_NEW_MEMBERS, { message: 'Choose whether new people join or are refused' }),
  joinRole: z.enum(SSO_JOIN_ROLES, { message: 'Choose the role new people join as' }),
  passwordSignIn: z.boolean({ message: 'Say whether members may still sign in with a password' }),
  /**
   * Issue 46: let an ID token without `email_verified` through (some providers never send it);
   * off, the claim must be `true`. An explicit `false` is refused either way.
   */
  emailVerifiedOptional: z.boolean({ message: 'Say whether your provider sends email_verified' }).default(false),
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
    .refine((input) => saved?.hasClientSecret === true || input.clientSecret !== undefined, { message: SSO_MESSAGES.secretRequired, path: ['clientSecret'] });
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

const email = text('Email', { message: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').max(320).pipe(z.email('Please enter a valid email address'));

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
export const ssoDomainParamsSchema = z.object({ domain: z.string().trim().toLowerCase().min(1).max(253).regex(/^[a-z0-9.-]+$/, 'Enter a domain such as agency.com') });

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
