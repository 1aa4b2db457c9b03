// Every route × every kind of caller, from the app's own route table (issue 12).
//
// Organization A owns one of everything (client, two projects, template, task, note, file, link,
// share link, member); organization B owns its own. Each route is called with A's ids by: nobody
// signed in, B's four roles, A's developer without access, A's assigned developer and A's staff.
// For each call the test asserts:
//   - the status is the one in EXPECTED (a route missing from EXPECTED fails the suite);
//   - the body holds no row the caller may not see (every fixture name carries a marker of its
//     organization and project, so a leak is a marker in the wrong body);
//   - a refused write changed nothing (every tenant table is fingerprinted before and after).
// Writes that succeed run on fresh copies of their target, so the callers don't disturb each other.
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { newTemplateFields } from '../../domain/templates';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerProjectAccess } from '../platform/db/schema/work';
import { createMember } from '../platform/auth/accounts';
import { asUser, type TestUser } from '../test/as-user';
import { createTestApp, type TestApp } from '../test/test-app';
import { CALLERS, EXPECTED, type Caller } from './route-matrix-table';

/** Markers: every name of A's data carries `alphasecret`, of B's `betasecret`. */
const A = 'alphasecret';
const B = 'betasecret';
/** A's first project (the assigned developer's) and its second (nobody's). */
const P1 = 'alphaproj1';
const P2 = 'alphaproj2';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(256, 0x20), Buffer.from('\n%%EOF\n')]);

