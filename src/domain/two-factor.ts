// Two-factor sign-in with an authenticator app (issue 31 item 1, decision 029): TOTP codes
// (RFC 6238: 6 digits, 30-second steps, one step of drift either way) and ten one-time recovery
// codes. One schema per operation, shared by the forms, the routes and the OpenAPI document.
import { z } from 'zod';
import { TWO_FACTOR_POLICIES } from './two-factor-policy-rules';
import { text } from './text-fields';
import { TWO_FACTOR_SIGN_IN_MESSAGES as SIGN_IN_MESSAGES, totpCode } from './two-factor-sign-in';

// The sign-in step's words and schemas (two-factor-sign-in.ts, in the sign-in page's words) are
// named here too, for Settings' forms, the routes and the server.
export {
  normalizeRecoveryCode,
  RECOVERY_CODE_PLACEHOLDER,
  recoveryCode,
  recoveryCodeFormSchema,
  TOTP_DIGITS,
  totpCode,
  TWO_FACTOR_ERRORS,
  TWO_FACTOR_SIGN_IN_MESSAGES,
  TWO_FACTOR_SIGN_IN_TEXTS,
  twoFactorCodeFormSchema,
} from './two-factor-sign-in';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one (a phone's clock a little off, a slow typist). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are 10 characters from this alphabet (no 0/o, 1/l/i), shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;

export const TWO_FACTOR_TEXTS = {
  title: /*i18n*/ { id: 'domain.two-factor.title', message: 'Two-factor sign-in' },
  description: /*i18n*/ { id: 'domain.two-factor.description', message: 'After your password, sign-in asks for a code from an authenticator app on your phone.' },
  off: /*i18n*/ { id: 'domain.two-factor.off', message: 'Off' },
  on: /*i18n*/ { id: 'domain.two-factor.on', message: 'On' },
  onSince: /*i18n*/ { id: 'domain.two-factor.onSince', message: 'On since {when}' },
  setUp: /*i18n*/ { id: 'domain.two-factor.setUp', message: 'Set Up Two-Factor' },
  setUpTitle: /*i18n*/ { id: 'domain.two-factor.setUpTitle', message: 'Set Up Two-Factor Sign-In' },
  confirmPassword: /*i18n*/ { id: 'domain.two-factor.confirmPassword', message: 'Enter your password to continue.' },
  continue: /*i18n*/ { id: 'domain.two-factor.continue', message: 'Continue' },
  scan: /*i18n*/ { id: 'domain.two-factor.scan', message: 'Scan this QR code with your authenticator app (1Password, Google Authenticator, Authy, Microsoft Authenticator…).' },
  qrAlt: /*i18n*/ { id: 'domain.two-factor.qrAlt', message: 'QR code for your authenticator app' },
  manualKey: /*i18n*/ { id: 'domain.two-factor.manualKey', message: 'Or type this key:' },
  copyKey: /*i18n*/ { id: 'domain.two-factor.copyKey', message: 'Copy key' },
  keyCopied: /*i18n*/ { id: 'domain.two-factor.keyCopied', message: 'Key copied' },
  enterCode: /*i18n*/ { id: 'domain.two-factor.enterCode', message: 'Then enter the 6-digit code it shows.' },
  turnOn: /*i18n*/ { id: 'domain.two-factor.turnOn', message: 'Turn On' },
  turnedOn: /*i18n*/ { id: 'domain.two-factor.turnedOn', message: 'Two-factor sign-in is on' },
  recoveryTitle: /*i18n*/ { id: 'domain.two-factor.recoveryTitle', message: 'Save Your Recovery Codes' },
  recoveryDescription:
    /*i18n*/ { id: 'domain.two-factor.recoveryDescription', message: 'Each code signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager. They are shown only now.' },
  copy: /*i18n*/ { id: 'domain.two-factor.copy', message: 'Copy' },
  copied: /*i18n*/ { id: 'domain.two-factor.copied', message: 'Recovery codes copied' },
  download: /*i18n*/ { id: 'domain.two-factor.download', message: 'Download' },
  saved: /*i18n*/ { id: 'domain.two-factor.saved', message: 'I Have Saved Them' },
  /** Escape or a click outside while the codes show: they would be gone for good. */
  saveFirst: /*i18n*/ { id: 'domain.two-factor.saveFirst', message: 'Save the codes first: they are not shown again. Then choose “I Have Saved Them”.' },
  recoveryCodesLabel: /*i18n*/ { id: 'domain.two-factor.recoveryCodesLabel', message: 'Recovery codes' },
  recoveryFileName: /*i18n*/ { id: 'domain.two-factor.recoveryFileName', message: 'brieflane-recovery-codes.txt' },
  recoveryFileHeading: /*i18n*/ { id: 'domain.two-factor.recoveryFileHeading', message: 'Brieflane recovery codes for {email}. Each signs you in once.' },
  recoveryLeft: /*i18n*/ { id: 'domain.two-factor.recoveryLeft', message: '{n, plural, one {# recovery code left} other {# recovery codes left}}' },
  newRecoveryCodes: /*i18n*/ { id: 'domain.two-factor.newRecoveryCodes', message: 'New Recovery Codes' },
  newRecoveryCodesTitle: /*i18n*/ { id: 'domain.two-factor.newRecoveryCodesTitle', message: 'New Recovery Codes' },
  newRecoveryCodesDescription: /*i18n*/ { id: 'domain.two-factor.newRecoveryCodesDescription', message: 'The codes you have now stop working. Enter a code from your authenticator app.' },
  makeCodes: /*i18n*/ { id: 'domain.two-factor.makeCodes', message: 'Make New Codes' },
  turnOff: /*i18n*/ { id: 'domain.two-factor.turnOff', message: 'Turn Off' },
  turnOffTitle: /*i18n*/ { id: 'domain.two-factor.turnOffTitle', message: 'Turn Off Two-Factor Sign-In' },
  turnOffDescription: /*i18n*/ { id: 'domain.two-factor.turnOffDescription', message: 'Enter your password and a code from your authenticator app (or a recovery code).' },
  turnedOff: /*i18n*/ { id: 'domain.two-factor.turnedOff', message: 'Two-factor sign-in is off' },
  codeLabel: /*i18n*/ { id: 'domain.two-factor.codeLabel', message: 'Authentication code' },
  codeOrRecoveryLabel: /*i18n*/ { id: 'domain.two-factor.codeOrRecoveryLabel', message: 'Authentication or recovery code' },
  passwordLabel: /*i18n*/ { id: 'domain.two-factor.passwordLabel', message: 'Password' },
  loadFailed: /*i18n*/ { id: 'domain.two-factor.loadFailed', message: 'Failed to load your two-factor settings' },
  // Team -> member (an admin, by rank).
  reset: /*i18n*/ { id: 'domain.two-factor.reset', message: 'Reset Two-Factor' },
  resetTitle: /*i18n*/ { id: 'domain.two-factor.resetTitle', message: 'Reset Two-Factor Sign-In' },
  resetConfirm: /*i18n*/ { id: 'domain.two-factor.resetConfirm', message: 'Turn off two-factor sign-in for {name}? They are signed out everywhere and emailed; they can set it up again after signing in with their password.' },
  resetDone: /*i18n*/ { id: 'domain.two-factor.resetDone', message: 'Two-factor sign-in reset' },
  memberHasTwoFactor: /*i18n*/ { id: 'domain.two-factor.memberHasTwoFactor', message: 'Two-factor on' },
} as const;

export const TWO_FACTOR_MESSAGES = {
  noSetup: /*i18n*/ { id: 'domain.two-factor.noSetup', message: 'Start the set-up again: it was not started or has expired.' },
  alreadyOn: /*i18n*/ { id: 'domain.two-factor.alreadyOn', message: 'Two-factor sign-in is already on.' },
  notOn: /*i18n*/ { id: 'domain.two-factor.notOn', message: 'Two-factor sign-in is not on.' },
  ownInSettings: /*i18n*/ { id: 'domain.two-factor.ownInSettings', message: 'Turn your own two-factor sign-in off in Settings.' },
  memberNotOn: /*i18n*/ { id: 'domain.two-factor.memberNotOn', message: 'This member does not have two-factor sign-in on.' },
  onlyAdminsReset: /*i18n*/ { id: 'domain.two-factor.onlyAdminsReset', message: 'Only the organization admin and admins can see or reset a member\'s two-factor sign-in.' },
  // The forms' and the API's validation (zod carries the ids; decision 045).
  passwordRequired: /*i18n*/ { id: 'domain.two-factor.passwordRequired', message: 'Password is required' },
  policyRequired: /*i18n*/ { id: 'domain.two-factor.policyRequired', message: 'Choose a two-factor requirement' },
} as const;
const M = TWO_FACTOR_MESSAGES;

/** Either kind, told apart by shape (six digits is an app code): turning it off takes either. */
export const totpOrRecoveryCode = text({ message: SIGN_IN_MESSAGES.codeRequired.id })
  .max(100, SIGN_IN_MESSAGES.codeInvalid.id)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, SIGN_IN_MESSAGES.codeRequired.id));

