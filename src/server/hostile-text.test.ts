// Decision 006, issue 18 item 4: NUL and lone surrogates in every text field, and due dates out
// of 1900–2999, answer 400 with the field's message (PostgreSQL would refuse them: 500), and
// nothing is written.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTemplateFields } from '../domain/templates';
import { PROJECT_MESSAGES } from '../domain/projects';
import { STORABLE_TEXT_MESSAGES } from '../domain/text-fields';
import { accounts, users } from './platform/db/schema/auth';
import { emailOutbox } from './platform/db/schema/platform';
import { organizations, profiles } from './platform/db/schema/tenancy';
import { activityLogs } from './modules/activity/schema';
import { clients } from './modules/clients/schema';
import { projectAccessTokens } from './modules/sharing/schema';
import { projectFiles } from './modules/files/schema';
import { projectNotes } from './modules/notes/schema';
import { projects } from './modules/projects/schema';
import { projectTemplates } from './modules/templates/schema';
import { tasks } from './modules/tasks/schema';
import { asUser, type TestUser } from './test/as-user';
import { createTestApp, type TestApp } from './test/test-app';

let t: TestApp;
let owner: TestUser;
let ids: { client: string; project: string; template: string; note: string; member: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  owner = await asUser(t, 'organization_admin');
  const post = async (url: string, payload: object) => {
    const res = await owner.inject({ method: 'POST', url, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const client = await post('/api/clients', { name: 'Acme' });
  const project = await post('/api/projects', { name: 'Site', clientId: client.id });
  const template = await post('/api/templates', { name: 'Intake', fields: newTemplateFields() });
  const note = await post(`/api/projects/${project.id}/notes`, { content: 'First' });
  const member = await post('/api/team', { fullName: 'Dee Dev' });
  const link = await post(`/api/projects/${project.id}/access-links`, { name: 'Open' });
  ids = { client: client.id, project: project.id, template: template.id, note: note.id, member: member.id, token: link.token };
});
afterAll(() => t.close());

/** `field`: the refused field as the answer names it (`error.field`: its path in the body or query). */
type Call = { method: 'POST' | 'PATCH' | 'GET'; url: () => string; body?: (bad: string) => object; field: string };

const fields = newTemplateFields();
const calls: [string, Call][] = [
  ['client name', { method: 'POST', url: () => '/api/clients', body: (v) => ({ name: `Acme ${v}` }), field: 'name' }],
  ['client contact name', { method: 'POST', url: () => '/api/clients', body: (v) => ({ name: 'Acme', contactName: v }), field: 'contactName' }],
  ['client description (edit)', { method: 'PATCH', url: () => `/api/clients/${ids.client}`, body: (v) => ({ name: 'Acme', description: v }), field: 'description' }],
  ['client search', { method: 'GET', url: () => `/api/clients?search=${encodeURIComponent('a\u0000')}`, field: 'search' }],
  ['project name', { method: 'POST', url: () => '/api/projects', body: (v) => ({ name: `Site ${v}`, clientId: ids.client }), field: 'name' }],
  ['project description', { method: 'POST', url: () => '/api/projects', body: (v) => ({ name: 'Site', clientId: ids.client, description: v }), field: 'description' }],
  ['project answers', { method: 'POST', url: () => '/api/projects', body: (v) => ({ name: 'Site', clientId: ids.client, formData: { brief: v } }), field: 'formData' }],
  [
    'project overview (edit)',
    { method: 'PATCH', url: () => `/api/projects/${ids.project}`, body: (v) => ({ name: 'Site', status: 'active', companyOverview: v }), field: 'companyOverview' },
  ],
  ['project name (edit)', { method: 'PATCH', url: () => `/api/projects/${ids.project}`, body: (v) => ({ name: v, status: 'active' }), field: 'name' }],
  ['project search', { method: 'GET', url: () => `/api/projects?search=x%00`, field: 'search' }],
  ['template name', { method: 'POST', url: () => '/api/templates', body: (v) => ({ name: `Intake ${v}`, fields }), field: 'name' }],
  [
    'template field label',
    { method: 'POST', url: () => '/api/templates', body: (v) => ({ name: 'Intake', fields: [{ ...fields[0], label: v }, ...fields.slice(1)] }), field: 'fields.0.label' },
  ],
  [
    'template description (edit)',
    { method: 'PATCH', url: () => `/api/templates/${ids.template}`, body: (v) => ({ name: 'Intake', description: v, fields }), field: 'description' },
  ],
  ['template search', { method: 'GET', url: () => `/api/templates?search=${encodeURIComponent('\u0000')}`, field: 'search' }],
  ['task title', { method: 'POST', url: () => `/api/projects/${ids.project}/tasks`, body: (v) => ({ title: `Do ${v}` }), field: 'title' }],
  ['task description', { method: 'POST', url: () => `/api/projects/${ids.project}/tasks`, body: (v) => ({ title: 'Do', description: v }), field: 'description' }],
  ['note content', { method: 'POST', url: () => `/api/projects/${ids.project}/notes`, body: (v) => ({ content: v }), field: 'content' }],
  ['note content (edit)', { method: 'PATCH', url: () => `/api/projects/${ids.project}/notes/${ids.note}`, body: (v) => ({ content: `x${v}` }), field: 'content' }],
  ['link name', { method: 'POST', url: () => `/api/projects/${ids.project}/links`, body: (v) => ({ name: v, url: 'https://example.com' }), field: 'name' }],
  ['link url', { method: 'POST', url: () => `/api/projects/${ids.project}/links`, body: (v) => ({ name: 'Spec', url: `https://example.com/${v}` }), field: 'url' }],
  ['access link name', { method: 'POST', url: () => `/api/projects/${ids.project}/access-links`, body: (v) => ({ name: v }), field: 'name' }],
  ['access link password', { method: 'POST', url: () => `/api/projects/${ids.project}/access-links`, body: (v) => ({ name: 'L', password: `pw${v}` }), field: 'password' }],
  ['shared-page note', { method: 'POST', url: () => `/api/project-access/${ids.token}/notes`, body: (v) => ({ content: v }), field: 'content' }],
  ['team full name', { method: 'POST', url: () => '/api/team', body: (v) => ({ fullName: v }), field: 'fullName' }],
  ['team skill tag', { method: 'POST', url: () => '/api/team', body: (v) => ({ fullName: 'Tag Person', tags: [v] }), field: 'tags.0' }],
  ['team website (edit)', { method: 'PATCH', url: () => `/api/team/${ids.member}`, body: (v) => ({ fullName: 'Dee Dev', website: v }), field: 'website' }],
  ['team search', { method: 'GET', url: () => `/api/team?search=${encodeURIComponent('\u0000')}`, field: 'search' }],
  ['profile full name', { method: 'PATCH', url: () => '/api/settings/profile', body: (v) => ({ fullName: v, email: owner.email }), field: 'fullName' }],
  ['organization name', { method: 'PATCH', url: () => '/api/organization', body: (v) => ({ name: `Agency ${v}` }), field: 'name' }],
  ['activity search', { method: 'GET', url: () => `/api/activities?search=%00`, field: 'search' }],
];

async function rowCounts() {
  const tables = { clients, projects, projectTemplates, tasks, projectNotes, projectFiles, projectAccessTokens, profiles, users, accounts, organizations, activityLogs, emailOutbox };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db.select({ n: count() }).from(table);
    result[name] = row!.n;
  }
  return result;
}

describe('Text no database can store', () => {
  const hostile = [
    ['NUL', '\u0000'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', 'x\udc00y'],
  ] as const;
  // Query strings carry NUL (%00) in the URL itself; a lone surrogate cannot reach them (the
  // percent-decoder turns invalid UTF-8 into U+FFFD).
  const table: [string, string, Call, string][] = calls.flatMap(([label, call]): [string, string, Call, string][] =>
    call.body ? hostile.map(([name, value]): [string, string, Call, string] => [label, name, call, value]) : [[label, 'NUL in the URL', call, '']],
  );

  it.each(table)('%s with %s answers 400 with the rule’s message and names the field', async (_label, _name, call, value) => {
    const before = await rowCounts();
    const res = await owner.inject({ method: call.method, url: call.url(), ...(call.body ? { payload: call.body(value) } : {}) });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'validation_error', message: STORABLE_TEXT_MESSAGES.unstorable.message, field: call.field } });
    expect(await rowCounts()).toEqual(before);
  });

  it('still takes well-formed text with emoji (surrogate pairs) and other scripts', async () => {
    const res = await owner.inject({ method: 'POST', url: `/api/projects/${ids.project}/notes`, payload: { content: 'Ship it 🚀 — ready, 準備完了' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().content).toBe('Ship it 🚀 — ready, 準備完了');
  });
});

describe('Due dates outside 1900–2999', () => {
  const dates = ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '9999-12-31'];
  const routes: [string, (date: string) => { method: 'POST' | 'PATCH'; url: string; payload: object }][] = [
    ['create project', (dueDate) => ({ method: 'POST', url: '/api/projects', payload: { name: 'Dated', clientId: ids.client, dueDate } })],
    ['edit project', (dueDate) => ({ method: 'PATCH', url: `/api/projects/${ids.project}`, payload: { name: 'Site', status: 'active', dueDate } })],
    ['add task', (dueDate) => ({ method: 'POST', url: `/api/projects/${ids.project}/tasks`, payload: { title: 'Dated', dueDate } })],
  ];
  const table = routes.flatMap(([label, request]) => dates.map((date) => [label, date, request] as const));

  it.each(table)('%s with %s answers 400 and writes nothing', async (_label, date, request) => {
    const before = await rowCounts();
    const res = await owner.inject(request(date));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({ code: 'validation_error', message: PROJECT_MESSAGES.dueDateOutOfRange.message, field: 'dueDate' });
    expect(await rowCounts()).toEqual(before);
  });

  it('takes the last day of 2999', async () => {
    const res = await owner.inject(routes[1]![1]('2999-12-31'));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select({ dueDate: projects.dueDate }).from(projects).where(eq(projects.id, ids.project));
    expect(row!.dueDate).toBe('2999-12-31');
  });
});
