// 'Showing X of Y' comes from a short-lived per-organization cache for staff lists without a
// search (decision 014), forgotten on the organization's change events, local or from any server.
import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../platform/clock';
import { projects } from './schema';
import { CHANGES_CHANNEL } from '../../platform/realtime/publisher';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, onLocalChange, type TestApp } from '../../test/test-app';
import { LIST_COUNTS_TTL_MS } from './list-counts';

const clock = fixedClock(new Date('2026-11-24T12:00:00Z'));

describe('project list counts', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t);
  });
  afterAll(() => t.close());

  // The database delivers this server's own change notifications a moment after each commit; one
  // arriving during a test would drop the cache it is watching (seen on PostgreSQL under load).
  // Notifications arrive in order, so once a marker sent now is heard, every earlier one was.
  beforeEach(async () => {
    const marker = randomUUID();
    let stop = () => {};
    const heard = new Promise<void>((resolve) => {
      stop = onLocalChange((change) => {
        if (change.kind === 'committed' && change.event.organizationId === marker) resolve();
      });
    });
    await t.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ organizationId: marker, projectId: null, topic: 'projects' })})`);
    await heard.finally(stop);
  });

  const counts = async (url = '/api/projects', user = a.orgAdmin) => {
    const body = (await user.inject({ method: 'GET', url })).json() as { items: unknown[]; matched: number; total: number };
    return { items: body.items.length, matched: body.matched, total: body.total };
  };
  /** A project written behind the app's back: no change event, as a stale cache would miss it. */
  const insertQuietly = async (name: string) => {
    await t.db.insert(projects).values({ organizationId: a.orgAdmin.organizationId, clientId: a.clientId, name, createdBy: a.orgAdmin.profileId });
  };

  it('answers from the cache until a change event of the organization, and the page itself is always read', async () => {
    expect(await counts()).toEqual({ items: 2, matched: 2, total: 2 });
    await insertQuietly('Quiet One');
    // The cards are read again; the counts are the cached ones.
    expect(await counts()).toEqual({ items: 3, matched: 2, total: 2 });

    // Another app server's change arrives as a notification through the database.
    await t.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${JSON.stringify({ organizationId: a.orgAdmin.organizationId, projectId: null, topic: 'projects' })})`);
    await vi.waitFor(async () => expect(await counts()).toEqual({ items: 3, matched: 3, total: 3 }));
  });

  it("forgets at once when this server publishes a change, so the writer's next list is right", async () => {
    await counts();
    const created = await a.orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Loud One', clientId: a.clientId } });
    expect(created.statusCode).toBe(201);
    expect(await counts()).toEqual({ items: 4, matched: 4, total: 4 });
    await a.orgAdmin.inject({ method: 'PATCH', url: `/api/projects/${created.json().id}/status`, payload: { status: 'completed' } });
    expect(await counts('/api/projects?status=completed')).toEqual({ items: 1, matched: 1, total: 4 });
  });

  it('keeps counts no longer than the time to live', async () => {
    await counts();
    await insertQuietly('Quiet Two');
    expect((await counts()).matched).toBe(4);
    clock.advance(LIST_COUNTS_TTL_MS + 1);
    expect((await counts()).matched).toBe(5);
  });

  it("counts searches and developers' lists every time", async () => {
    expect((await counts('/api/projects?search=quiet')).matched).toBe(2);
    await insertQuietly('Quiet Three');
    expect((await counts('/api/projects?search=quiet')).matched).toBe(3);

    const before = (await counts('/api/projects', a.developer)).matched;
    await t.db.execute(sql`insert into developer_project_access (project_id, developer_profile_id) values (${a.otherProjectId}, ${a.developer.profileId})`);
    expect((await counts('/api/projects', a.developer)).matched).toBe(before + 1);
  });
});
