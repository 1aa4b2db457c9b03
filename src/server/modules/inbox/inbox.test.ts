// Issue 16: notes on projects you follow, and a link's first open, reach the inbox; nobody
// outside the project hears of them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '../../../domain/inbox';
import { fixedClock } from '../../platform/clock';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('the inbox: notes and first opens', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Harbor Rebrand', developer: 'Dana Dev' });
  });
  afterAll(() => t.close());

  const items = async (user: TestUser, kind: Notification['kind']) =>
    ((await user.inject({ method: 'GET', url: '/api/inbox' })).json().items as Notification[]).filter((n) => n.kind === kind);
  const addNote = (user: TestUser, content: string, projectId = a.projectId) =>
    user.inject({ method: 'POST', url: `/api/projects/${projectId}/notes`, payload: { content } });

  it("tells a project's followers of a new note (its creator, assigned developers, assignees, earlier authors), not its author or anyone else", async () => {
    // The executive follows by having a task on the project; the admin follows nothing yet.
    await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Brief', assigneeId: a.executive.profileId } });
    const res = await addNote(a.developer, 'The client   wants the\nold logo back');
    expect(res.statusCode).toBe(201);

    for (const follower of [a.orgAdmin, a.executive]) {
      expect(await items(follower, 'note_added')).toEqual([
        expect.objectContaining({ title: 'New note on Harbor Rebrand', body: 'Dana Dev: The client wants the old logo back', projectId: a.projectId, read: false }),
      ]);
    }
    for (const bystander of [a.developer, a.admin, a.unassigned, a.outsider]) expect(await items(bystander, 'note_added')).toEqual([]);

    // Having written a note, the developer now follows: the admin's note reaches them.
    await addNote(a.admin, 'x'.repeat(300));
    const [toDeveloper] = await items(a.developer, 'note_added');
    expect(toDeveloper!.body).toHaveLength(`${a.admin.fullName}: `.length + 120);
    expect(toDeveloper!.body!.endsWith('…')).toBe(true);
    // A note on a project the developer cannot see tells them nothing.
    await addNote(a.orgAdmin, 'Elsewhere', a.otherProjectId);
    expect(await items(a.developer, 'note_added')).toHaveLength(1);
  });

  it("tells a link's creator of its first open by someone else, once, even when opened twice at once", async () => {
    const link = (await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Client review' } })).json();
    const open = (user?: TestUser) =>
      user
        ? user.inject({ method: 'POST', url: `/api/project-access/${link.token}/session`, payload: {} })
        : t.app.inject({ method: 'POST', url: `/api/project-access/${link.token}/session`, payload: {}, remoteAddress: '203.0.113.7' });

    // The creator trying their own link is no news.
    expect((await open(a.executive)).statusCode).toBe(200);
    expect(await items(a.executive, 'link_opened')).toEqual([]);

    const [first, second] = await Promise.all([open(), open()]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    await open(a.outsider);
    expect(await items(a.executive, 'link_opened')).toEqual([
      expect.objectContaining({ title: 'Link "Client review" was opened for the first time', body: 'Harbor Rebrand', projectId: a.projectId }),
    ]);
    expect(await items(a.orgAdmin, 'link_opened')).toEqual([]);
  });
});
