// Account operations: one zod schema each, shared by the forms, the routes and the OpenAPI document.
// Messages are the spec's wording (spec 5 and 8).
import { LOCALES, messageWithValues } from './locales';
import { REGIONS } from './region-rules';
import { z } from 'zod';
import { text } from './text-fields';
import { ROLES } from './roles';
import { meTwoFactorSchema, recoveryCode, totpCode } from './two-factor';

export const VERIFICATION_CODE_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES = {
  codeSendFailed: /*i18n*/ { id: 'domain-auth.auth.codeSendFailed', message: 'An error occurred or there is already an account with this email.' },
  codeSendThrown: /*i18n*/ { id: 'domain-auth.auth.codeSendThrown', message: 'Failed to send verification code. Please try again.' },
  codeSentTitle: /*i18n*/ { id: 'domain-auth.auth.codeSentTitle', message: 'Verification code sent' },
  codeSent: /*i18n*/ { id: 'domain-auth.auth.codeSent', message: 'Please check your email for the verification code.' },
  verifyFailed: /*i18n*/ { id: 'domain-auth.auth.verifyFailed', message: 'Verification failed. Please try again.' },
  codeInvalidTitle: /*i18n*/ { id: 'domain-auth.auth.codeInvalidTitle', message: 'Invalid code' },
  codeInvalid: /*i18n*/ { id: 'domain-auth.auth.codeInvalid', message: 'The verification code is invalid or expired.' },
  accountCreated: /*i18n*/ { id: 'domain-auth.auth.accountCreated', message: 'Account created successfully!' },
  signedIn: /*i18n*/ { id: 'domain-auth.auth.signedIn', message: 'Signed in successfully!' },
  invalidCredentials: /*i18n*/ { id: 'domain-auth.auth.invalidCredentials', message: 'Invalid email or password.' },
  unexpected: /*i18n*/ { id: 'domain-auth.auth.unexpected', message: 'An unexpected error occurred' },
  resetSentTitle: /*i18n*/ { id: 'domain-auth.auth.resetSentTitle', message: 'Reset email sent' },
  resetSent: /*i18n*/ { id: 'domain-auth.auth.resetSent', message: 'Please check your email for the password reset link.' },
  resetFailed: /*i18n*/ { id: 'domain-auth.auth.resetFailed', message: 'Failed to send reset email. Please try again.' },
  resetLinkInvalidTitle: /*i18n*/ { id: 'domain-auth.auth.resetLinkInvalidTitle', message: 'Invalid or expired link' },
  resetLinkInvalid: /*i18n*/ { id: 'domain-auth.auth.resetLinkInvalid', message: 'This password reset link is invalid or has expired.' },
  resetPasswordFailed: /*i18n*/ { id: 'domain-auth.auth.resetPasswordFailed', message: 'Failed to reset password' },
  passwordReset: /*i18n*/ { id: 'domain-auth.auth.passwordReset', message: 'Password updated successfully' },
  passwordsDoNotMatch: /*i18n*/ { id: 'domain-auth.auth.passwordsDoNotMatch', message: 'Passwords do not match' },
  newPasswordsDoNotMatch: /*i18n*/ { id: 'domain-auth.auth.newPasswordsDoNotMatch', message: 'New passwords do not match' },
  passwordTooShort: /*i18n*/ { id: 'domain-auth.auth.passwordTooShort', message: 'Password must be at least 6 characters long' },
  currentPasswordWrong: /*i18n*/ { id: 'domain-auth.auth.currentPasswordWrong', message: 'Current password is incorrect' },
  currentPasswordForEmail: /*i18n*/ { id: 'domain-auth.auth.currentPasswordForEmail', message: 'Enter your current password to change your email' },
  profileUpdated: /*i18n*/ { id: 'domain-auth.auth.profileUpdated', message: 'Profile updated successfully' },
  passwordUpdated: /*i18n*/ { id: 'domain-auth.auth.passwordUpdated', message: 'Password updated successfully' },
  emailTaken: /*i18n*/ { id: 'domain-auth.auth.emailTaken', message: 'An account with this email already exists.' },
  notAuthenticated: /*i18n*/ { id: 'domain-auth.auth.notAuthenticated', message: 'User not authenticated' },
  organizationRenamed: /*i18n*/ { id: 'domain-auth.auth.organizationRenamed', message: 'Organization updated successfully' },
  // Issue 26: past the per-email sign-in limit, a new address needs an emailed code. The answer
  // is the same whether the password was right (only then is a code sent), so it tells nothing.
  signInCodeRequired:
    /*i18n*/ { id: 'domain-auth.auth.signInCodeRequired', message: 'Too many failed sign-ins on this account. If your password is right, we emailed you a sign-in code.' },
  signInCodeInvalid: /*i18n*/ { id: 'domain-auth.auth.signInCodeInvalid', message: 'The code is wrong or expired, or the password is wrong.' },
  // The forms' and the API's validation (zod carries the ids; decision 045).
  emailRequired: /*i18n*/ { id: 'domain-auth.auth.emailRequired', message: 'Email is required' },
  emailInvalid: /*i18n*/ { id: 'domain-auth.auth.emailInvalid', message: 'Please enter a valid email address' },
  passwordRequired: /*i18n*/ { id: 'domain-auth.auth.passwordRequired', message: 'Password is required' },
  passwordTooLong: /*i18n*/ { id: 'domain-auth.auth.passwordTooLong', message: 'Password must be at most 256 characters long' },
  fullNameRequired: /*i18n*/ { id: 'domain-auth.auth.fullNameRequired', message: 'Full name is required' },
  fullNameTooLong: /*i18n*/ { id: 'domain-auth.auth.fullNameTooLong', message: 'Full name must be at most 200 characters' },
  codeRequired: /*i18n*/ { id: 'domain-auth.auth.codeRequired', message: 'Verification code is required' },
  codeLength: /*i18n*/ { id: 'domain-auth.auth.codeLength', message: 'The verification code has {count} characters' },
  signInCodeMissing: /*i18n*/ { id: 'domain-auth.auth.signInCodeMissing', message: 'Sign-in code is required' },
  signInCodeLength: /*i18n*/ { id: 'domain-auth.auth.signInCodeLength', message: 'The sign-in code has {count} characters' },
  organizationNameTooShort: /*i18n*/ { id: 'domain-auth.auth.organizationNameTooShort', message: 'Organization name must be at least 2 characters.' },
  organizationNameTooLong: /*i18n*/ { id: 'domain-auth.auth.organizationNameTooLong', message: 'Organization name must be at most 200 characters.' },
  languageInvalid: /*i18n*/ { id: 'domain-auth.auth.languageInvalid', message: 'Choose English, Deutsch or Español.' },
} as const;
const M = AUTH_MESSAGES;

