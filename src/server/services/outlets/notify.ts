// How news reaches a member (issue 29 item 4), an outlet of emit (services/events.ts): each
// delivery reads the member's notification settings: the inbox and an email, the inbox only, or
// nothing; an email goes out at once or waits for the daily digest. In the transaction of the
// change, like the inbox and the outbox themselves.
import type { NotificationKind } from '../../../domain/inbox';
import { settingKindOf, type DeliveryLevel } from '../../../domain/notification-settings';
import type { Executor } from '../../platform/db/client';
import { digestItems } from '../../modules/inbox/schema';
import { enqueueEmail } from '../../platform/mail/outbox';
import { settingsOf } from '../notify';
import { notifyMember, type NewNotification } from './inbox';

export type Delivery = {
  organizationId: string;
  recipientId: string;
  kind: NotificationKind;
  /** The inbox entry, when this news has one for them. */
  inbox?: Omit<NewNotification, 'organizationId' | 'recipientId' | 'kind'>;
  /** The email, when this news has one for them (and they have an address). */
  email?: { to: string | null; subject: string; text: string; /** The outbox's kind, when not the inbox's. */ kind?: string };
};

/** Tells one member, as their settings say. Returns what was done (for the callers' tests and logs). */
export async function deliver(executor: Executor, now: Date, delivery: Delivery): Promise<{ inbox: boolean; email: 'sent' | 'digest' | null }> {
  const done = { inbox: false, email: null as 'sent' | 'digest' | null };
  // A kind without a setting (a note, a link opened) is in-app only: no settings to read.
  const settingKind = settingKindOf(delivery.kind);
  const settings = settingKind ? await settingsOf(executor, delivery.recipientId) : null;
  const level: DeliveryLevel = settings && settingKind ? settings.levels[settingKind] : 'in_app';
  if (level === 'off') return done;
  if (delivery.inbox) {
    await notifyMember(executor, { ...delivery.inbox, organizationId: delivery.organizationId, recipientId: delivery.recipientId, kind: delivery.kind }, now);
    done.inbox = true;
  }
  const email = delivery.email;
  if (level !== 'email' || !email?.to) return done;
  if (settings?.digest) {
    await executor.insert(digestItems).values({ profileId: delivery.recipientId, organizationId: delivery.organizationId, subject: email.subject, text: email.text, createdAt: now });
    done.email = 'digest';
  } else {
    await enqueueEmail(executor, { kind: email.kind ?? delivery.kind, to: email.to, organizationId: delivery.organizationId, subject: email.subject, text: email.text });
    done.email = 'sent';
  }
  return done;
}
