// Account operations: one zod schema each, shared by the forms, the routes and the OpenAPI document.
// Messages are the spec's wording (spec 5 and 8).
import { LOCALES } from './locales';
import { z } from 'zod';
import { text } from './text-fields';
import { ROLES } from './roles';
import { meTwoFactorSchema, recoveryCode, totpCode } from './two-factor';

export const VERIFICATION_CODE_LENGTH = 6;
export const MIN_PASSWORD_LENGTH = 6;

export const AUTH_MESSAGES = {
  codeSendFailed: 'An error occurred or there is already an account with this email.',
  codeSendThrown: 'Failed to send verification code. Please try again.',
  codeSentTitle: 'Verification code sent',
  codeSent: 'Please check your email for the verification code.',
  verifyFailed: 'Verification failed. Please try again.',
  codeInvalidTitle: 'Invalid code',
  codeInvalid: 'The verification code is invalid or expired.',
  accountCreated: 'Account created successfully!',
  signedIn: 'Signed in successfully!',
  invalidCredentials: 'Invalid email or password.',
  unexpected: 'An unexpected error occurred',
  resetSentTitle: 'Reset email sent',
  resetSent: 'Please check your email for the password reset link.',
  resetFailed: 'Failed to send reset email. Please try again.',
  resetLinkInvalidTitle: 'Invalid or expired link',
  resetLinkInvalid: 'This password reset link is invalid or has expired.',
  resetPasswordFailed: 'Failed to reset password',
  passwordReset: 'Password updated successfully',
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordForEmail: 'Enter your current password to change your email',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  emailTaken: 'An account with this email already exists.',
  notAuthenticated: 'User not authenticated',
  organizationRenamed: 'Organization updated successfully',
  // Issue 26: past the per-email sign-in limit, a new address needs an emailed code. The answer
  // is the same whether the password was right (only then is a code sent), so it tells nothing.
  signInCodeRequired:
    'Too many failed sign-ins on this account. If your password is right, we emailed you a sign-in code.',
  signInCodeInvalid: 'The code is wrong or expired, or the password is wrong.',
} as const;

const email = text('Email', { message: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .pipe(z.email('Please enter a valid email address'));
const password = text('Password', { message: 'Password is required' }).min(1, 'Password is required').max(256);
const newPassword = text('Password', { message: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, AUTH_MESSAGES.passwordTooShort)
  .max(256, 'Password must be at most 256 characters long');
const fullName = text('Full name', { message: 'Full name is required' })
  .trim()
  .min(1, 'Full name is required')
  .max(200, 'Full name must be at most 200 characters');
const code = text('Verification code', { message: 'Verification code is required' })
  .trim()
  .min(1, 'Verification code is required')
  .max(VERIFICATION_CODE_LENGTH, `The verification code has ${VERIFICATION_CODE_LENGTH} characters`);

const signInCode = text('Sign-in code', { message: 'Sign-in code is required' })
  .trim()
  .min(1, 'Sign-in code is required')
  .max(VERIFICATION_CODE_LENGTH, `The sign-in code has ${VERIFICATION_CODE_LENGTH} characters`);

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
const organizationName = text('Organization name')
  .trim()
  .min(2, 'Organization name must be at least 2 characters.')
  .max(200, 'Organization name must be at most 200 characters.');

export const signUpSchema = z.object({ fullName, email, password: newPassword, code, organizationName: organizationName.optional() });
export const requestPasswordResetSchema = z.object({ email });
export const validateResetTokenSchema = z.object({ token: text('Token').min(1).max(200) });
export const completePasswordResetSchema = z.object({ token: text('Token').min(1).max(200), password: newPassword });
/** Changing the email also asks for the current password (issue 20); a name change does not. */
export const updateProfileSchema = z.object({ fullName, email, currentPassword: text('Current password').max(256).optional() });
export const changePasswordSchema = z.object({ currentPassword: password, newPassword });
export const renameOrganizationSchema = z.object({ name: organizationName });

/** The forms add a confirmation field the server never sees. */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: text('Password') })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export const changePasswordFormSchema = z
  .object({ currentPassword: password, newPassword, confirmPassword: text('Password') })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: AUTH_MESSAGES.newPasswordsDoNotMatch,
    path: ['confirmPassword'],
  });

/** The Settings profile form: the current password is required once the email differs from `currentEmail`. */
export function profileFormSchema(currentEmail: string) {
  return updateProfileSchema.refine((v) => v.email === currentEmail.toLowerCase() || Boolean(v.currentPassword), {
    message: AUTH_MESSAGES.currentPasswordForEmail,
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
    /** Issue 49 item 22: the member's IANA time zone, which their digest follows; null: UTC (the web app sends the browser's). */
    timeZone: z.string().nullable(),
  }),
  /** Issue 32: the currency of rates, budgets and reports (ISO 4217). */
  organization: z.object({ id: z.string(), name: z.string(), currency: z.string() }),
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
export const updateLanguageSchema = z.object({ locale: z.enum(LOCALES, { message: 'Choose English, Deutsch or Español.' }).nullable() });
export type UpdateLanguageInput = z.infer<typeof updateLanguageSchema>;
