// Emails are written to the outbox in the same transaction as the change that causes them;
// the mail worker delivers them (or, with no SMTP configured, they stay for the dev mailbox).
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { emailOutbox } from '../db/schema/platform';

export type OutgoingEmail = {
  /** What the email is about, e.g. 'verification_code', 'password_reset', 'welcome'. */
  kind: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  organizationId?: string | null;
};

/** Notified (at commit) when an email is enqueued: every server's mail worker wakes at once. */
export const MAIL_CHANNEL = 'brieflane_mail';

export async function enqueueEmail(executor: Executor, email: OutgoingEmail): Promise<string> {
  const [row] = await executor
    .insert(emailOutbox)
    .values({
      kind: email.kind,
      toAddress: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      organizationId: email.organizationId ?? null,
    })
    .returning({ id: emailOutbox.id });
  await executor.execute(sql`select pg_notify(${MAIL_CHANNEL}, '')`);
  return row!.id;
}
