// Reads the outbox for the dev mailbox: the newest emails first, bounded.
import { desc, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { emailOutbox } from '../../platform/db/schema/platform';

export const MAILBOX_LIMIT = 50;

export type MailboxMessage = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
};

export async function listMailboxMessages(db: Executor, filter: { to?: string } = {}): Promise<MailboxMessage[]> {
  const to = filter.to?.trim().toLowerCase();
  return db
    .select({
      id: emailOutbox.id,
      kind: emailOutbox.kind,
      to: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(to ? sql`lower(${emailOutbox.toAddress}) = ${to}` : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(MAILBOX_LIMIT);
}
