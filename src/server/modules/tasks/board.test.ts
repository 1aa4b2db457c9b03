// Issue 16: the board's order, kept by the server from the neighbour each move names (decision 016).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITION_STEP } from '../../../domain/task-order';
import { TASK_MESSAGES } from '../../../domain/tasks';
import { fixedClock } from '../../platform/clock';
import { tasks } from './schema';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

// One instant for every write: tasks made in the same millisecond, as the demo's are.
const clock = fixedClock(new Date('2026-11-22T12:00:00Z'));

describe('the task board order', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t);
  });
  afterAll(() => t.close());

  const add = async (title: string, projectId = a.projectId) =>
    (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${projectId}/tasks`, payload: { title } })).json().id as string;
  const change = (user: TestUser, taskId: string, payload: Record<string, unknown>) =>
    user.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${taskId}`, payload });
  /** The project's columns as the board shows them: titles in the order the list answers. */
  const columns = async () => {
    // Every page (issue 36: the list is paged).
    const items: Array<{ title: string; status: string; position: number; createdAt: string; id: string }> = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof items; nextCursor: string | null } = (
        await a.orgAdmin.inject({ method: 'GET', url: `/api/projects/${a.projectId}/tasks?limit=100${cursor ? `&cursor=${cursor}` : ''}` })
      ).json();
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    const sorted = [...items].sort((x, y) => x.position - y.position || x.createdAt.localeCompare(y.createdAt) || (x.id < y.id ? -1 : 1));
    const of = (status: string) => sorted.filter((i) => i.status === status).map((i) => i.title);
    return { pending: of('pending'), in_progress: of('in_progress'), completed: of('completed') };
  };

  it('puts a task where the move says, across columns and within one, even among tasks made in the same millisecond', async () => {
    const id: Record<string, string> = {};
    for (const title of ['One', 'Two', 'Three', 'Four']) id[title] = await add(title);
    // Same clock, same position: the column is in id order until someone moves a task.
    const tied = await t.db.select({ position: tasks.position }).from(tasks).where(eq(tasks.projectId, a.projectId));
    expect(new Set(tied.map((r) => r.position)).size).toBe(1);

    // A developer with access moves a task into In Progress, then another above it.
    expect((await change(a.developer, id.One!, { status: 'in_progress', afterTaskId: null })).statusCode).toBe(200);
    expect((await change(a.developer, id.Three!, { status: 'in_progress', afterTaskId: null })).statusCode).toBe(200);
    expect((await columns()).in_progress).toEqual(['Three', 'One']);

    // Back into To Do between two tasks that share a position.
    const todo = (await columns()).pending;
    expect([...todo].sort()).toEqual(['Four', 'Two']);
    const res = await change(a.orgAdmin, id.One!, { status: 'pending', afterTaskId: id[todo[0]!] });
    expect(res.statusCode, res.body).toBe(200);
    expect((await columns()).pending).toEqual([todo[0], 'One', todo[1]]);

    // Within its column, to the end; then to the top.
    expect((await change(a.orgAdmin, id.One!, { afterTaskId: id[todo[1]!] })).statusCode).toBe(200);
    expect((await columns()).pending).toEqual([...todo, 'One']);
    expect((await change(a.orgAdmin, id.One!, { afterTaskId: null })).statusCode).toBe(200);
    expect((await columns()).pending).toEqual(['One', ...todo]);
    // Already there: no position is written.
    const positions = () => t.db.select({ id: tasks.id, position: tasks.position, updatedAt: tasks.updatedAt }).from(tasks).where(eq(tasks.projectId, a.projectId));
    const stored = await positions();
    expect((await change(a.orgAdmin, id.One!, { afterTaskId: null })).statusCode).toBe(200);
    expect(await positions()).toEqual(stored);
  });

  it('keeps every drop in place when the same gap is halved past what a number can hold', async () => {
    const top = await add('Top');
    await change(a.orgAdmin, top, { status: 'in_progress', afterTaskId: null });
    const bottom = await add('Bottom');
    await change(a.orgAdmin, bottom, { status: 'in_progress' });
    for (let i = 0; i < 60; i += 1) {
      const id = await add(`Squeeze ${i}`);
      const res = await change(a.orgAdmin, id, { status: 'in_progress', afterTaskId: top });
      expect(res.statusCode, res.body).toBe(200);
      const order = (await columns()).in_progress;
      expect(order.indexOf(`Squeeze ${i}`)).toBe(order.indexOf('Top') + 1);
    }
    const positions = await t.db
      .select({ position: tasks.position })
      .from(tasks)
      .where(and(eq(tasks.projectId, a.projectId), eq(tasks.status, 'in_progress')));
    // The column was numbered again at least once: whole steps of POSITION_STEP remain.
    expect(positions.some((r) => r.position % POSITION_STEP === 0 && r.position > 0)).toBe(true);
    expect(new Set(positions.map((r) => r.position)).size).toBe(positions.length);
  });

  it('puts a task whose status changes without a place last in its new column', async () => {
    const first = await add('Checked first');
    const second = await add('Checked second');
    await change(a.orgAdmin, first, { status: 'completed' });
    await change(a.orgAdmin, second, { status: 'completed' });
    expect((await columns()).completed.slice(-2)).toEqual(['Checked first', 'Checked second']);
  });

  it('takes two moves at once that cross between columns one after the other (no deadlock)', async () => {
    for (let round = 0; round < 5; round += 1) {
      const x = await add(`Crossing A${round}`);
      const y = await add(`Crossing B${round}`);
      await change(a.orgAdmin, y, { status: 'in_progress' });
      // x goes to In Progress above y while y goes to To Do above x.
      const [one, two] = await Promise.all([
        change(a.orgAdmin, x, { status: 'in_progress', afterTaskId: null }),
        change(a.executive, y, { status: 'pending', afterTaskId: null }),
      ]);
      expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
      expect((await columns()).in_progress[0]).toBe(`Crossing A${round}`);
      expect((await columns()).pending[0]).toBe(`Crossing B${round}`);
    }
  });

  it("refuses a neighbour that left the column or belongs to another project (409), or isn't an id (400), and writes nothing", async () => {
    const moving = await add('Moving');
    const elsewhere = await add('Elsewhere', a.otherProjectId);
    const done = await add('Done one');
    await change(a.orgAdmin, done, { status: 'completed' });
    const before = await t.db.select().from(tasks).where(eq(tasks.id, moving));

    for (const afterTaskId of [elsewhere, done, moving]) {
      const res = await change(a.orgAdmin, moving, { status: 'in_progress', afterTaskId });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(TASK_MESSAGES.boardChanged.message);
    }
    const bad = await change(a.orgAdmin, moving, { afterTaskId: 'first' });
    expect(bad.statusCode).toBe(400);
    expect(await t.db.select().from(tasks).where(eq(tasks.id, moving))).toEqual(before);
  });
});