function multipart(fileName: string, content: Buffer) {
  const boundary = `----brieflane${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

type Org = {
  orgAdmin: TestUser;
  admin: TestUser;
  executive: TestUser;
  developer: TestUser;
};

/** One project of A's with one of everything; `fresh` makes a new one for a write to consume. */
type ProjectKit = {
  projectId: string;
  taskId: string;
  noteId: string;
  fileId: string;
  linkId: string;
  accessLinkId: string;
  token: string;
};

type Fixtures = {
  a: Org & { unassigned: TestUser; target: TestUser };
  b: Org;
  clientId: string;
  templateId: string;
  p1: ProjectKit;
  p2: ProjectKit;
};

let t: TestApp;
let fx: Fixtures;
let sequence = 0;

async function member(role: TestUser['role'], organizationId: string | undefined, marker: string, label: string) {
  sequence += 1;
  return asUser(t, role, {
    organizationId,
    organizationName: `${marker} Agency`,
    fullName: `${marker} ${label}`,
    email: `${marker}.${label.toLowerCase()}.${sequence}@test.brieflane`,
  });
}

async function org(marker: string): Promise<Org> {
  const orgAdmin = await member('organization_admin', undefined, marker, 'Owner');
  const id = orgAdmin.organizationId;
  return {
    orgAdmin,
    admin: await member('admin', id, marker, 'Admin'),
    executive: await member('account_executive', id, marker, 'Executive'),
    developer: await member('developer', id, marker, 'Developer'),
  };
}

async function ok(res: Promise<LightMyRequestResponse>): Promise<{ id: string; token?: string }> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`fixture request failed ${r.statusCode}: ${r.body}`);
  return r.json();
}

/** A project of `owner`'s organization with a task, a note, a file, a link and a share link. */
async function projectKit(owner: TestUser, clientId: string, marker: string, developer?: TestUser): Promise<ProjectKit> {
  const as = (o: InjectOptions) => ok(owner.inject(o));
  const projectId = (await as({ method: 'POST', url: '/api/projects', payload: { name: `${marker} Project`, clientId } })).id;
  const base = `/api/projects/${projectId}`;
  if (developer) await t.db.insert(developerProjectAccess).values({ projectId, developerProfileId: developer.profileId });
  const taskId = (await as({ method: 'POST', url: `${base}/tasks`, payload: { title: `${marker} Task` } })).id;
  const noteId = (await as({ method: 'POST', url: `${base}/notes`, payload: { content: `${marker} Note` } })).id;
  const fileId = (await as({ method: 'POST', url: `${base}/files`, ...multipart(`${marker}-brief.pdf`, PDF) })).id;
  const linkId = (await as({ method: 'POST', url: `${base}/links`, payload: { name: `${marker} Link`, url: 'https://example.com/brief' } })).id;
  const link = await as({ method: 'POST', url: `${base}/access-links`, payload: { name: `${marker} Share` } });
  return { projectId, taskId, noteId, fileId, linkId, accessLinkId: link.id, token: link.token! };
}

/** Path parameter values: the shared fixtures, or fresh ones for a write that may succeed. */
async function pathValues(url: string, fresh: boolean): Promise<Record<string, string>> {
  const uses = (name: string) => url.includes(`:${name}`);
  const kit = fresh && (uses('projectId') || uses('token')) ? await projectKit(fx.a.orgAdmin, fx.clientId, `${A} ${P1} fresh`, fx.a.developer) : fx.p1;
  const owner = fx.a.orgAdmin;
  const clientId =
    fresh && uses('clientId') ? (await ok(owner.inject({ method: 'POST', url: '/api/clients', payload: { name: `${A} Client fresh` } }))).id : fx.clientId;
  const templateId =
    fresh && uses('templateId')
      ? (await ok(owner.inject({ method: 'POST', url: '/api/templates', payload: { name: `${A} Template fresh`, fields: newTemplateFields() } }))).id
      : fx.templateId;
  const memberId =
    fresh && uses('memberId')
      ? (await createMember(t.db, { organizationId: owner.organizationId, fullName: `${A} Target fresh`, role: 'developer', email: null })).profileId
      : fx.a.target.profileId;
  return {
    projectId: kit.projectId,
    taskId: kit.taskId,
    noteId: kit.noteId,
    fileId: kit.fileId,
    linkId: kit.accessLinkId,
    token: kit.token,
    clientId,
    templateId,
    memberId,
    profileId: fx.a.developer.profileId,
  };
}

function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`no fixture for :${name} in ${url}`);
    return value;
  });
}

/** A new member of the caller's organization and role, for calls that end or replace a session. */
async function standIn(user: TestUser): Promise<TestUser> {
  const marker = user.fullName.startsWith(B) ? B : A;
  return member(user.role, user.organizationId, marker, 'Standin');
}

function callerUser(caller: Caller): TestUser | undefined {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'b_org_admin':
      return fx.b.orgAdmin;
    case 'b_admin':
      return fx.b.admin;
    case 'b_executive':
      return fx.b.executive;
    case 'b_developer':
      return fx.b.developer;
    case 'a_unassigned_developer':
      return fx.a.unassigned;
    case 'a_developer':
      return fx.a.developer;
    case 'a_executive':
      return fx.a.executive;
    case 'a_admin':
      return fx.a.admin;
    case 'a_org_admin':
      return fx.a.orgAdmin;
  }
}

/** Markers a caller's answer may never hold. */
function forbiddenMarkers(caller: Caller, url: string): string[] {
  const viaLink = url.startsWith('/api/project-access/');
  // Through A's link anyone sees the first project, but never the second or a member's email.
  if (caller === 'anonymous' || caller.startsWith('b_')) return viaLink ? [P2, `${A}.`] : [A];
  if (caller === 'a_unassigned_developer') return viaLink ? [B, P2] : [B, P1, P2];
  if (caller === 'a_developer') return [B, P2];
  return [B];
}

/** A fingerprint of every tenant table: a refused write must leave it as it was. */
async function fingerprint(): Promise<Record<string, string>> {
  const { rows } = (await t.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  // Sessions, rate-limit counters and link opens legitimately change on a refused call.
  const skip = new Set(['sessions', 'rate_limits', 'project_access_opens', 'verifications']);
  const tables = rows.map((r) => r.table_name).filter((n) => !skip.has(n));
  const union = tables
    .map((n) => `select '${n}' as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h from "${n}" x`)
    .join(' union all ');
  const result = (await t.db.execute(sql.raw(union))) as unknown as { rows: { t: string; h: string }[] };
  return Object.fromEntries(result.rows.map((r) => [r.t, r.h]));
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await org(A);
  const b = await org(B);
  const id = a.orgAdmin.organizationId;
  const unassigned = await member('developer', id, A, 'Unassigned');
  const target = await member('developer', id, A, 'Target');
  const clientId = (await ok(a.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: `${A} Client` } }))).id;
  const templateId = (
    await ok(
      a.orgAdmin.inject({
        method: 'POST',
        url: '/api/templates',
        payload: { name: `${A} Template`, fields: newTemplateFields() },
      }),
    )
  ).id;
  fx = { a: { ...a, unassigned, target }, b, clientId, templateId } as Fixtures;
  fx.p1 = await projectKit(a.orgAdmin, clientId, `${A} ${P1}`, a.developer);
  fx.p2 = await projectKit(a.orgAdmin, clientId, `${A} ${P2}`);
  // B has data of its own, so B's lists are not trivially empty.
  const bClient = (await ok(b.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: `${B} Client` } }))).id;
  await projectKit(b.orgAdmin, bClient, `${B} Project`, b.developer);
}, 120_000);
afterAll(() => t.close());

describe('route table', () => {
  it('has an expected outcome for every route the app registers, and no stale entries', () => {
    const routes = t.app.routeTable
      .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((key) => !(key in EXPECTED));
    const stale = Object.keys(EXPECTED).filter((key) => !routes.includes(key));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('fingerprints notice a change, so an unchanged fingerprint means nothing was written', async () => {
    const before = await fingerprint();
    await ok(fx.b.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Fingerprint check' } }));
    expect(await fingerprint()).not.toEqual(before);
  });
});

const observed: Record<string, Record<string, number>> = {};
afterAll(() => {
  if (process.env.ROUTE_MATRIX_OBSERVE) console.log(JSON.stringify(observed, null, 1));
});

describe.each(Object.entries(EXPECTED))('%s', (key, outcome) => {
  const [method, url] = key.split(' ') as [InjectOptions['method'], string];
  it.each(CALLERS)('as %s', async (caller) => {
    const expected = outcome.status[caller];
    const isWrite = method !== 'GET';
    // A write that may succeed consumes fresh copies of its targets; others use the shared ones.
    const values = await pathValues(url, isWrite && (expected < 400 || !!process.env.ROUTE_MATRIX_OBSERVE));
    const signedIn = callerUser(caller);
    const user = signedIn && outcome.ownSession ? await standIn(signedIn) : signedIn;
    const extra = outcome.request?.({
      clientId: fx.clientId,
      unassignedDeveloperId: fx.a.unassigned.profileId,
      callerEmail: user?.email,
      callerName: user?.fullName,
      callerPassword: user?.password,
      upload: () => multipart(`${A}-${P1}-upload.pdf`, PDF),
    });
    const request: InjectOptions = { method, url: fillPath(url, values), ...extra };
    const before = isWrite && expected >= 400 ? await fingerprint() : undefined;
    const res = await (user ? user.inject(request) : t.app.inject(request));
    (observed[key] ??= {})[caller] = res.statusCode;

    expect(res.statusCode, `${caller} ${key}: ${res.body.slice(0, 300)}`).toBe(expected);
    const body = res.body.toLowerCase();
    for (const marker of forbiddenMarkers(caller, url)) {
      expect(body.includes(marker), `${caller} ${key} answered with ${marker}: ${res.body.slice(0, 300)}`).toBe(false);
    }
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    if (before) expect(await fingerprint(), `${caller} ${key} changed data while refused`).toEqual(before);
  });
});
