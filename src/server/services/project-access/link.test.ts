// The share-link gate's read and write paths (decision 012): a shared-page list reads the link
// once per request; a write checks the link again inside its own transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LINK_ERRORS } from '../../../domain/shared-link-errors';
import { fixedClock } from '../../platform/clock';
import type { Platform } from '../../platform/platform';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { resolveSharedLink } from './link';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('share-link access', () => {
  let t: TestApp;
  let a: Agency;
  let selects: number;
  let platform: Platform;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Linked Project' });
    // The database as the gate sees it, counting the queries it starts.
    const db = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === 'select') selects += 1;
        return Reflect.get(target, property, receiver);
      },
    });
    platform = { config: t.config, database: t.database, db, clock, storage: undefined as never };
  });
  afterAll(() => t.close());

  const newLink = async () =>
    (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Client' } })).json() as {
      id: string;
      token: string;
    };
  const request = (token: string) => ({ token, grant: undefined, viewer: null, address: '203.0.113.7' });

  it('reads the link and its project in one query, and a read of the project needs no other', async () => {
    const link = await newLink();
    selects = 0;
    const { access } = await resolveSharedLink(platform, request(link.token));
    expect(await access.project(platform.db)).toEqual({ id: a.projectId, name: 'Linked Project', organizationId: a.orgAdmin.organizationId });
    expect(selects).toBe(1);
  });

  it('checks the link again inside a write transaction, so a link revoked mid-request stops the write', async () => {
    const link = await newLink();
    const { access } = await resolveSharedLink(platform, request(link.token));
    await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${link.id}/revoke` });

    await expect(t.db.transaction((tx) => access.project(tx))).rejects.toMatchObject({ statusCode: 404, code: SHARED_LINK_ERRORS.invalidLink });
    await expect(resolveSharedLink(platform, request(link.token))).rejects.toMatchObject({ code: SHARED_LINK_ERRORS.invalidLink });
  });
});
