// The account emails. The e2e tests and dev mailbox readers look for the code and link lines,
// so each sits on a line of its own.
import type { OutgoingEmail } from '../../platform/mail/outbox';

export function verificationCodeEmail(to: string, code: string): OutgoingEmail {
  return {
    kind: 'verification_code',
    to,
    subject: 'Your Brieflane verification code',
    text: [
      'Welcome to Brieflane!',
      '',
      `Your Brieflane verification code is ${code}`,
      '',
      'The code expires in 10 minutes. If you did not ask for it, you can ignore this email.',
    ].join('\n'),
  };
}

export function passwordResetEmail(to: string, link: string): OutgoingEmail {
  return {
    kind: 'password_reset',
    to,
    subject: 'Reset your Brieflane password',
    text: [
      'Someone asked to reset the password of your Brieflane account.',
      '',
      'Open this link to choose a new password (it works once, for 1 hour):',
      link,
      '',
      'If it was not you, ignore this email; your password stays as it is.',
    ].join('\n'),
  };
}

export function welcomeEmail(to: string, fullName: string, organization: { id: string; name: string }, signInUrl: string): OutgoingEmail {
  return {
    kind: 'welcome',
    to,
    subject: 'Welcome to Brieflane',
    organizationId: organization.id,
    text: [
      `Hi ${fullName},`,
      '',
      `Welcome to Brieflane! Your organization "${organization.name}" is ready.`,
      'Add your clients, create projects from templates and invite your team.',
      '',
      `Sign in: ${signInUrl}`,
    ].join('\n'),
  };
}

/**
 * Sent instead of a code when someone asks to sign up with an address that already has an
 * account: the sign-up answer is the same either way (issue 19), only the inbox learns more.
 */
export function signUpAttemptEmail(to: string, signInUrl: string): OutgoingEmail {
  return {
    kind: 'sign_up_attempt',
    to,
    subject: 'Someone tried to sign up with your address',
    text: [
      'Someone tried to create a Brieflane account with this email address, but it already has one.',
      '',
      'If it was you, sign in instead (use "Forgot your password?" if you need a new one):',
      signInUrl,
      '',
      'If it was not you, ignore this email; no account was created and nothing changed.',
    ].join('\n'),
  };
}

/** Issue 26: the code that signs in from a new address past the per-email limit. */
export function signInCodeEmail(to: string, code: string): OutgoingEmail {
  return {
    kind: 'sign_in_code',
    to,
    subject: 'Your Brieflane sign-in code',
    text: [
      'Many sign-ins to your Brieflane account failed recently, so signing in from a new place needs this code as well as your password.',
      '',
      `Your Brieflane sign-in code is ${code}`,
      '',
      'The code expires in 15 minutes and works once. Never give it to anyone: Brieflane never asks for it.',
      'If you did not just sign in, someone knows your password: change it now (Settings, or "Forgot your password?" on the sign-in page).',
    ].join('\n'),
  };
}

/**
 * Issue 26: the owner hears of an attack on their account once (at most once a day), when the
 * failures first pass the per-email limit.
 */
export function signInAttackEmail(
  to: string,
  attack: { failures: number; minutes: number; addresses: number },
  signInUrl: string,
): OutgoingEmail {
  const from = attack.addresses === 1 ? 'from 1 address' : `from ${attack.addresses} different addresses`;
  return {
    kind: 'sign_in_attack',
    to,
    subject: 'Someone is trying to sign in to your Brieflane account',
    text: [
      `More than ${attack.failures} sign-ins to your Brieflane account failed in ${attack.minutes} minutes, ${from}.`,
      '',
      'Nobody got in. You can still sign in as usual: from a new place, after your password we email you a code.',
      '',
      'What to do:',
      '- If it was you, nothing: sign in with the right password.',
      '- If it was not you, make sure your password is long and used nowhere else; change it in Settings or with "Forgot your password?":',
      signInUrl,
      '- Never give anyone a code we email you: Brieflane never asks for it.',
      '',
      'We send this note at most once a day.',
    ].join('\n'),
  };
}
