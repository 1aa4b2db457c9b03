import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTemplateFields } from '../../../domain/templates';
import type { SearchAnswer } from '../../../domain/search';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { searchQuery, searchStatement, searchTerms } from './service';

describe('search API', () => {
  let t: TestApp;
  let a: Agency;
  let taskId: string;
  let hiddenTaskId: string;
  let commentId: string;
  let noteId: string;

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t, { orgAdmin: 'Olive Owner', developer: 'Dana Developer', project: 'Zephyr Rebrand' });
    const post = async (url: string, payload: Record<string, unknown>) => {
      const res = await a.orgAdmin.inject({ method: 'POST', url, payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    taskId = await post(`/api/projects/${a.projectId}/tasks`, { title: 'Onboarding checklist for Zephyr', description: 'Collect the brand assets' });
    hiddenTaskId = await post(`/api/projects/${a.otherProjectId}/tasks`, { title: 'Quetzalcoatl secret launch' });
    commentId = await post(`/api/projects/${a.projectId}/tasks/${taskId}/comments`, { body: '- Remember the **marmalade** [palette](https://example.com/palette) please' });
    noteId = await post(`/api/projects/${a.projectId}/notes`, { content: 'Kickoff: the client prefers a café-style crème look' });
    await post(`/api/projects/${a.otherProjectId}/notes`, { content: 'Quetzalcoatl budget is confidential' });
    await post(`/api/projects/${a.projectId}/links`, { name: 'Moodboard-final-v2', url: 'https://example.com/mood' });
    await post('/api/templates', { name: 'Website Discovery', description: 'Questions before a website', fields: newTemplateFields() });
    await post('/api/clients', { name: 'Gargantuan Foods', contactName: 'Priya Patel' });
    // Another organization holding the same words.
    const theirClient = (await a.outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Their Client' } })).json().id;
    const theirProject = (await a.outsider.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Zephyr Elsewhere', clientId: theirClient } })).json().id;
    await a.outsider.inject({ method: 'POST', url: `/api/projects/${theirProject}/tasks`, payload: { title: 'Onboarding checklist elsewhere' } });
  });
  afterAll(() => t.close());

  const search = async (user: TestUser, q: string) => {
    const res = await user.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SearchAnswer;
  };
  const ids = (answer: SearchAnswer, kind: string) => answer.groups.find((g) => g.kind === kind)?.results.map((r) => r.id) ?? [];
  const kinds = (answer: SearchAnswer) => answer.groups.map((g) => g.kind);

  it('finds a task by the start of a word of its title, marks the words, and says how to open it', async () => {
    const answer = await search(a.orgAdmin, 'onboa');
    const task = answer.groups.find((g) => g.kind === 'task')!.results[0]!;
    expect(task).toMatchObject({ id: taskId, context: 'Zephyr Rebrand', target: { kind: 'task', projectId: a.projectId, taskId } });
    expect(task.title).toEqual({ text: 'Onboarding checklist for Zephyr', marks: [[0, 5]] });
    expect(ids(answer, 'task')).toHaveLength(1);
  });

  it('finds part of a word inside a title (trigram) and several words in any order', async () => {
    expect(ids(await search(a.orgAdmin, 'klist'), 'task')).toEqual([taskId]);
    expect(ids(await search(a.orgAdmin, 'zephyr checklist'), 'task')).toEqual([taskId]);
    // Every word may be the start of one, not only the last.
    expect(ids(await search(a.orgAdmin, 'zeph checkl'), 'task')).toEqual([taskId]);
  });

  it('ranks a whole-word match and a start-of-word match, each found once', async () => {
    // "onboarding" is a whole word of the task's title: found by the first part of the arm, and
    // not again by the next ones (start of a word, part of a word).
    const answer = await search(a.orgAdmin, 'onboarding');
    expect(ids(answer, 'task')).toEqual([taskId]);
  });

  it('finds projects, comments, notes (accents folded), files, templates, clients and members, grouped by kind', async () => {
    const project = await search(a.orgAdmin, 'zephyr');
    expect(ids(project, 'project')).toEqual([a.projectId]);
    expect(kinds(project)[0]).toBe('project');
    const comment = (await search(a.orgAdmin, 'marmalade')).groups.find((g) => g.kind === 'comment')!.results[0]!;
    expect(comment.target).toEqual({ kind: 'comment', projectId: a.projectId, taskId, commentId });
    // Its words, not its Markdown (issue 49 item 20), the match marked.
    expect(comment.snippet?.text).toBe('Remember the marmalade palette please');
    expect(comment.snippet?.marks.map(([s, e]) => comment.snippet!.text.slice(s, e))).toEqual(['marmalade']);
    const note = (await search(a.orgAdmin, 'creme cafe')).groups.find((g) => g.kind === 'note')!.results[0]!;
    expect(note.target).toEqual({ kind: 'note', projectId: a.projectId, noteId });
    const marked = note.title.marks.map(([s, e]) => note.title.text.slice(s, e));
    expect(marked).toEqual(['café', 'crème']);
    expect(ids(await search(a.orgAdmin, 'moodboard'), 'file')).toHaveLength(1);
    expect(ids(await search(a.orgAdmin, 'discovery'), 'template')).toHaveLength(1);
    expect(ids(await search(a.orgAdmin, 'priya'), 'client')).toHaveLength(1);
    expect((await search(a.orgAdmin, 'dana')).groups.find((g) => g.kind === 'member')!.results[0]).toMatchObject({
      id: a.developer.profileId,
      context: 'Developer',
      target: { kind: 'member', memberId: a.developer.profileId },
    });
  });

  it('finds a name with a typo', async () => {
    expect(ids(await search(a.orgAdmin, 'Gargantaun'), 'client')).toHaveLength(1);
    expect(ids(await search(a.orgAdmin, 'Zephir Rebrand'), 'project')).toEqual([a.projectId]);
  });

  it('shows a developer only their assigned projects\' items, and no clients, templates or members', async () => {
    expect(ids(await search(a.developer, 'onboarding'), 'task')).toEqual([taskId]);
    expect((await search(a.developer, 'quetzalcoatl')).groups).toEqual([]);
    expect((await search(a.unassigned, 'onboarding')).groups).toEqual([]);
    expect(kinds(await search(a.developer, 'priya gargantuan discovery dana'))).toEqual([]);
    expect(ids(await search(a.orgAdmin, 'quetzalcoatl'), 'task')).toEqual([hiddenTaskId]);
  });

  it("never shows another organization's things", async () => {
    const theirs = await search(a.outsider, 'onboarding');
    expect(ids(theirs, 'task')).toHaveLength(1);
    expect(ids(theirs, 'task')).not.toContain(taskId);
    expect(ids(await search(a.orgAdmin, 'elsewhere'), 'task')).toEqual([]);
    expect(ids(await search(a.outsider, 'dana'), 'member')).toEqual([]);
  });

  it('answers an empty query with nothing, and refuses a signed-out caller', async () => {
    expect(await search(a.orgAdmin, '   ')).toEqual({ query: '', groups: [] });
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=zephyr' })).statusCode).toBe(401);
  });

  it.each([
    ['full-text operators', "zephyr & !(onboa:* | 'x') <-> <2> \\"],
    ['only operators', '&|!():*<>'],
    ['quotes and SQL', "' OR 1=1 -- \""],
    ['websearch syntax', '"onboarding checklist" -zephyr or'],
    ['ILIKE wildcards', '%_%\\'],
    ['emoji', '😀😀😀'],
    ['one letter', 'o'],
    ['two hundred characters', 'a'.repeat(200)],
    ['many words', Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ')],
  ])('answers hostile input (%s) with results, never an error', async (_, q) => {
    const answer = await search(a.orgAdmin, q);
    expect(Array.isArray(answer.groups)).toBe(true);
  });

  it.each([
    ['a NUL', 'zep\u0000hyr'],
    ['over 200 characters', 'a'.repeat(201)],
  ])('refuses %s with a 400 in the error shape', async (_, q) => {
    const res = await a.orgAdmin.inject({ method: 'GET', url: '/api/search', query: { q } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toEqual(expect.any(String));
  });

  // A lone surrogate has no UTF-8 form, so it cannot travel in a URL as itself: what arrives is
  // a replacement character or bytes that are no UTF-8. Either answers, neither is a 5xx.
  it.each([
    ['a lone surrogate', { query: { q: 'zep\ud800hyr' } }],
    ['a lone low surrogate', { query: { q: '\udfff' } }],
    ['the bytes of a surrogate', { url: '/api/search?q=zep%ED%A0%80hyr' }],
    ['bytes that are no UTF-8', { url: '/api/search?q=%FF%FE' }],
  ])('answers %s with results or a 400, never a 5xx', async (_, request) => {
    const res = await a.orgAdmin.inject({ method: 'GET', url: '/api/search', ...request });
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 400) expect(res.json().error.code).toEqual(expect.any(String));
  });

  it('does not find a full-text operator as an operator: "!zephyr" is the word zephyr', async () => {
    expect(ids(await search(a.orgAdmin, '!zephyr'), 'project')).toEqual([a.projectId]);
  });
});

describe('searchQuery', () => {
  it('fills each shape built once with the values: the same text and values as building the statement each time', () => {
    const dialect = new PgDialect();
    const queries = ['onboa', 'zephyr checklist', 'ab', 'klist', 'Projet strategy', "O'Brien \\ 50%_off", '!!'];
    for (const role of ['organization_admin', 'admin', 'account_executive', 'developer'] as const) {
      for (const [i, q] of queries.entries()) {
        const actor = { organizationId: `00000000-0000-4000-8000-00000000000${i}`, profileId: `10000000-0000-4000-8000-00000000000${i}`, role };
        const terms = searchTerms(q);
        const statement = searchStatement(actor, terms);
        const built = statement && dialect.sqlToQuery(statement);
        // Twice: the second comes from the shape the first built.
        for (let n = 0; n < 2; n++) expect(searchQuery(actor, terms), `${role} ${q}`).toEqual(built && { sql: built.sql, params: built.params });
      }
    }
  });
});
