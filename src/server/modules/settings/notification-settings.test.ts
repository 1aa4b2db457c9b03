// Settings -> Notifications (issue 29 item 4): each kind reaches the inbox and email, the inbox
// only, or nobody, as the member chose; the daily digest gathers the emails into one, sent once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, DIGEST_HOUR, digestCutoff } from '../../../domain/notification-settings';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { digestItems, notifications } from '../inbox/schema';
import type { Platform } from '../../platform/platform';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendDigests } from './digest';

const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));

describe('notification settings', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { developer: 'Dana Dev', project: 'Quiet Project' });
  });
  afterAll(() => t.close());

  const url = '/api/settings/notifications';
  const change = (user: TestUser, payload: object) => user.inject({ method: 'PATCH', url, payload });
  const assign = async (title: string, user: TestUser) => {
    clock.advance(1000);
    const res = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title, assigneeId: user.profileId } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };
  const inboxAbout = (user: TestUser, taskId: string) =>
    t.db.select().from(notifications).where(and(eq(notifications.recipientId, user.profileId), eq(notifications.taskId, taskId)));
  const mailsAbout = (user: TestUser, title: string) =>
    t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.email!), eq(emailOutbox.subject, `Task assigned to you: ${title} (Quiet Project)`)));

  it('starts at the defaults, and changes only what is sent', async () => {
    expect((await a.developer.inject({ method: 'GET', url })).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const res = await change(a.developer, { levels: { comment: 'email' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ levels: { ...DEFAULT_NOTIFICATION_SETTINGS.levels, comment: 'email' }, digest: false });
    expect((await change(a.developer, { digest: false })).json().levels.comment).toBe('email');
    // Another member's settings are their own.
    expect((await a.executive.inject({ method: 'GET', url })).json()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('refuses unknown kinds and levels and an empty change with 400', async () => {
    for (const payload of [{}, { levels: { assigned: 'loud' } }, { levels: { birthday: 'email' } }, { digest: 'yes' }, { levels: {}, extra: 1 }]) {
      expect((await change(a.developer, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('by default, an assignment reaches the inbox and email', async () => {
    const taskId = await assign('Default task', a.developer);
    expect(await inboxAbout(a.developer, taskId)).toHaveLength(1);
    expect(await mailsAbout(a.developer, 'Default task')).toHaveLength(1);
  });

  it('inbox only: the inbox entry, no email', async () => {
    await change(a.developer, { levels: { assigned: 'in_app' } });
    const taskId = await assign('Quiet task', a.developer);
    expect(await inboxAbout(a.developer, taskId)).toHaveLength(1);
    expect(await mailsAbout(a.developer, 'Quiet task')).toEqual([]);
  });

  it('off: neither', async () => {
    await change(a.developer, { levels: { assigned: 'off' } });
    const taskId = await assign('Silent task', a.developer);
    expect(await inboxAbout(a.developer, taskId)).toEqual([]);
    expect(await mailsAbout(a.developer, 'Silent task')).toEqual([]);
  });

  describe('the daily digest', () => {
    let servers: [Platform, Platform];

    beforeAll(async () => {
      const platform: Platform = { config: t.config, database: t.database, db: t.db, clock, storage: undefined as never };
      servers = [platform, { ...platform }];
      await change(a.executive, { digest: true });
    });

    it('holds the emails back: the inbox at once, the email in the digest', async () => {
      const first = await assign('Digest one', a.executive);
      await assign('Digest two', a.executive);
      expect(await inboxAbout(a.executive, first)).toHaveLength(1);
      expect(await mailsAbout(a.executive, 'Digest one')).toEqual([]);
      expect(await t.db.select().from(digestItems).where(eq(digestItems.profileId, a.executive.profileId))).toHaveLength(2);
    });

    it("sends one email with the day's items at the digest hour, once with two servers", async () => {
      // 09:00: the items came after yesterday's digest hour; today's has not come yet.
      expect((await Promise.all(servers.map(sendDigests))).map((r) => r.digests)).toEqual([0, 0]);
      clock.set(new Date(`2026-11-27T${DIGEST_HOUR}:05:00Z`));
      expect(digestCutoff(clock.now(), null).toISOString()).toBe(`2026-11-27T${DIGEST_HOUR}:00:00.000Z`);
      const runs = await Promise.all(servers.map(sendDigests));
      expect(runs.reduce((n, r) => n + r.digests, 0)).toBe(1);
      const digests = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, a.executive.email!), eq(emailOutbox.kind, 'digest')));
      expect(digests).toHaveLength(1);
      expect(digests[0]!.subject).toBe('Your Brieflane digest: 2 updates');
      expect(digests[0]!.text).toContain('1. Task assigned to you: Digest one (Quiet Project)');
      expect(digests[0]!.text).toContain('2. Task assigned to you: Digest two (Quiet Project)');
      // Issue 49 item 5: straight to Settings' Notifications & calendar section.
      expect(digests[0]!.text).toMatch(/Change what reaches you: http\S+\/\?tab=settings&section=notifications$/m);
      expect(await t.db.select().from(digestItems).where(eq(digestItems.profileId, a.executive.profileId))).toEqual([]);
      expect((await Promise.all(servers.map(sendDigests))).map((r) => r.digests)).toEqual([0, 0]);
    });

    it('keeps what came after the digest hour for the next day', async () => {
      await assign('Late one', a.executive);
      expect((await sendDigests(servers[0])).digests).toBe(0);
      clock.set(new Date(`2026-11-28T${DIGEST_HOUR}:00:00Z`));
      expect((await sendDigests(servers[1])).items).toBe(1);
    });
  });
});
