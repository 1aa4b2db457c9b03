// Settings -> Single Sign-On (issue 31 item 4): the card's words, in one place for the card and its
// tests, as message descriptors the card translates (issue 48, decision 044).
import type { Text } from '@/domain/locales';
import type { SsoDomainCheckError, SsoJoinRole } from '@/domain/sso-rules';

export const SSO_TEXTS = {
  title: /*i18n*/ { id: 'sso.title', message: 'Single Sign-On' },
  description: /*i18n*/ { id: 'sso.description', message: 'Let members of your email domains sign in through your identity provider (Google Workspace, Microsoft Entra ID, Okta, Keycloak or any OpenID Connect provider).' },
  loadFailed: /*i18n*/ { id: 'sso.loadFailed', message: 'Failed to load single sign-on settings' },
  notSetUp: /*i18n*/ { id: 'sso.notSetUp', message: 'Not set up' },
  on: /*i18n*/ { id: 'sso.on', message: 'On' },
  callbackUrl: /*i18n*/ { id: 'sso.callbackUrl', message: 'Callback URL' },
  callbackHint: /*i18n*/ { id: 'sso.callbackHint', message: 'Register this as the redirect (callback) URL of the app you create at your provider.' },
  copyCallback: /*i18n*/ { id: 'sso.copyCallback', message: 'Copy callback URL' },
  callbackCopied: /*i18n*/ { id: 'sso.callbackCopied', message: 'Callback URL copied' },
  issuer: /*i18n*/ { id: 'sso.issuer', message: 'Issuer URL' },
  issuerPlaceholder: /*i18n*/ { id: 'sso.issuerPlaceholder', message: 'https://accounts.google.com' },
  issuerHint: /*i18n*/ { id: 'sso.issuerHint', message: 'Your provider’s issuer; its OpenID configuration is read from here when you save.' },
  /** Issue 49 item 12: the disclosure under a refused issuer's sentence, with the technical cause. */
  errorDetails: /*i18n*/ { id: 'sso.errorDetails', message: 'Details' },
  clientId: /*i18n*/ { id: 'sso.clientId', message: 'Client ID' },
  clientSecret: /*i18n*/ { id: 'sso.clientSecret', message: 'Client secret' },
  clientSecretSavedPlaceholder: /*i18n*/ { id: 'sso.clientSecretSavedPlaceholder', message: 'Saved: leave empty to keep it' },
  clientSecretHint: /*i18n*/ { id: 'sso.clientSecretHint', message: 'Stored encrypted and never shown again.' },
  domains: /*i18n*/ { id: 'sso.domains', message: 'Email domains' },
  domainsPlaceholder: /*i18n*/ { id: 'sso.domainsPlaceholder', message: 'agency.com' },
  domainsHint: /*i18n*/ { id: 'sso.domainsHint', message: 'One per line or separated by commas. People with these email addresses sign in through your provider once you prove each domain with a DNS record.' },
  // Issue 46: a domain acts only once its TXT record proves the organization holds it.
  waitingForProof: /*i18n*/ { id: 'sso.waitingForProof', message: 'Waiting for DNS proof' },
  proofTitle: /*i18n*/ { id: 'sso.proofTitle', message: 'Domain proof' },
  proofIntro:
    /*i18n*/ { id: 'sso.proofIntro', message: 'Add this TXT record at each domain with your DNS provider. Until it is found, the domain changes nothing: its people sign in with their passwords. We look for it every hour at first and keep checking it; a domain whose record is removed stops using single sign-on.' },
  proven: /*i18n*/ { id: 'sso.proven', message: 'Proven' },
  notProven: /*i18n*/ { id: 'sso.notProven', message: 'Not proven' },
  txtRecord: /*i18n*/ { id: 'sso.txtRecord', message: 'TXT record for {domain}' },
  copyRecord: /*i18n*/ { id: 'sso.copyRecord', message: 'Copy record' },
  recordCopied: /*i18n*/ { id: 'sso.recordCopied', message: 'TXT record copied' },
  checkNow: /*i18n*/ { id: 'sso.checkNow', message: 'Check now' },
  checking: /*i18n*/ { id: 'sso.checking', message: 'Checking...' },
  checkNowLabel: /*i18n*/ { id: 'sso.checkNowLabel', message: 'Check now for {domain}' },
  provenSince: /*i18n*/ { id: 'sso.provenSince', message: 'Proven since {when}.' },
  lastChecked: /*i18n*/ { id: 'sso.lastChecked', message: 'Last checked {when}.' },
  neverChecked: /*i18n*/ { id: 'sso.neverChecked', message: 'Not checked yet.' },
  checkErrors: {
    not_found: /*i18n*/ { id: 'sso.checkErrors.not_found', message: 'The record was not found. DNS changes can take up to a few hours to appear.' },
    unreachable: /*i18n*/ { id: 'sso.checkErrors.unreachable', message: 'DNS did not answer. We will try again.' },
    taken: /*i18n*/ { id: 'sso.checkErrors.taken', message: 'Another organization has already proven this domain.' },
    in_use: /*i18n*/ { id: 'sso.checkErrors.in_use', message: 'People in another Brieflane organization sign in with this domain’s emails, so it cannot be used here.' },
  } satisfies Record<SsoDomainCheckError, Text>,
  proofPassed: /*i18n*/ { id: 'sso.proofPassed', message: '{domain} is proven' },
  proofFailed: /*i18n*/ { id: 'sso.proofFailed', message: '{domain} is not proven yet' },
  emailVerifiedOptional: /*i18n*/ { id: 'sso.emailVerifiedOptional', message: 'My provider does not send email_verified' },
  emailVerifiedOptionalHint:
    /*i18n*/ { id: 'sso.emailVerifiedOptionalHint', message: 'Leave off unless your provider never includes the email_verified claim: then only ID tokens that say the email is verified sign people in.' },
  newMembers: /*i18n*/ { id: 'sso.newMembers', message: 'New people from these domains' },
  /** One sentence per role (the role's name as ROLE_LABELS has it), so a language words it whole. */
  joinAs: {
    admin: /*i18n*/ { id: 'sso.joinAs.admin', message: 'Join as Admin' },
    account_executive: /*i18n*/ { id: 'sso.joinAs.account_executive', message: 'Join as Account Executive' },
    developer: /*i18n*/ { id: 'sso.joinAs.developer', message: 'Join as Developer' },
  } satisfies Record<SsoJoinRole, Text>,
  refuse: /*i18n*/ { id: 'sso.refuse', message: 'Are refused (add them on the Team tab first)' },
  passwordSignIn: /*i18n*/ { id: 'sso.passwordSignIn', message: 'Members may also sign in with a password' },
  passwordSignInHint: /*i18n*/ { id: 'sso.passwordSignInHint', message: 'When off, members of these domains sign in only through your provider. You, the organization admin, keep your password, so a broken provider cannot lock the organization out.' },
  save: /*i18n*/ { id: 'sso.save', message: 'Save' },
  saving: /*i18n*/ { id: 'sso.saving', message: 'Saving...' },
  saved: /*i18n*/ { id: 'sso.saved', message: 'Single sign-on saved' },
  remove: /*i18n*/ { id: 'sso.remove', message: 'Remove' },
  removeTitle: /*i18n*/ { id: 'sso.removeTitle', message: 'Remove Single Sign-On' },
  removeConfirm: /*i18n*/ { id: 'sso.removeConfirm', message: 'Members of your domains will sign in with their passwords again; those who joined through single sign-on have none yet and need “Forgot your password?”. Remove it?' },
  removed: /*i18n*/ { id: 'sso.removed', message: 'Single sign-on removed' },
  readOnly: /*i18n*/ { id: 'sso.readOnly', message: 'Only the organization admin can change single sign-on.' },
} as const;