const password = text({ message: M.passwordRequired.id }).min(1, M.passwordRequired.id).max(256);

/** How a recovery code is shown: `abcde-fghjk`. */
export function formatRecoveryCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Whether what was typed looks like an app code (six digits, spaces allowed). */
export function looksLikeTotp(value: string): boolean {
  return /^\d{6}$/.test(value.replace(/\s+/g, ''));
}

/** GET /api/settings/two-factor */
export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** POST /api/settings/two-factor/setup: the password again; answers the new secret. */
export const startTwoFactorSetupSchema = z.object({ password });
export const twoFactorSetupSchema = z.object({
  /** Base32, in groups of four for typing by hand. */
  secret: z.string(),
  /** otpauth://totp/Brieflane:email?secret=...&issuer=Brieflane&... */
  uri: z.string(),
  /** The URI as a QR code, an SVG document (shown as an image, never inline markup). */
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** POST /api/settings/two-factor/enable: a code from the app proves the set-up. */
export const enableTwoFactorSchema = z.object({ code: totpCode });
/** POST /api/settings/two-factor/recovery-codes: new codes, the old ones retired. */
export const newRecoveryCodesSchema = z.object({ code: totpCode });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** POST /api/settings/two-factor/disable */
export const disableTwoFactorSchema = z.object({ password, code: totpOrRecoveryCode });


// ---- The organization's policy (issue 31 item 2) ------------------------------------------------

// Named here too for the API and the server; the web shell reads them from
// two-factor-policy-rules.ts (decision 013).
export {
  enrolmentDeadline,
  policyApplies,
  TWO_FACTOR_ENROLMENT_REQUIRED,
  TWO_FACTOR_GRACE_DAYS,
  TWO_FACTOR_POLICIES,
  TWO_FACTOR_POLICY_MESSAGES,
  TWO_FACTOR_POLICY_TEXTS,
  twoFactorRequirement,
  type TwoFactorPolicy,
} from './two-factor-policy-rules';

export const twoFactorPolicyInputSchema = z.object({ policy: z.enum(TWO_FACTOR_POLICIES, { message: M.policyRequired.id }) });
/** GET/PUT /api/organization/two-factor-policy */
export const twoFactorPolicySchema = z.object({
  policy: z.enum(TWO_FACTOR_POLICIES),
  /** When the current requirement was set (null when off). */
  since: z.string().nullable(),
  /** Until when members without it may work (null when off). */
  deadline: z.string().nullable(),
  /** Members (with a login) the policy applies to who have not set it up. */
  membersWithout: z.number().int(),
});
export type TwoFactorPolicyState = z.infer<typeof twoFactorPolicySchema>;
/** In GET /api/me: the caller's own two-factor and what the policy asks of them. */
export const meTwoFactorSchema = z.object({
  on: z.boolean(),
  required: z.boolean(),
  deadline: z.string().nullable(),
  overdue: z.boolean(),
});
