// Issue 28 item 3: a live socket's session is not read once per event. SessionWatch reads it
// again only on its organization's 'sessions' events, once its known expiry passes, and after
// the change feed was interrupted; an event behind a read in flight waits for its answer.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { sessions } from '../../platform/db/schema/auth';
import type { Platform } from '../../platform/platform';
import type { ChangeEvent } from '../../platform/realtime/publisher';
import { asUser, type TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SessionWatch } from './routes';

const clock = fixedClock(new Date('2026-11-27T09:00:00Z'));
const HOUR = 60 * 60 * 1000;

describe('SessionWatch', () => {
  let t: TestApp;
  let member: TestUser;
  let sessionId: string;
  let expiresAt: Date;
  let reads: ReturnType<typeof vi.spyOn>;

  const event = (topic: ChangeEvent['topic']): ChangeEvent => ({ organizationId: member.organizationId, projectId: null, topic });
  const watch = () => new SessionWatch({ db: t.db, clock } as unknown as Platform, sessionId, expiresAt);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    member = await asUser(t, 'account_executive');
    const [row] = await t.db.select({ id: sessions.id, expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.userId, member.userId));
    ({ id: sessionId, expiresAt } = row!);
  });
  afterAll(() => t.close());
  beforeEach(() => {
    clock.set(new Date('2026-11-27T09:00:00Z'));
    reads?.mockRestore();
    reads = vi.spyOn(t.db, 'select');
  });

  it('answers 50 sockets x 20 ordinary events without reading the session', async () => {
    const watches = Array.from({ length: 50 }, watch);
    for (let i = 0; i < 20; i++) {
      for (const w of watches) expect(await w.stands(event(i % 2 ? 'project' : 'projects'))).toBe(true);
    }
    expect(reads).not.toHaveBeenCalled();
  });

  it("reads it on the organization's 'sessions' event, and an event behind that read waits for its answer", async () => {
    const w = watch();
    const onSessions = w.stands(event('sessions'));
    const next = w.stands(event('project'));
    expect(await onSessions).toBe(true);
    expect(await next).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);

    // Signed out: the session row is gone, and the events after the 'sessions' one are refused too.
    const [saved] = await t.db.delete(sessions).where(eq(sessions.id, sessionId)).returning();
    reads.mockClear();
    const afterSignOut = w.stands(event('sessions'));
    const following = w.stands(event('project'));
    expect(await afterSignOut).toBe(false);
    expect(await following).toBe(false);
    expect(reads).toHaveBeenCalledTimes(1);
    await t.db.insert(sessions).values(saved!);
  });

  it('reads it once its known expiry has passed, and keeps the extended expiry it finds', async () => {
    const w = watch();
    clock.set(new Date(expiresAt.getTime() + 1));
    // Extended on use since the socket opened: it still stands, until the new expiry.
    const extended = new Date(expiresAt.getTime() + 24 * HOUR);
    await t.db.update(sessions).set({ expiresAt: extended }).where(eq(sessions.id, sessionId));
    expect(await w.stands(event('project'))).toBe(true);
    expect(await w.stands(event('project'))).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);

    clock.set(new Date(extended.getTime() + 1));
    expect(await w.stands(event('project'))).toBe(false);
    expect(reads).toHaveBeenCalledTimes(2);
    await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  });

  it('tries a failed read again at the next event, rather than failing every event after it', async () => {
    const w = watch();
    reads.mockImplementationOnce(() => {
      throw new Error('database away');
    });
    await expect(w.stands(event('sessions'))).rejects.toThrow('database away');
    expect(await w.stands(event('project'))).toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(await w.stands(event('project'))).toBe(true);
    expect(reads).toHaveBeenCalledTimes(2);
  });

  it('reads it at the next event after the change feed was interrupted (events may have been missed)', async () => {
    const w = watch();
    expect(await w.stands(event('project'))).toBe(true);
    expect(reads).not.toHaveBeenCalled();
    w.invalidate();
    expect(await w.stands(event('project'))).toBe(true);
    expect(await w.stands(event('project'))).toBe(true);
    expect(reads).toHaveBeenCalledTimes(1);
  });
});
