// An enqueued email wakes the mail worker at once through the mail channel's NOTIFY, on every
// app server, instead of waiting for its next poll.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { systemClock } from '../clock';
import type { Platform } from '../platform';
import { attachMailDelivery } from './mail-delivery';
import { enqueueEmail } from './outbox';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server';

describe('mail delivery wake-up', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const servers = [Fastify(), Fastify()];

  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startTestSmtpServer();
    const platform: Platform = { config: { ...t.config, smtpUrl: smtp.url }, database: t.database, db: t.db, clock: systemClock, storage: undefined as never };
    // Two app servers on one database, each polling only every ten minutes.
    for (const server of servers) {
      attachMailDelivery(server, platform, { pollIntervalMs: 600_000 });
      await server.ready();
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await smtp.close();
    await t.close();
  });

  it('delivers an email enqueued in a transaction right after the commit, once', async () => {
    await t.db.transaction((tx) =>
      enqueueEmail(tx, { kind: 'welcome', to: 'ana@example.com', subject: 'Welcome to Brieflane', text: 'Hello Ana' }),
    );
    await vi.waitFor(() => expect(smtp.received.map((m) => m.to)).toEqual([['ana@example.com']]), { timeout: 10_000 });
    // Both servers woke; the outbox's row lock let only one of them send it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received).toHaveLength(1);
  });
});
