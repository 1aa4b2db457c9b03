import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTE_MESSAGES } from '../../../domain/notes';
import { fixedClock } from '../../platform/clock';
import { activityLogs } from '../activity/schema';
import { projectNotes } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('notes API', () => {
  let t: TestApp;
  let orgAdmin: TestUser;
  let admin: TestUser;
  let executive: TestUser;
  let developer: TestUser;
  let unassigned: TestUser;
  let outsider: TestUser;
  let projectId: string;
  let otherProjectId: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    ({ orgAdmin, admin, executive, developer, unassigned, outsider, projectId, otherProjectId } = await seedAgency(t, { orgAdmin: 'Olive Owner', developer: 'Dana Dev', project: 'Noted Project' }));
  });
  afterAll(() => t.close());

  const url = (id = projectId) => `/api/projects/${id}/notes`;
  const add = (user: TestUser, content: unknown, id = projectId) => user.inject({ method: 'POST', url: url(id), payload: { content } });
  const edit = (user: TestUser, noteId: string, content: unknown, id = projectId) =>
    user.inject({ method: 'PATCH', url: `${url(id)}/${noteId}`, payload: { content } });
  const remove = (user: TestUser, noteId: string, id = projectId) => user.inject({ method: 'DELETE', url: `${url(id)}/${noteId}` });
  const list = async (user: TestUser) => (await user.inject({ method: 'GET', url: url() })).json().items;
  const logs = (action: string) =>
    t.db.select().from(activityLogs).where(and(eq(activityLogs.projectId, projectId), eq(activityLogs.action, action)));

  it('lets every role with access add a trimmed note and logs add_note', async () => {
    for (const user of [orgAdmin, admin, executive, developer]) {
      clock.advance(1000);
      const res = await add(user, `  Note from ${user.fullName}  `);
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ content: `Note from ${user.fullName}`, authorName: user.fullName, isOwn: true });
    }
    expect(await logs('add_note')).toHaveLength(4);
  });

  it('lists notes newest first with their authors; isOwn only for the caller', async () => {
    const notes = await list(orgAdmin);
    expect(notes[0]).toMatchObject({ authorName: 'Dana Dev', authorEmail: developer.email, isOwn: false });
    expect(notes.at(-1)).toMatchObject({ authorName: 'Olive Owner', isOwn: true });
    for (const user of [unassigned, outsider]) {
      expect((await user.inject({ method: 'GET', url: url() })).statusCode).toBe(404);
      expect((await add(user, 'Sneaky')).statusCode).toBe(404);
    }
  });

  it('keeps HTML as plain text (stored as written, rendered as text by the page)', async () => {
    const res = await add(executive, '<img src=x onerror=alert(1)>');
    expect(res.json().content).toBe('<img src=x onerror=alert(1)>');
  });

  it('refuses empty and oversized content, writing nothing', async () => {
    const before = (await list(orgAdmin)).length;
    for (const content of ['', '   \n ', undefined]) {
      const res = await add(orgAdmin, content);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(NOTE_MESSAGES.contentRequired.message);
    }
    expect((await add(orgAdmin, 'x'.repeat(10001))).statusCode).toBe(400);
    expect((await list(orgAdmin)).length).toBe(before);
  });

  it('lets only the author edit (trimmed, updated time moves) and logs edit_note', async () => {
    const note = (await add(developer, 'Draft')).json();
    expect(note.createdAt).toBe(note.updatedAt);
    for (const user of [orgAdmin, admin, executive]) {
      const res = await edit(user, note.id, 'Hijacked');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NOTE_MESSAGES.notAuthor.message);
    }
    expect((await edit(outsider, note.id, 'Hijacked')).statusCode).toBe(404);
    expect((await edit(developer, note.id, 'Moved', otherProjectId)).statusCode).toBe(404);
    expect((await edit(developer, note.id, '   ')).statusCode).toBe(400);
    expect((await t.db.select().from(projectNotes).where(eq(projectNotes.id, note.id)))[0]!.content).toBe('Draft');

    clock.advance(5000);
    const res = await edit(developer, note.id, '  Final  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('Final');
    expect(res.json().updatedAt).not.toBe(res.json().createdAt);
    expect((await logs('edit_note')).map((l) => l.userId)).toEqual([developer.profileId]);
  });

  it('lets only the author delete and logs delete_note', async () => {
    const note = (await add(executive, 'Temporary')).json();
    expect((await remove(orgAdmin, note.id)).statusCode).toBe(403);
    expect((await remove(developer, note.id)).statusCode).toBe(403);
    expect((await remove(outsider, note.id)).statusCode).toBe(404);
    expect((await remove(executive, note.id, otherProjectId)).statusCode).toBe(404);
    expect(await t.db.select().from(projectNotes).where(eq(projectNotes.id, note.id))).toHaveLength(1);
    expect((await remove(executive, note.id)).statusCode).toBe(204);
    expect(await t.db.select().from(projectNotes).where(eq(projectNotes.id, note.id))).toEqual([]);
    expect((await logs('delete_note')).map((l) => l.details)).toEqual([{ note_id: note.id }]);
    expect((await remove(executive, note.id)).statusCode).toBe(404);
  });
});
