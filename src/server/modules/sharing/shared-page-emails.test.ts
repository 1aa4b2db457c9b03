// Decision 006, issue 18 item 3: every /api/project-access/* response carries names and
// initials only, never an email address, whoever looks: signed out, a member of the project's
// organization, or someone signed in from another organization.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency, type Agency } from '../../test/agency';
import type { TestUser } from '../../test/as-user';
import { createTestApp, type TestApp } from '../../test/test-app';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20), Buffer.from('\n%%EOF\n')]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let a: Agency;
let token: string;
let taskId: string;
let emails: string[];

beforeAll(async () => {
  t = await createTestApp();
  a = await seedAgency(t, { orgAdmin: 'Olive Owner', project: 'Shared Project' });
  token = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Open' } })).json().token;
  taskId = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Design' } })).json().id;
  await a.orgAdmin.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${taskId}`, payload: { status: 'completed' } });
  await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/files`, ...multipart('Brief.pdf', PDF) });
  await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/notes`, payload: { content: 'Owner note' } });
  await a.developer.inject({ method: 'POST', url: `/api/projects/${a.projectId}/notes`, payload: { content: 'Developer note' } });
  emails = [a.orgAdmin, a.admin, a.executive, a.developer, a.outsider].map((u) => u.email);
});
afterAll(() => t.close());

const viewers: [string, () => TestUser | null][] = [
  ['signed out', () => null],
  ['a member of the organization', () => a.executive],
  ['someone from another organization', () => a.outsider],
];

function call(viewer: TestUser | null, options: InjectOptions) {
  return viewer ? viewer.inject(options) : t.app.inject(options);
}

function expectNoEmail(res: LightMyRequestResponse) {
  for (const email of emails) expect(res.body).not.toContain(email);
  expect(res.body).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
}

describe.each(viewers)('the shared page seen by %s', (_label, viewerOf) => {
  const base = () => `/api/project-access/${token}`;

  it('opens the link: project and viewer by name only', async () => {
    const res = await call(viewerOf(), { method: 'POST', url: `${base()}/session`, payload: {} });
    expect(res.statusCode).toBe(200);
    expectNoEmail(res);
    const again = await call(viewerOf(), { method: 'GET', url: base() });
    expect(again.statusCode).toBe(200);
    expectNoEmail(again);
  });

  it('lists notes with author names and no emails', async () => {
    const res = await call(viewerOf(), { method: 'GET', url: `${base()}/notes` });
    expect(res.statusCode).toBe(200);
    expectNoEmail(res);
    const items = res.json().items as { authorName: string | null; authorEmail: unknown }[];
    expect(items.map((n) => n.authorName).sort()).toEqual(['Olive Owner', a.developer.fullName].sort());
    for (const note of items) expect(note.authorEmail).toBeNull();
  });

  it('lists tasks and files with no emails', async () => {
    for (const path of ['tasks', 'files']) {
      const res = await call(viewerOf(), { method: 'GET', url: `${base()}/${path}` });
      expect(res.statusCode, path).toBe(200);
      expect(res.json().items.length, path).toBeGreaterThan(0);
      expectNoEmail(res);
    }
  });
});

describe('what a signed-in viewer writes on the shared page comes back without emails', () => {
  it.each([
    ['a member of the organization', () => a.executive],
    ['someone from another organization', () => a.outsider],
  ])('%s: add and edit a note, toggle a task, add a link', async (_label, viewerOf) => {
    const viewer = viewerOf();
    const base = `/api/project-access/${token}`;
    const note = await viewer.inject({ method: 'POST', url: `${base}/notes`, payload: { content: 'Viewer note' } });
    expect(note.statusCode).toBe(201);
    expectNoEmail(note);
    expect(note.json()).toMatchObject({ authorName: viewer.fullName, authorEmail: null });
    const edited = await viewer.inject({ method: 'PATCH', url: `${base}/notes/${note.json().id}`, payload: { content: 'Edited' } });
    expect(edited.statusCode).toBe(200);
    expectNoEmail(edited);
    const toggled = await viewer.inject({ method: 'PATCH', url: `${base}/tasks/${taskId}`, payload: { status: 'pending' } });
    expect(toggled.statusCode).toBe(200);
    expectNoEmail(toggled);
    const link = await viewer.inject({ method: 'POST', url: `${base}/links`, payload: { name: 'Spec', url: 'https://example.com/spec' } });
    expect(link.statusCode).toBe(201);
    expectNoEmail(link);
  });

  it('an error on the shared page names no one', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/project-access/${token}/notes`, payload: { content: 'Anonymous' } });
    expect(res.statusCode).toBe(401);
    expectNoEmail(res);
  });
});
