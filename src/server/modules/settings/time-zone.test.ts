// A member's time zone (issue 49 item 22): kept on their profile, answered in /api/me, and the
// hour of their daily digest is read on their wall clock rather than UTC's.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { emailOutbox } from '../../platform/db/schema/platform';
import { profiles } from '../../platform/db/schema/tenancy';
import type { Platform } from '../../platform/platform';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sendDigests } from './digest';

const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));
const url = '/api/settings/time-zone';

describe('a member’s time zone', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Zone Project' });
  });
  afterAll(() => t.close());

  const setZone = (user: TestUser, timeZone: unknown) => user.inject({ method: 'PUT', url, payload: { timeZone } });

  describe('PUT /api/settings/time-zone', () => {
    it('keeps the zone in its canonical spelling, answers it in /api/me, and touches nobody else’s', async () => {
      expect((await a.unassigned.inject({ method: 'GET', url: '/api/me' })).json().profile.timeZone).toBeNull();
      const res = await setZone(a.unassigned, 'europe/berlin');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().profile.timeZone).toBe('Europe/Berlin');
      expect((await a.unassigned.inject({ method: 'GET', url: '/api/me' })).json().profile.timeZone).toBe('Europe/Berlin');
      expect((await a.developer.inject({ method: 'GET', url: '/api/me' })).json().profile.timeZone).toBeNull();
      expect((await setZone(a.unassigned, 'Pacific/Auckland')).json().profile.timeZone).toBe('Pacific/Auckland');
      const [row] = await t.db.select({ timeZone: profiles.timeZone }).from(profiles).where(eq(profiles.id, a.unassigned.profileId));
      expect(row!.timeZone).toBe('Pacific/Auckland');
    });

    it('refuses a zone that is none with 400, and anonymous callers with 401', async () => {
      for (const timeZone of ['Mars/Olympus_Mons', 'Berlin', '+01:00', '', null, 42]) {
        const res = await setZone(a.unassigned, timeZone);
        expect(res.statusCode, String(timeZone)).toBe(400);
        expect(res.json().error.code, res.body).toBe('validation_error');
      }
      expect((await a.unassigned.inject({ method: 'PUT', url, payload: {} })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'PUT', url, payload: { timeZone: 'Europe/Berlin' } })).statusCode).toBe(401);
      // The refused changes left the zone as it was.
      expect((await a.unassigned.inject({ method: 'GET', url: '/api/me' })).json().profile.timeZone).toBe('Pacific/Auckland');
    });
  });

  describe('the daily digest at the member’s own hour', () => {
    let platform: Platform;
    // Berlin is UTC+1 in November: its 16:00 is 15:00 UTC. Auckland is UTC+13: its 16:00 is
    // 03:00 UTC of the same day. The developer has no zone: 16:00 UTC.
    let berlin: TestUser;
    let auckland: TestUser;
    let utc: TestUser;

    beforeAll(async () => {
      platform = { config: t.config, database: t.database, db: t.db, clock, storage: undefined as never };
      berlin = a.executive;
      auckland = a.admin;
      utc = a.developer;
      await setZone(berlin, 'Europe/Berlin');
      await setZone(auckland, 'Pacific/Auckland');
      for (const member of [berlin, auckland, utc]) {
        const res = await member.inject({ method: 'PATCH', url: '/api/settings/notifications', payload: { digest: true } });
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    const assign = async (title: string, user: TestUser) => {
      const res = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title, assigneeId: user.profileId } });
      expect(res.statusCode, res.body).toBe(201);
    };
    const digestsOf = async (user: TestUser) =>
      (await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, user.email!), eq(emailOutbox.kind, 'digest')))).length;
    const counts = async () => [await digestsOf(berlin), await digestsOf(auckland), await digestsOf(utc)];
    const runAt = async (iso: string) => {
      clock.set(new Date(iso));
      return (await sendDigests(platform)).digests;
    };

    it('goes out at 16:00 where each member is, not at 16:00 UTC, and once a local day', async () => {
      clock.set(new Date('2026-11-27T09:00:00Z'));
      for (const member of [berlin, auckland, utc]) {
        clock.advance(1000);
        await assign(`Morning task for ${member.profileId}`, member);
      }
      expect(await runAt('2026-11-27T09:30:00Z')).toBe(0);
      // 15:59 in Berlin: not yet.
      expect(await runAt('2026-11-27T14:59:00Z')).toBe(0);
      // 16:00 in Berlin, 15:00 UTC: Berlin's digest, nobody else's.
      expect(await runAt('2026-11-27T15:00:00Z')).toBe(1);
      expect(await counts()).toEqual([1, 0, 0]);
      expect(await runAt('2026-11-27T15:45:00Z')).toBe(0);
      // 16:00 UTC: the member without a zone.
      expect(await runAt('2026-11-27T16:00:00Z')).toBe(1);
      expect(await counts()).toEqual([1, 0, 1]);

      // Berlin's evening news waits for Berlin's next 16:00, however late UTC's day runs.
      clock.set(new Date('2026-11-27T17:00:00Z'));
      await assign('Evening task', berlin);
      expect(await runAt('2026-11-27T23:30:00Z')).toBe(0);
      expect(await runAt('2026-11-28T02:59:00Z')).toBe(0);
      // 16:00 on the 28th in Auckland is 03:00 UTC: its morning task, made at 22:00 Auckland time on the 27th.
      expect(await runAt('2026-11-28T03:00:00Z')).toBe(1);
      expect(await counts()).toEqual([1, 1, 1]);
      expect(await runAt('2026-11-28T14:59:00Z')).toBe(0);
      expect(await runAt('2026-11-28T15:00:00Z')).toBe(1);
      expect(await counts()).toEqual([2, 1, 1]);
      // Nothing left, nothing more.
      expect(await runAt('2026-11-29T16:00:00Z')).toBe(0);
    });
  });
});
