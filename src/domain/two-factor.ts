// Two-factor sign-in with an authenticator app (issue 31 item 1, decision 029): TOTP codes
// (RFC 6238: 6 digits, 30-second steps, one step of drift either way) and ten one-time recovery
// codes. One schema per operation, shared by the forms, the routes and the OpenAPI document.
import { z } from 'zod';
import { TWO_FACTOR_POLICIES } from './two-factor-policy-rules';
import { text } from './text-fields';

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one (a phone's clock a little off, a slow typist). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Recovery codes are 10 characters from this alphabet (no 0/o, 1/l/i), shown as `xxxxx-xxxxx`. */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_LENGTH = 10;

export const TWO_FACTOR_TEXTS = {
  title: 'Two-factor sign-in',
  description: 'After your password, sign-in asks for a code from an authenticator app on your phone.',
  off: 'Off',
  on: 'On',
  onSince: (when: string) => `On since ${when}`,
  setUp: 'Set Up Two-Factor',
  setUpTitle: 'Set Up Two-Factor Sign-In',
  confirmPassword: 'Enter your password to continue.',
  continue: 'Continue',
  scan: 'Scan this QR code with your authenticator app (1Password, Google Authenticator, Authy, Microsoft Authenticator…).',
  qrAlt: 'QR code for your authenticator app',
  manualKey: 'Or type this key:',
  copyKey: 'Copy key',
  keyCopied: 'Key copied',
  enterCode: 'Then enter the 6-digit code it shows.',
  turnOn: 'Turn On',
  turnedOn: 'Two-factor sign-in is on',
  recoveryTitle: 'Save Your Recovery Codes',
  recoveryDescription:
    'Each code signs you in once if you lose your phone. Keep them somewhere safe, such as a password manager. They are shown only now.',
  copy: 'Copy',
  copied: 'Recovery codes copied',
  download: 'Download',
  saved: 'I Have Saved Them',
  /** Escape or a click outside while the codes show: they would be gone for good. */
  saveFirst: 'Save the codes first: they are not shown again. Then choose “I Have Saved Them”.',
  recoveryCodesLabel: 'Recovery codes',
  recoveryFileName: 'brieflane-recovery-codes.txt',
  recoveryFileHeading: (email: string) => `Brieflane recovery codes for ${email}. Each signs you in once.`,
  recoveryLeft: (n: number) => (n === 1 ? '1 recovery code left' : `${n} recovery codes left`),
  newRecoveryCodes: 'New Recovery Codes',
  newRecoveryCodesTitle: 'New Recovery Codes',
  newRecoveryCodesDescription: 'The codes you have now stop working. Enter a code from your authenticator app.',
  makeCodes: 'Make New Codes',
  turnOff: 'Turn Off',
  turnOffTitle: 'Turn Off Two-Factor Sign-In',
  turnOffDescription: 'Enter your password and a code from your authenticator app (or a recovery code).',
  turnedOff: 'Two-factor sign-in is off',
  codeLabel: 'Authentication code',
  codeOrRecoveryLabel: 'Authentication or recovery code',
  passwordLabel: 'Password',
  loadFailed: 'Failed to load your two-factor settings',
  // The sign-in step.
  signInTitle: 'Two-factor sign-in',
  signInDescription: 'Enter the 6-digit code from your authenticator app.',
  signInRecoveryDescription: 'Enter one of your recovery codes. Each works once.',
  useRecoveryCode: 'Use a recovery code instead',
  useAppCode: 'Use your authenticator app instead',
  recoveryCodeLabel: 'Recovery code',
  recoveryCodePlaceholder: 'xxxxx-xxxxx',
  verify: 'Verify',
  // Team -> member (an admin, by rank).
  reset: 'Reset Two-Factor',
  resetTitle: 'Reset Two-Factor Sign-In',
  resetConfirm: (name: string) =>
    `Turn off two-factor sign-in for ${name}? They are signed out everywhere and emailed; they can set it up again after signing in with their password.`,
  resetDone: 'Two-factor sign-in reset',
  memberHasTwoFactor: 'Two-factor on',
} as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app.',
  codeInvalid: 'That code is wrong or expired. Enter the code your app shows now.',
  recoveryCodeInvalid: 'That recovery code is wrong or already used.',
  noSetup: 'Start the set-up again: it was not started or has expired.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  ownInSettings: 'Turn your own two-factor sign-in off in Settings.',
  memberNotOn: 'This member does not have two-factor sign-in on.',
  onlyAdminsReset: "Only the organization admin and admins can see or reset a member's two-factor sign-in.",
} as const;

/** The error codes the sign-in form tells apart (beside SIGN_IN_ERRORS of auth.ts). */
export const TWO_FACTOR_ERRORS = {
  required: 'two_factor_required',
  invalid: 'invalid_two_factor_code',
  /** The settings forms tell these apart too: the message goes under the field it is about. */
  wrongPassword: 'wrong_password',
  setupMissing: 'two_factor_setup_missing',
  /** New codes or turning off, when it is off already (another tab turned it off). */
  notOn: 'two_factor_off',
  requiredByOrganization: 'two_factor_required_by_organization',
} as const;

/** A TOTP code as typed: spaces dropped (apps show `123 456`), then exactly six digits. */
export const totpCode = text('Authentication code', { message: TWO_FACTOR_MESSAGES.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeRequired));

/** A recovery code as typed: case, spaces and hyphens do not matter. */
export const recoveryCode = text('Recovery code', { message: 'Recovery code is required' })
  .max(100, TWO_FACTOR_MESSAGES.recoveryCodeInvalid)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().min(1, 'Recovery code is required'));

/** Either kind, told apart by shape (six digits is an app code): turning it off takes either. */
export const totpOrRecoveryCode = text('Code', { message: TWO_FACTOR_MESSAGES.codeRequired })
  .max(100, TWO_FACTOR_MESSAGES.codeInvalid)
  .transform((value) => value.trim())
  .pipe(z.string().min(1, TWO_FACTOR_MESSAGES.codeRequired));

const password = text('Password', { message: 'Password is required' }).min(1, 'Password is required').max(256);

export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, '');
}

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

/** The sign-in form's second step: one of the two fields. */
export const twoFactorCodeFormSchema = z.object({ twoFactorCode: totpCode });
export const recoveryCodeFormSchema = z.object({ recoveryCode });

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

export const twoFactorPolicyInputSchema = z.object({ policy: z.enum(TWO_FACTOR_POLICIES, { message: 'Choose a two-factor requirement' }) });
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
