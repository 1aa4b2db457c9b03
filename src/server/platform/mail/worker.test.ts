import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fixedClock } from '../clock';
import { emailOutbox } from '../db/schema/platform';
import { enqueueEmail } from './outbox';
import { createSmtpTransport } from './smtp-transport';
import { closedSmtpUrl, startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';
import { createMailWorker, retryDelayMs, type MailWorker } from './worker';

const FROM = 'Brieflane <no-reply@brieflane.test>';

const resetEmail = {
  kind: 'password_reset',
  to: 'ana@example.com',
  subject: 'Reset your Brieflane password',
  text: 'Open http://localhost:3000/reset-password?token=abc123 to choose a new password.',
};

/** The text body of a single-part message, quoted-printable decoded. */
function bodyOf(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/)).trim();
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

describe('mail worker', () => {
  let t: TestApp;
  let smtp: TestSmtpServer | undefined;
  let worker: MailWorker | undefined;
  const clock = fixedClock(new Date());

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.delete(emailOutbox);
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await smtp?.close();
    smtp = undefined;
  });

  /** Made after the emails are enqueued: rows are due from the database's now(), the clock starts just after. */
  function workerFor(url: string, maxAttempts?: number) {
    clock.set(new Date(Date.now() + 1_000));
    const transport = createSmtpTransport(url);
    worker = createMailWorker({ db: t.db, clock, transport, from: FROM, maxAttempts });
    return worker;
  }

  async function outboxRow(id: string) {
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    return row!;
  }

  it('delivers a pending email over SMTP with the right from, to, subject and text, and marks it sent', async () => {
    smtp = await startTestSmtpServer();
    const id = await enqueueEmail(t.db, resetEmail);

    const report = await workerFor(smtp.url).deliverDue();

    expect(report).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('no-reply@brieflane.test');
    expect(mail!.to).toEqual(['ana@example.com']);
    expect(mail!.raw).toMatch(/^From: Brieflane <no-reply@brieflane\.test>\r?$/m);
    expect(mail!.raw).toMatch(/^To: ana@example\.com\r?$/m);
    expect(mail!.raw).toMatch(/^Subject: Reset your Brieflane password\r?$/m);
    expect(bodyOf(mail!.raw)).toBe(resetEmail.text);

    const row = await outboxRow(id);
    expect(row.status).toBe('sent');
    expect(row.sentAt?.toISOString()).toBe(clock.now().toISOString());
    expect(row.attempts).toBe(0);

    // Sent once only.
    expect(await worker!.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a rejected email with back-off and gives up as failed after the last attempt', async () => {
    smtp = await startTestSmtpServer({ rejectRecipients: true });
    const id = await enqueueEmail(t.db, resetEmail);
    const w = workerFor(smtp.url, 3);

    expect(await w.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let row = await outboxRow(id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toContain('Mailbox unavailable');
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 30_000);

    // Not due yet: nothing is tried.
    clock.advance(29_000);
    expect(await w.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });

    clock.advance(1_000);
    expect(await w.deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await outboxRow(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + 60_000);

    clock.advance(60_000);
    expect(await w.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 1 });
    row = await outboxRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(3);
    expect(row.sentAt).toBeNull();

    clock.advance(24 * 60 * 60_000);
    expect(await w.deliverDue()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('retries when no SMTP server is listening', async () => {
    const id = await enqueueEmail(t.db, resetEmail);
    expect(await workerFor(await closedSmtpUrl()).deliverDue()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const row = await outboxRow(id);
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('sends each email once when two workers (two app servers) run at the same time', async () => {
    smtp = await startTestSmtpServer();
    for (let i = 0; i < 6; i++) await enqueueEmail(t.db, { ...resetEmail, to: `user${i}@example.com` });
    const first = workerFor(smtp.url);
    const second = createMailWorker({ db: t.db, clock, transport: createSmtpTransport(smtp.url), from: FROM, batchSize: 3 });

    const reports = await Promise.all([first.deliverDue(), second.deliverDue(), first.deliverDue(), second.deliverDue()]);

    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
    expect(smtp.received.map((m) => m.to[0]).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `user${i}@example.com`));
  });

  it('backs off 30 s, 1 min, 2 min ... and never more than an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
  });
});

describe('mail delivery in the app', () => {
  it('delivers enqueued emails when SMTP_URL is set and stops cleanly on close', async () => {
    const smtp = await startTestSmtpServer();
    const t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: FROM } });
    try {
      const id = await enqueueEmail(t.db, resetEmail);
      const deadline = Date.now() + 10_000;
      while (smtp.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(smtp.received).toHaveLength(1);
      // The status update follows the SMTP answer.
      let status = '';
      while (status !== 'sent' && Date.now() < deadline) {
        const [row] = await t.db.select({ status: emailOutbox.status }).from(emailOutbox).where(eq(emailOutbox.id, id));
        status = row!.status;
        if (status !== 'sent') await new Promise((r) => setTimeout(r, 50));
      }
      expect(status).toBe('sent');
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('leaves emails in the outbox when SMTP is not configured', async () => {
    const t = await createTestApp();
    try {
      const id = await enqueueEmail(t.db, resetEmail);
      await new Promise((r) => setTimeout(r, 300));
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row!.status).toBe('pending');
      expect(row!.attempts).toBe(0);
    } finally {
      await t.close();
    }
  });
});