const email = text({ message: M.emailRequired.id })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired.id)
  .pipe(z.email(M.emailInvalid.id));
const password = text({ message: M.passwordRequired.id }).min(1, M.passwordRequired.id).max(256);
const newPassword = text({ message: M.passwordRequired.id })
  .min(MIN_PASSWORD_LENGTH, M.passwordTooShort.id)
  .max(256, M.passwordTooLong.id);
const fullName = text({ message: M.fullNameRequired.id })
  .trim()
  .min(1, M.fullNameRequired.id)
  .max(200, M.fullNameTooLong.id);
const code = text({ message: M.codeRequired.id })
  .trim()
  .min(1, M.codeRequired.id)
  .max(VERIFICATION_CODE_LENGTH, messageWithValues(M.codeLength, { count: VERIFICATION_CODE_LENGTH }));

const signInCode = text({ message: M.signInCodeMissing.id })
  .trim()
  .min(1, M.signInCodeMissing.id)
  .max(VERIFICATION_CODE_LENGTH, messageWithValues(M.signInCodeLength, { count: VERIFICATION_CODE_LENGTH }));

/**
 * `code`: the emailed sign-in code, asked for past the per-email limit (issue 26).
 * `twoFactorCode` or `recoveryCode`: the second factor of an account with two-factor on (issue 31).
 */
export const signInSchema = z.object({
  email,
  password,
  code: signInCode.optional(),
  twoFactorCode: totpCode.optional(),
  recoveryCode: recoveryCode.optional(),
});
/** The sign-in code step's own field, for its form. */
export const signInCodeSchema = z.object({ code: signInCode });

