// The Projects tab's request costs one statement (decision 014): the page with its 'Showing X of Y'
// counts riding on it, the caller's session coming from the session cache once read (two
// statements for a session not read yet). Counted on the embedded database, whose single
// connection makes every statement a turn in one queue.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedAgency, type Agency } from '../../test/agency';
import { asUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

describe('project list statements', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ embedded: true });
    a = await seedAgency(t, { project: 'Brand Refresh' });
    await a.orgAdmin.inject({ method: 'PATCH', url: `/api/projects/${a.otherProjectId}/status`, payload: { status: 'completed' } });
  });
  afterAll(() => t.close());

  async function statementsFor(user: Agency['orgAdmin'], url: string) {
    const pglite = t.database.pglite!;
    const query = vi.spyOn(pglite, 'query');
    const exec = vi.spyOn(pglite, 'exec');
    try {
      const res = await user.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return { body: res.json() as { items: { name: string }[]; matched: number; total: number }, statements: query.mock.calls.length + exec.mock.calls.length };
    } finally {
      query.mockRestore();
      exec.mockRestore();
    }
  }

  it.each([
    ['a plain first page', '/api/projects', ['Other Project', 'Brand Refresh'], 2, 2],
    ['a search', '/api/projects?search=brand', ['Brand Refresh'], 1, 2],
    ['a status filter', '/api/projects?status=completed', ['Other Project'], 1, 2],
  ])('answers %s in one statement', async (_, url, names, matched, total) => {
    await statementsFor(a.orgAdmin, url);
    const { body, statements } = await statementsFor(a.orgAdmin, url);
    expect(body.items.map((p) => p.name)).toEqual(names);
    expect({ matched: body.matched, total: body.total }).toEqual({ matched, total });
    expect(statements).toBe(1);
  });

  it('counts a developer only their assigned projects, in one statement too', async () => {
    await statementsFor(a.developer, '/api/projects');
    const { body, statements } = await statementsFor(a.developer, '/api/projects');
    expect(body).toMatchObject({ items: [{ name: 'Brand Refresh' }], matched: 1, total: 1 });
    expect(statements).toBe(1);
  });

  it('reads a session not read before with one more statement', async () => {
    const admin = await asUser(t, 'admin', { organizationId: a.orgAdmin.organizationId });
    expect((await statementsFor(admin, '/api/projects?search=brand')).statements).toBe(2);
    expect((await statementsFor(admin, '/api/projects?search=brand')).statements).toBe(1);
  });

  it('still counts when the page is empty', async () => {
    const { body } = await statementsFor(a.orgAdmin, '/api/projects?search=nothing-like-this');
    expect(body).toMatchObject({ items: [], matched: 0, total: 2 });
  });
});
