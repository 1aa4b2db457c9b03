// Two-factor sign-in's second step (issue 31 item 1): what the sign-in page shows before anyone is
// signed in, apart from Settings' two-factor words (two-factor.ts), so the sign-in page's words
// (the `domain-auth` part, issue 48) hold only these. two-factor.ts names these too.
import { z } from 'zod';
import { text } from './text-fields';

/** A TOTP code's digits (RFC 6238). */
export const TOTP_DIGITS = 6;

/** The sign-in step's words. */
export const TWO_FACTOR_SIGN_IN_TEXTS = {
  signInTitle: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.signInTitle', message: 'Two-factor sign-in' },
  signInDescription: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.signInDescription', message: 'Enter the 6-digit code from your authenticator app.' },
  signInRecoveryDescription: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.signInRecoveryDescription', message: 'Enter one of your recovery codes. Each works once.' },
  useRecoveryCode: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.useRecoveryCode', message: 'Use a recovery code instead' },
  useAppCode: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.useAppCode', message: 'Use your authenticator app instead' },
  codeLabel: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.codeLabel', message: 'Authentication code' },
  recoveryCodeLabel: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.recoveryCodeLabel', message: 'Recovery code' },
  verify: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.verify', message: 'Verify' },
} as const;

/** A recovery code's shape as the field's placeholder: the same in every language. */
export const RECOVERY_CODE_PLACEHOLDER = 'xxxxx-xxxxx';

/** The codes' validation and the server's answers to a wrong one (Settings' forms use them too). */
export const TWO_FACTOR_SIGN_IN_MESSAGES = {
  codeRequired: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.codeRequired', message: 'Enter the 6-digit code from your authenticator app.' },
  codeInvalid: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.codeInvalid', message: 'That code is wrong or expired. Enter the code your app shows now.' },
  recoveryCodeInvalid: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.recoveryCodeInvalid', message: 'That recovery code is wrong or already used.' },
  recoveryCodeRequired: /*i18n*/ { id: 'domain-auth.two-factor-sign-in.recoveryCodeRequired', message: 'Recovery code is required' },
} as const;
const M = TWO_FACTOR_SIGN_IN_MESSAGES;

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
export const totpCode = text({ message: M.codeRequired.id })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, M.codeRequired.id));

/** A recovery code as typed: case, spaces and hyphens do not matter. */
export const recoveryCode = text({ message: M.recoveryCodeRequired.id })
  .max(100, M.recoveryCodeInvalid.id)
  .transform(normalizeRecoveryCode)
  .pipe(z.string().min(1, M.recoveryCodeRequired.id));

export function normalizeRecoveryCode(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, '');
}

/** The sign-in form's second step: one of the two fields. */
export const twoFactorCodeFormSchema = z.object({ twoFactorCode: totpCode });
export const recoveryCodeFormSchema = z.object({ recoveryCode });