/** The error codes of the sign-in step-up (issue 26), which the sign-in form tells apart. */
export const SIGN_IN_ERRORS = {
  codeRequired: 'sign_in_code_required',
  codeInvalid: 'invalid_sign_in_code',
} as const;
export const sendCodeSchema = z.object({ email });
export const verifyCodeSchema = z.object({ email, code });
/**
 * An organization's name: one rule for renaming it and for naming it at sign-up (issue 49 item 13).
 * At sign-up it is optional; left out, the organization is named after the member ("<name>'s Agency").
 */
const organizationName = text()
  .trim()
  .min(2, M.organizationNameTooShort.id)
  .max(200, M.organizationNameTooLong.id);

export const signUpSchema = z.object({ fullName, email, password: newPassword, code, organizationName: organizationName.optional() });
export const requestPasswordResetSchema = z.object({ email });
export const validateResetTokenSchema = z.object({ token: text().min(1).max(200) });
export const completePasswordResetSchema = z.object({ token: text().min(1).max(200), password: newPassword });
/** Changing the email also asks for the current password (issue 20); a name change does not. */
export const updateProfileSchema = z.object({ fullName, email, currentPassword: text().max(256).optional() });
export const changePasswordSchema = z.object({ currentPassword: password, newPassword });
export const renameOrganizationSchema = z.object({ name: organizationName });

/** The forms add a confirmation field the server never sees. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: text() })
  .refine((v) => v.password === v.confirmPassword, {
    message: M.passwordsDoNotMatch.id,
    path: ['confirmPassword'],
  });
export const changePasswordFormSchema = z
  .object({ currentPassword: password, newPassword, confirmPassword: text() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: M.newPasswordsDoNotMatch.id,
    path: ['confirmPassword'],
  });

/** The Settings profile form: the current password is required once the email differs from `currentEmail`. */
export function profileFormSchema(currentEmail: string) {
  return updateProfileSchema.refine((v) => v.email === currentEmail.toLowerCase() || Boolean(v.currentPassword), {
    message: M.currentPasswordForEmail.id,
    path: ['currentPassword'],
  });
}

/** GET /api/me: who is signed in, with their profile and organization. */
export const meSchema = z.object({
  user: z.object({ id: z.string(), email: z.string() }),
  profile: z.object({
    id: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    role: z.enum(ROLES),
    organizationId: z.string(),
    /** Issue 48: the member's language; null: their browser's. */
    locale: z.enum(LOCALES).nullable(),
    /** Issue 48 item 3: the member's region, whose conventions dates and numbers are written in; null: their browser's. */
    region: z.enum(REGIONS).nullable(),
    /** Issue 49 item 22: the member's IANA time zone, which their digest follows; null: UTC (the web app sends the browser's). */
    timeZone: z.string().nullable(),
  }),
  /** Issue 32: the currency of rates, budgets and reports (ISO 4217). */
  /** Issue 48: `locale`, the organization's language: its emails to members with none saved and to outsiders. */
  organization: z.object({ id: z.string(), name: z.string(), currency: z.string(), locale: z.enum(LOCALES) }),
  /** Issue 31: the caller's two-factor, and what their organization's requirement asks of them. */
  twoFactor: meTwoFactorSchema,
});
export type Me = z.infer<typeof meSchema>;

/**
 * What a sign-in answers: the member, and after a recovery code how many are left (issue 49 item
 * 21: the member is told, and sent to make new ones when few are).
 */
export const signInResultSchema = meSchema.extend({ recoveryCodesLeft: z.number().int().nonnegative().optional() });
export type SignInResult = z.infer<typeof signInResultSchema>;

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;

/** PUT /api/settings/language: the member's language, or null for their browser's (issue 48). */
export const updateLanguageSchema = z.object({ locale: z.enum(LOCALES, { message: M.languageInvalid.id }).nullable() });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;

/**
 * PUT /api/organization/locale: the organization's language (issue 48), which its emails speak to
 * a member with no saved language and to people who are no member. Never null: emails need one.
 */
export const organizationLocaleSchema = z.object({ locale: z.enum(LOCALES, { message: M.languageInvalid.id }) });
