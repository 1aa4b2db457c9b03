// The housekeeping job deletes what has run out and nothing else.
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser } from './test/as-user';
import { createTestApp, type TestApp } from './test/test-app';
import { systemClock } from './platform/clock';
import { pruneExpired, RATE_LIMIT_RETENTION_MS, scheduleHousekeeping, SENT_EMAIL_RETENTION_MS } from './platform/db/housekeeping';
import { PRUNES } from './housekeeping';
import { WEBHOOK_DELIVERY_RETENTION_MS } from './modules/webhooks/public';
import { rateLimits, sessions, verifications } from './platform/db/schema/auth';
import { emailOutbox, passwordResetTokens, verificationCodes } from './platform/db/schema/platform';
import { passkeyChallenges } from './modules/passkeys/schema';
import { ssoSignIns } from './modules/sso/schema';
import { webhookDeliveries, webhooks } from './modules/webhooks/schema';
import { notifications } from './modules/inbox/schema';

// Real time: sessions expire by the wall clock (better-auth and the session lookup use it).
const NOW = new Date();
const before = (ms: number) => new Date(NOW.getTime() - ms);
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe('housekeeping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('deletes expired sessions, codes, reset links, verifications, old counters and old delivered emails; keeps the rest', async () => {
    const user = await asUser(t, 'admin');
    const expiredSession = randomUUID();
    await t.db.insert(sessions).values({ id: expiredSession, token: randomUUID(), userId: user.userId, expiresAt: before(1000) });

    await t.db.insert(verifications).values([
      { id: 'v-old', identifier: 'x', value: 'y', expiresAt: before(1) },
      { id: 'v-new', identifier: 'x', value: 'y', expiresAt: after(60_000) },
    ]);
    const codes = await t.db
      .insert(verificationCodes)
      .values([
        { email: 'a@example.com', codeHash: 'h1', expiresAt: before(1) },
        { email: 'a@example.com', codeHash: 'h2', expiresAt: after(60_000) },
      ])
      .returning({ id: verificationCodes.id });
    const tokens = await t.db
      .insert(passwordResetTokens)
      .values([
        { tokenHash: 'old', email: user.email, userId: user.userId, expiresAt: before(1) },
        { tokenHash: 'new', email: user.email, userId: user.userId, expiresAt: after(60_000) },
      ])
      .returning({ id: passwordResetTokens.id });
    await t.db.insert(rateLimits).values([
      { id: 'r-old', key: 'k-old', count: 1, lastRequest: before(RATE_LIMIT_RETENTION_MS + 1).getTime() },
      { id: 'r-known', key: 'k-known', count: 0, lastRequest: before(RATE_LIMIT_RETENTION_MS - 60_000).getTime() },
    ]);
    const mail = { kind: 'test', toAddress: 'a@example.com', subject: 's', text: 't' };
    const emails = await t.db
      .insert(emailOutbox)
      .values([
        { ...mail, status: 'sent', sentAt: before(SENT_EMAIL_RETENTION_MS + 1) },
        { ...mail, status: 'sent', sentAt: before(SENT_EMAIL_RETENTION_MS - 60_000) },
        { ...mail, status: 'pending', createdAt: before(SENT_EMAIL_RETENTION_MS * 2) },
        { ...mail, status: 'failed', createdAt: before(SENT_EMAIL_RETENTION_MS * 2) },
      ])
      .returning({ id: emailOutbox.id });
    // Inbox notifications keep 90 days (issue 16).
    const DAYS_90 = 90 * 24 * 60 * 60 * 1000;
    const note = { organizationId: user.organizationId, recipientId: user.profileId, kind: 'task_assigned' as const, projectId: null, title: 'n' };
    const inbox = await t.db
      .insert(notifications)
      .values([
        { ...note, createdAt: before(DAYS_90 + 1) },
        { ...note, createdAt: before(DAYS_90 - 60_000) },
      ])
      .returning({ id: notifications.id });

    // A webhook's finished deliveries keep a month; pending ones stay until sent or given up.
    const [hook] = await t.db.insert(webhooks).values({ organizationId: user.organizationId, url: 'https://example.com/h', secret: 'whsec_x', events: ['task'] }).returning();
    const delivery = { webhookId: hook!.id, organizationId: user.organizationId, eventType: 'task.created', body: '{}', giveUpAt: NOW };
    const sent = await t.db
      .insert(webhookDeliveries)
      .values([
        { ...delivery, eventId: randomUUID(), status: 'delivered', createdAt: before(WEBHOOK_DELIVERY_RETENTION_MS + 1) },
        { ...delivery, eventId: randomUUID(), status: 'failed', createdAt: before(WEBHOOK_DELIVERY_RETENTION_MS + 1) },
        { ...delivery, eventId: randomUUID(), status: 'delivered', createdAt: before(WEBHOOK_DELIVERY_RETENTION_MS - 60_000) },
        { ...delivery, eventId: randomUUID(), status: 'pending', createdAt: before(WEBHOOK_DELIVERY_RETENTION_MS * 2) },
      ])
      .returning({ id: webhookDeliveries.id });

    // Passkey challenges nobody answered in time (decision 031).
    await t.db.insert(passkeyChallenges).values([
      { challenge: 'pk-old', purpose: 'sign_in', expiresAt: before(1) },
      { challenge: 'pk-new', purpose: 'registration', userId: user.userId, expiresAt: after(60_000) },
    ]);

    // Single sign-ons under way keep 10 minutes (issue 31 item 4).
    const pending = { stage: 'authorize' as const, organizationId: user.organizationId };
    const started = await t.db
      .insert(ssoSignIns)
      .values([
        { ...pending, keyHash: 'sso-old', expiresAt: before(1) },
        { ...pending, keyHash: 'sso-new', expiresAt: after(60_000) },
      ])
      .returning({ id: ssoSignIns.id });

    expect(await pruneExpired(t.db, NOW, PRUNES)).toEqual({
      sessions: 1,
      verifications: 1,
      verificationCodes: 1,
      resetTokens: 1,
      passkeyChallenges: 1,
      rateLimits: 1,
      sentEmails: 1,
      notifications: 1,
      webhookDeliveries: 2,
      ssoSignIns: 1,
    });
    expect((await t.db.select({ id: ssoSignIns.id }).from(ssoSignIns)).map((r) => r.id)).toEqual([started[1]!.id]);

    expect((await t.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id)).not.toContain(expiredSession);
    expect((await user.inject({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
    expect((await t.db.select({ id: verifications.id }).from(verifications)).map((r) => r.id)).toEqual(['v-new']);
    expect((await t.db.select({ challenge: passkeyChallenges.challenge }).from(passkeyChallenges)).map((r) => r.challenge)).toEqual(['pk-new']);
    expect((await t.db.select({ id: verificationCodes.id }).from(verificationCodes)).map((r) => r.id)).toEqual([codes[1]!.id]);
    expect((await t.db.select({ id: passwordResetTokens.id }).from(passwordResetTokens)).map((r) => r.id)).toEqual([tokens[1]!.id]);
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, ['k-old', 'k-known']))).map((r) => r.key)).toEqual(['k-known']);
    const left = (await t.db.select({ id: emailOutbox.id }).from(emailOutbox).where(inArray(emailOutbox.id, emails.map((e) => e.id)))).map((r) => r.id);
    expect(left.sort()).toEqual(emails.slice(1).map((e) => e.id).sort());
    expect((await t.db.select({ id: notifications.id }).from(notifications)).map((r) => r.id)).toEqual([inbox[1]!.id]);
    expect((await t.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries)).map((r) => r.id).sort()).toEqual([sent[2]!.id, sent[3]!.id].sort());

    // Run again: nothing left to do.
    expect(Object.values(await pruneExpired(t.db, NOW, PRUNES)).every((n) => n === 0)).toBe(true);
  });

  it('runs on its schedule once the app is ready, and stops with it', async () => {
    const app = Fastify({ logger: false });
    scheduleHousekeeping(app, { config: t.config, database: t.database, db: t.db, clock: systemClock, storage: undefined as never }, PRUNES, 20);
    await t.db.insert(verifications).values({ id: 'v-scheduled', identifier: 'x', value: 'y', expiresAt: new Date(Date.now() - 1000) });
    await app.ready();
    await vi.waitFor(async () => {
      expect(await t.db.select().from(verifications).where(inArray(verifications.id, ['v-scheduled']))).toHaveLength(0);
    });
    await app.close();
  });
});

