// Reading the email outbox in tests, as a user reads their inbox.
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../platform/db/client';
import { emailOutbox } from '../platform/db/schema/platform';

export async function lastEmailTo(db: Database, to: string, kind: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

/** The 6-digit code from the newest verification email to `to`. */
export async function verificationCodeFor(db: Database, to: string): Promise<string> {
  const email = await lastEmailTo(db, to, 'verification_code');
  const code = email?.text.match(/^Your Brieflane verification code is (\d{6})$/m)?.[1];
  if (!code) throw new Error(`no verification code emailed to ${to}`);
  return code;
}

/** The token from the newest password reset email to `to`. */
export async function resetTokenFor(db: Database, to: string): Promise<string> {
  const email = await lastEmailTo(db, to, 'password_reset');
  const token = email?.text.match(/\/reset-password\?token=([A-Za-z0-9_-]+)$/m)?.[1];
  if (!token) throw new Error(`no password reset link emailed to ${to}`);
  return token;
}

/** The 6-digit code from the newest sign-in code email to `to` (issue 26's step-up). */
export async function signInCodeFor(db: Database, to: string): Promise<string> {
  const email = await lastEmailTo(db, to, 'sign_in_code');
  const code = email?.text.match(/^Your Brieflane sign-in code is (\d{6})$/m)?.[1];
  if (!code) throw new Error(`no sign-in code emailed to ${to}`);
  return code;
}

/** How many emails of `kind` went to `to`. */
export async function countEmailsTo(db: Database, to: string, kind: string): Promise<number> {
  const rows = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), eq(emailOutbox.kind, kind)));
  return rows.length;
}
