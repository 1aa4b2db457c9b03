// Every route × every kind of caller, from the app's own route table (issue 12).
//
// In the world of two-agencies.ts, each route is called with organization A's ids by: nobody
// signed in, B's four roles, A's developer without access, A's assigned developer and A's staff.
// For each call the test asserts:
//   - the status is the one in EXPECTED (a route missing from EXPECTED fails the suite);
//   - the body holds no marker of data the caller may not see;
//   - a refused write changed nothing (every tenant table is fingerprinted before and after).
// Writes that may succeed run on fresh copies of their targets, so callers don't disturb each other.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../test/as-user';
import { foldReportCounts } from '../modules/reports/report-counts';
import { isServiceRoute } from '../platform/route-table';
import { createTestApp, type TestApp } from '../test/test-app';
import { CALLERS, EXPECTED, type Caller, type RequestContext } from './route-matrix-table';
import { A, B, fillPath, multipart, ok, P1, P2, PDF, seedTwoAgencies, type TwoAgencies } from './two-agencies';

let t: TestApp;
let fx: TwoAgencies;

function callerUser(caller: Caller): TestUser | undefined {
  const users: Record<Caller, TestUser | undefined> = {
    anonymous: undefined,
    b_org_admin: fx.b.orgAdmin,
    b_admin: fx.b.admin,
    b_executive: fx.b.executive,
    b_developer: fx.b.developer,
    a_unassigned_developer: fx.a.unassigned,
    a_developer: fx.a.developer,
    a_executive: fx.a.executive,
    a_admin: fx.a.admin,
    a_org_admin: fx.a.orgAdmin,
  };
  return users[caller];
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

/** Issue 30: A's admin's personal API tokens, one of each scope. */
const tokens: Record<'write' | 'read', string> = { write: '', read: '' };

beforeAll(async () => {
  t = await createTestApp({ webhooks: { background: false } });
  fx = await seedTwoAgencies(t);
  for (const scope of ['write', 'read'] as const) {
    const res = await fx.a.admin.inject({ method: 'POST', url: '/api/settings/api-tokens', payload: { name: `Matrix ${scope}`, scope, expiresInDays: null } });
    tokens[scope] = res.json().token;
  }
}, 120_000);
afterAll(() => t.close());

describe('route table', () => {
  it('has an expected outcome for every route the app registers, and no stale entries', () => {
    const routes = t.app.routeTable
      .filter((r) => isServiceRoute(r) && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((key) => !(key in EXPECTED));
    const embedded = t.database.kind === 'pglite';
    const stale = Object.keys(EXPECTED).filter((key) => !routes.includes(key) && (embedded || !EXPECTED[key]!.embeddedOnly));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it('fingerprints notice a change, so an unchanged fingerprint means nothing was written', async () => {
    const before = await fx.fingerprint();
    await ok(fx.b.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Fingerprint check' } }));
    expect(await fx.fingerprint()).not.toEqual(before);
  });

  it("ignores the minute's fold of the report counts, which writes no data of its own (issue 26)", async () => {
    await ok(fx.a.orgAdmin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Counted client' } }));
    const before = await fx.fingerprint();
    expect((await foldReportCounts(t.db, new Date())).folded).toBeGreaterThan(0);
    expect(await fx.fingerprint()).toEqual(before);
  });
});

describe.each(Object.entries(EXPECTED))('%s', (key, outcome) => {
  const [method, url] = key.split(' ') as [InjectOptions['method'], string];
  it.each(CALLERS)('as %s', async (caller) => {
    const expected = outcome.status[caller];
    const isWrite = method !== 'GET';
    const values = await fx.pathValues(url, isWrite && expected < 400);
    const signedIn = callerUser(caller);
    const user = signedIn && outcome.ownSession ? await fx.standIn(signedIn) : signedIn;
    const extra = outcome.request?.({
      clientId: fx.clientId,
      unassignedDeveloperId: fx.a.unassigned.profileId,
      projectId: fx.p1.projectId,
      developerId: fx.a.developer.profileId,
      blockedByTaskId: values.blockedByTaskId!,
      callerEmail: user?.email,
      callerName: user?.fullName,
      callerPassword: user?.password,
      upload: () => multipart(`${A}-${P1}-upload.pdf`, PDF),
    });
    const request: InjectOptions = { method, url: fillPath(url, values), ...extra };
    const before = isWrite && expected >= 400 ? await fx.fingerprint() : undefined;
    const res = await (user ? user.inject(request) : t.app.inject(request));

    expect(res.statusCode, `${caller} ${key}: ${res.body.slice(0, 300)}`).toBe(expected);
    const body = res.body.toLowerCase();
    for (const marker of forbiddenMarkers(caller, url)) {
      expect(body.includes(marker), `${caller} ${key} answered with ${marker}: ${res.body.slice(0, 300)}`).toBe(false);
    }
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    if (before) expect(await fx.fingerprint(), `${caller} ${key} changed data while refused`).toEqual(before);
  });
});

/** What A's admin's requests carry, signed in or through a token. */
const adminContext = (values: Record<string, string>): RequestContext => ({
  clientId: fx.clientId,
  unassignedDeveloperId: fx.a.unassigned.profileId,
  projectId: fx.p1.projectId,
  developerId: fx.a.developer.profileId,
  blockedByTaskId: values.blockedByTaskId!,
  callerEmail: fx.a.admin.email,
  callerName: fx.a.admin.fullName,
  callerPassword: fx.a.admin.password,
  upload: () => multipart(`${A}-${P1}-upload.pdf`, PDF),
});

// Issue 30: the token caller kinds. A's admin through a personal API token gets what A's admin
// gets signed in, except on the routes closed to tokens (403); through a read-only token the same
// for reading, and 403 for any other method on a route that asks who calls (a member's route or a
// share link's). Derived from each route's config, so a new route is covered without a new column.
describe.each(Object.entries(EXPECTED))('%s through an API token', (key, outcome) => {
  const [method, url] = key.split(' ') as [InjectOptions['method'], string];
  const config = () => t.app.routeTable.find((r) => r.method === method && r.url === url)?.config;
  const expectedFor = (scope: 'write' | 'read'): number => {
    const asAdmin = outcome.status.a_admin;
    if (config()?.tokens === false) return 403;
    if (scope === 'read' && method !== 'GET' && method !== 'HEAD') return outcome.readToken ?? (config()?.access ? 403 : asAdmin);
    return asAdmin;
  };

  it.each(['write', 'read'] as const)('as a_admin with a %s token', async (scope) => {
    if (outcome.embeddedOnly && t.database.kind !== 'pglite') return;
    const expected = expectedFor(scope);
    const isWrite = method !== 'GET';
    const values = await fx.pathValues(url, isWrite && expected < 400);
    const extra = outcome.request?.(adminContext(values));
    const request: InjectOptions = { method, url: fillPath(url, values), ...extra };
    request.headers = { ...request.headers, authorization: `Bearer ${tokens[scope]}` };
    const before = isWrite && expected >= 400 ? await fx.fingerprint() : undefined;
    const res = await t.app.inject(request);

    expect(res.statusCode, `${scope} token ${key}: ${res.body.slice(0, 300)}`).toBe(expected);
    const body = res.body.toLowerCase();
    // What A's admin may read holds B's names in two places by design, which B's callers above
    // have put there by now: the dev mailbox (everyone's outbox, loopback only) and a link's
    // access log (who opened A's link, decision 008). The signed-in a_admin row ran before them.
    const byDesign = url.endsWith('/mailbox') || url.endsWith('/opens');
    for (const marker of byDesign ? [] : forbiddenMarkers('a_admin', url)) expect(body.includes(marker), `${scope} token ${key} answered with ${marker}`).toBe(false);
    if (res.statusCode >= 400) expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    // Issue 46: a route closed to tokens says so (a read token's write is refused for being one first).
    if (config()?.tokens === false) expect(res.json().error.code).toBe(scope === 'read' && isWrite ? 'token_read_only' : 'token_not_allowed');
    if (before) expect(await fx.fingerprint(), `${scope} token ${key} changed data while refused`).toEqual(before);
  });
});

// Issue 46: a token never sets anyone's credential, even on a route it may otherwise call (a
// leaked admin token must not become a sign-in as another member that outlives its revocation).
const withCredentials = Object.entries(EXPECTED).flatMap(([key, outcome]) =>
  Object.entries(outcome.credentialRequests ?? {}).flatMap(([name, build]) => (['write', 'read'] as const).map((scope) => ({ key, name, scope, build }))),
);
describe.each(withCredentials)('$key $name through a $scope API token', ({ key, scope, build }) => {
  it('is refused and changes nothing', async () => {
    const [method, url] = key.split(' ') as [InjectOptions['method'], string];
    const values = await fx.pathValues(url, true);
    const extra = build(adminContext(values));
    const request: InjectOptions = { method, url: fillPath(url, values), ...extra, headers: { authorization: `Bearer ${tokens[scope]}` } };
    const before = await fx.fingerprint();
    const res = await t.app.inject(request);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe(scope === 'read' ? 'token_read_only' : 'token_not_allowed');
    expect(await fx.fingerprint()).toEqual(before);
    // Signed in, A's admin may do the same (the refusal is the token's, not the role's).
    const again = await fx.pathValues(url, true);
    const signedIn = await fx.a.admin.inject({ method, url: fillPath(url, again), ...build(adminContext(again)) });
    expect(signedIn.statusCode, signedIn.body).toBeLessThan(300);
  });
});
