// Live updates end to end: the real app listening on a port, real WebSocket clients, writes
// through the API. "Nothing arrives" is proven with a sentinel: notifications reach the one
// listener in commit order, so when a later event arrives first, the earlier one was not sent.
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emit } from '../../services/events';
import { developerProjectAccess } from '../sharing/schema';
import { asUser, sessionCookie } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LINK_GRANT_COOKIE } from '../../services/project-access/link-grant';

type WsClient = {
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  on(event: 'open', listener: () => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'unexpected-response', listener: (request: unknown, response: { statusCode: number }) => void): void;
  close(): void;
};
// `ws` comes with @fastify/websocket and has no type declarations here.
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string, options?: { headers?: Record<string, string> }) => WsClient;

const WAIT_MS = 5000;

type Live = {
  /** The next event (parsed), or a failure after WAIT_MS. */
  next: () => Promise<Record<string, unknown>>;
  closed: Promise<number>;
  close: () => void;
  /** Every event received so far. */
  received: Record<string, unknown>[];
};

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), WAIT_MS)),
  ]);
}

describe('live updates', () => {
  let t: TestApp;
  let a: Agency;
  let base: string;
  const open: Live[] = [];

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  function connect(path: string, cookie?: string, headers: Record<string, string> = {}): Promise<Live> {
    const socket = new WebSocket(`${base}${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) } });
    const queue: Record<string, unknown>[] = [];
    const received: Record<string, unknown>[] = [];
    const waiting: ((event: Record<string, unknown>) => void)[] = [];
    socket.on('message', (data) => {
      const event = JSON.parse(data.toString()) as Record<string, unknown>;
      received.push(event);
      const waiter = waiting.shift();
      if (waiter) waiter(event);
      else queue.push(event);
    });
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    const live: Live = {
      next: () => within(queue.length > 0 ? Promise.resolve(queue.shift()!) : new Promise((resolve) => waiting.push(resolve)), 'an event'),
      closed,
      close: () => socket.close(),
      received,
    };
    return within(
      new Promise<Live>((resolve, reject) => {
        socket.on('open', () => {
          open.push(live);
          resolve(live);
        });
        socket.on('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)));
        socket.on('error', reject);
      }),
      'the socket to open',
    );
  }

  const addTask = (user: { inject: Agency['orgAdmin']['inject'] }, projectId: string, title = 'Live task') =>
    user.inject({ method: 'POST', url: `/api/projects/${projectId}/tasks`, payload: { title } });

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // On PostgreSQL a NOTIFY reaches the listener a moment after its commit: under load the
    // seeding's last changes could still arrive at the first test's sockets. A probe hears them,
    // in order, up to a sentinel of a topic the seeding never uses (the organization's own name
    // saved again), so each test's sockets hear only that test's changes.
    const probe = await connect('/api/live', a.orgAdmin.cookie);
    const settled = await a.orgAdmin.inject({ method: 'PATCH', url: '/api/organization', payload: { name: 'Live Agency' } });
    expect(settled.statusCode, settled.body).toBe(200);
    while ((await probe.next()).topic !== 'organization');
    probe.close();
  });
  afterAll(async () => {
    for (const live of open) live.close();
    await t.close();
  });

  it('tells a member when another member adds a task, and only the organization it happened in', async () => {
    const admin = await connect('/api/live', a.admin.cookie);
    const outsider = await connect('/api/live', a.outsider.cookie);
    expect((await addTask(a.executive, a.projectId)).statusCode).toBe(201);
    expect(await admin.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: a.projectId, topic: 'project' });

    // The outsider's first event is the sentinel of their own organization, not the task above.
    const clientRes = await a.outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Own client' } });
    expect(clientRes.statusCode).toBe(201);
    expect(await outsider.next()).toEqual({ organizationId: a.outsider.organizationId, projectId: null, topic: 'clients' });
  });

  it("tells only the member their timer changed (issue 32): their other tabs hear it, colleagues do not", async () => {
    const mine = await connect('/api/live', a.executive.cookie);
    const colleague = await connect('/api/live', a.admin.cookie);
    expect((await a.executive.inject({ method: 'POST', url: '/api/time/timer', payload: { projectId: a.projectId } })).statusCode).toBe(201);
    expect(await mine.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: null, topic: 'time', recipientId: a.executive.profileId });
    // The colleague's next event is the sentinel below, not the timer above.
    expect((await addTask(a.orgAdmin, a.projectId, 'Sentinel')).statusCode).toBe(201);
    expect(await colleague.next()).toMatchObject({ topic: 'project' });
    expect((await a.executive.inject({ method: 'DELETE', url: '/api/time/timer' })).statusCode).toBe(204);
  });

  it("names the tab whose request made the change, so that tab can skip its own echo (issue 9 step 5)", async () => {
    const admin = await connect('/api/live', a.admin.cookie);
    const tab = 'tab-3f9a1c0e7b2d';
    const withTab = (headers: Record<string, string>) =>
      a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Echo' }, headers });
    expect((await withTab({ 'x-brieflane-tab': tab })).statusCode).toBe(201);
    expect(await admin.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: a.projectId, topic: 'project', origin: tab });
    // A malformed id is no origin; the change is published as any other.
    expect((await withTab({ 'x-brieflane-tab': 'bad id!' })).statusCode).toBe(201);
    expect(await admin.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: a.projectId, topic: 'project' });
  });

  it('publishes nothing for a write that rolls back', async () => {
    const admin = await connect('/api/live', a.admin.cookie);
    await expect(
      t.db.transaction(async (tx) => {
        await emit(tx, { type: 'task.moved', organizationId: a.orgAdmin.organizationId, projectId: a.otherProjectId, actorId: null, at: new Date() });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await addTask(a.executive, a.projectId);
    expect(await admin.next()).toMatchObject({ projectId: a.projectId });
  });

  it('publishes explicit changes that record no activity (project status)', async () => {
    const admin = await connect('/api/live', a.admin.cookie);
    const res = await a.orgAdmin.inject({ method: 'PATCH', url: `/api/projects/${a.otherProjectId}/status`, payload: { status: 'on_hold' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(await admin.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: a.otherProjectId, topic: 'project' });
  });

  it('gives a developer the events of assigned projects only, and the projects list', async () => {
    const developer = await connect('/api/live', a.developer.cookie);
    const unassigned = await connect('/api/live', a.unassigned.cookie);
    await addTask(a.executive, a.otherProjectId);
    await addTask(a.executive, a.projectId);
    expect(await developer.next()).toMatchObject({ projectId: a.projectId, topic: 'project' });

    const created = await a.orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Sentinel', clientId: a.clientId } });
    expect(created.statusCode).toBe(201);
    expect(await unassigned.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: null, topic: 'projects' });
    expect(await developer.next()).toMatchObject({ projectId: null, topic: 'projects' });
  });

  it('stops a developer hearing a project once unassigned, after telling them of the unassignment', async () => {
    const extra = await connect('/api/live', a.unassigned.cookie);
    await t.db.insert(developerProjectAccess).values({ projectId: a.otherProjectId, developerProfileId: a.unassigned.profileId });
    await addTask(a.executive, a.otherProjectId);
    expect(await extra.next()).toMatchObject({ projectId: a.otherProjectId });

    const res = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/projects/${a.otherProjectId}/developers/${a.unassigned.profileId}` });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await extra.next()).toMatchObject({ projectId: a.otherProjectId });
    await addTask(a.executive, a.otherProjectId);
    await a.orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Sentinel 2', clientId: a.clientId } });
    expect(await extra.next()).toMatchObject({ topic: 'projects' });
  });

  it('refuses /api/live without a session, and from another site', async () => {
    await expect(connect('/api/live')).rejects.toThrow('HTTP 401');
    await expect(connect('/api/live', 'brieflane.session_token=forged')).rejects.toThrow('HTTP 401');
    await expect(connect('/api/live', a.admin.cookie, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
    const sameSite = await connect('/api/live', a.admin.cookie, { origin: base.replace('ws:', 'http:') });
    sameSite.close();
  });

  it("closes a member's socket when they are removed from the team", async () => {
    const leaving = await asUser(t, 'account_executive', { organizationId: a.orgAdmin.organizationId });
    const socket = await connect('/api/live', leaving.cookie);
    const removed = await a.orgAdmin.inject({ method: 'DELETE', url: `/api/team/${leaving.profileId}` });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await within(socket.closed, 'the socket to close')).toBe(1008);
  });

  it("closes a member's socket once they sign out, without sending it the next event", async () => {
    const member = await asUser(t, 'account_executive', { organizationId: a.orgAdmin.organizationId });
    const socket = await connect('/api/live', member.cookie);
    const signedOut = await member.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(signedOut.statusCode, signedOut.body).toBeLessThan(300);
    await addTask(a.executive, a.projectId);
    expect(await within(socket.closed, 'the socket to close')).toBe(1008);
    expect(socket.received).toEqual([]);
  });

  it("closes the sockets of a member's other sessions when they change their password, and keeps this one", async () => {
    const member = await asUser(t, 'admin', { organizationId: a.orgAdmin.organizationId });
    const elsewhere = await connect('/api/live', member.cookie);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: member.email, password: member.password }, remoteAddress: '10.200.0.9' });
    const cookie = sessionCookie(again)!;
    const here = await connect('/api/live', cookie);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/settings/password',
      headers: { cookie },
      payload: { currentPassword: member.password, newPassword: 'a-new-password' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    await addTask(a.executive, a.projectId);
    expect(await here.next()).toMatchObject({ projectId: a.projectId });
    expect(await within(elsewhere.closed, 'the socket to close')).toBe(1008);
    expect(elsewhere.received).toEqual([]);
  });

  it("gives a link viewer that project's events only, and closes when the link is revoked", async () => {
    const link = (await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Live' } })).json();
    const viewer = await connect(`/api/project-access/${link.token}/live`);
    await addTask(a.executive, a.otherProjectId);
    await addTask(a.executive, a.projectId);
    expect(await viewer.next()).toEqual({ organizationId: a.orgAdmin.organizationId, projectId: a.projectId, topic: 'project' });

    const revoked = await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links/${link.id}/revoke` });
    expect(revoked.statusCode).toBe(200);
    expect(await within(viewer.closed, 'the socket to close')).toBe(1008);
    await expect(connect(`/api/project-access/${link.token}/live`)).rejects.toThrow('HTTP 404');
  });

  it('refuses a protected link without its grant and admits it with one', async () => {
    const link = (
      await a.orgAdmin.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Locked', password: 'open sesame' } })
    ).json();
    await expect(connect(`/api/project-access/${link.token}/live`)).rejects.toThrow('HTTP 401');
    await expect(connect('/api/project-access/not-a-real-token-at-all/live')).rejects.toThrow('HTTP 404');

    const opened = await t.app.inject({ method: 'POST', url: `/api/project-access/${link.token}/session`, payload: { password: 'open sesame' } });
    expect(opened.statusCode, opened.body).toBe(200);
    const header = opened.headers['set-cookie'];
    const grant = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith(`${LINK_GRANT_COOKIE}=`))!.split(';')[0]!;
    const viewer = await connect(`/api/project-access/${link.token}/live`, grant);
    await addTask(a.executive, a.projectId);
    expect(await viewer.next()).toMatchObject({ projectId: a.projectId });
  });

  it('closes the sockets when the app shuts down', async () => {
    const other = await createTestApp();
    const user = await seedAgency(other);
    await other.app.listen({ host: '127.0.0.1', port: 0 });
    const url = `ws://127.0.0.1:${(other.app.server.address() as AddressInfo).port}/api/live`;
    const socket = new WebSocket(url, { headers: { cookie: user.admin.cookie } });
    await within(new Promise<void>((resolve) => socket.on('open', resolve)), 'the socket to open');
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    await other.close();
    expect(await within(closed, 'the socket to close')).toBe(1001);
  });
});
