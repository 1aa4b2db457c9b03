import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueEmail } from '../../platform/mail/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MAILBOX_LIMIT } from './service';

describe('dev mailbox with no SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await enqueueEmail(t.db, {
      kind: 'verification_code',
      to: 'ana@example.com',
      subject: 'Your Brieflane verification code',
      text: 'Your code is 4F7K2Q.',
    });
    // Separate statements, so the second is newer (created_at is the transaction's time).
    await new Promise((r) => setTimeout(r, 5));
    await enqueueEmail(t.db, {
      kind: 'password_reset',
      to: 'bo@example.com',
      subject: 'Reset <your> password',
      text: 'Open http://localhost:3000/reset-password?token=abc&x=<script>alert(1)</script>\nThanks',
    });
  });
  afterAll(() => t.close());

  it('lists the newest messages first with their full text', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['bo@example.com', 'ana@example.com']);
    expect(messages[1]).toEqual({
      id: expect.any(String),
      kind: 'verification_code',
      to: 'ana@example.com',
      subject: 'Your Brieflane verification code',
      text: 'Your code is 4F7K2Q.',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('filters by recipient, ignoring case', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=ANA@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages.map((m: { kind: string }) => m.kind)).toEqual(['verification_code']);

    const none = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=nobody@example.com' });
    expect(none.json()).toEqual({ messages: [] });
  });

  it(`returns at most ${MAILBOX_LIMIT} messages`, async () => {
    await t.db.execute(sql`insert into email_outbox (kind, to_address, subject, text)
      select 'bulk', 'bulk@example.com', 'Bulk ' || n, 'text' from generate_series(1, ${MAILBOX_LIMIT + 5}) as n`);
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox?to=bulk@example.com' });
    expect(res.json().messages).toHaveLength(MAILBOX_LIMIT);
  });

  it('shows the messages on an HTML page, escaped, with links', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox?to=bo@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Reset &lt;your&gt; password');
    expect(res.body).not.toContain('<script>');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(res.body).toContain('<a href="http://localhost:3000/reset-password?token=abc&amp;x=">');
    expect(res.body).toContain('value="bo@example.com"');
    expect(res.body).not.toContain('4F7K2Q');
  });

  it('shows the newest messages on the page without a filter, bounded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.body).toContain('<h2>Bulk ');
    expect(res.body.match(/<article>/g)?.length).toBe(MAILBOX_LIMIT);
  });
});

describe('dev mailbox with SMTP configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens there; the mail worker's failed attempts do not matter here.
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    await enqueueEmail(t.db, { kind: 'welcome', to: 'ana@example.com', subject: 'Welcome', text: 'Hello' });
  });
  afterAll(() => t.close());

  it('answers 404 on the API with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });

  it('answers 404 for the page and shows no email', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Hello');
  });
});

describe('dev mailbox in production', () => {
  it('is off even without SMTP', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('dev mailbox seen from another machine', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY on: request.ip would follow X-Forwarded-For; the mailbox must not.
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    await enqueueEmail(t.db, { kind: 'password_reset', to: 'ana@example.com', subject: 'Reset', text: 'secret-reset-link' });
  });
  afterAll(() => t.close());

  const remote = ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1'];

  it.each(remote)('answers 404 on the API and the page to %s', async (remoteAddress) => {
    for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret-reset-link');
    }
  });

  it('answers 404 even when X-Forwarded-For claims loopback', async () => {
    for (const url of ['/api/dev/mailbox', '/dev/mailbox']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        remoteAddress: '10.0.0.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])('answers loopback %s', async (remoteAddress) => {
    // The end-to-end suite reads the mailbox from loopback with forwarded addresses set per test.
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mailbox',
      remoteAddress,
      headers: { 'x-forwarded-for': '10.9.8.7' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().messages[0].text).toBe('secret-reset-link');
  });
});
