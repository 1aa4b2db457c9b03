// Personal API tokens (issue 30 item 1): a bearer token is its member, with their rights exactly,
// read only or read and write, until revoked, expired or outranked by the member's new role.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_TEXTS, API_TOKENS_PER_MEMBER } from '../../../domain/api-tokens';
import { withinTokenLimit } from '../../platform/auth/api-tokens';
import { fixedClock } from '../../platform/clock';
import { apiTokens } from '../../platform/db/schema/tenancy';
import type { TestUser } from '../../test/as-user';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';

const clock = fixedClock(new Date('2026-11-27T10:00:00Z'));
const DAY = 24 * 60 * 60 * 1000;

describe('API tokens', () => {
  let t: TestApp;
  let a: Agency;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    a = await seedAgency(t, { project: 'Scripted Project' });
  });
  afterAll(() => t.close());

  const create = async (user: TestUser, payload: object = { name: 'Script', scope: 'write', expiresInDays: 30 }) => {
    const res = await user.inject({ method: 'POST', url: '/api/settings/api-tokens', payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; token: string; prefix: string };
  };
  /** A call with the token only: no cookie, from its own address. */
  const withToken = (token: string, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...options.headers, authorization: `Bearer ${token}` }, remoteAddress: '192.0.2.7' });

  it('creates a token shown once, stored only as its hash, listed without it', async () => {
    const created = await create(a.admin);
    expect(created.token).toMatch(/^blt_[A-Za-z0-9_-]{43}$/);
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created).toMatchObject({ name: 'Script', scope: 'write', role: 'admin', expiresAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(), lastUsedAt: null });
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token);
    const list = (await a.admin.inject({ method: 'GET', url: '/api/settings/api-tokens' })).json();
    expect(list.map((x: { id: string }) => x.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toContain(created.token);
    // Another member sees none of them.
    expect((await a.executive.inject({ method: 'GET', url: '/api/settings/api-tokens' })).json()).toEqual([]);
  });

  it("acts as its member with the member's rights exactly, and records its last use", async () => {
    const admin = await create(a.admin);
    const byToken = await withToken(admin.token, { method: 'GET', url: '/api/projects' });
    expect(byToken.statusCode).toBe(200);
    expect(byToken.json()).toEqual((await a.admin.inject({ method: 'GET', url: '/api/projects' })).json());
    const developer = await create(a.developer);
    expect((await withToken(developer.token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(403);
    expect((await withToken(developer.token, { method: 'GET', url: `/api/projects/${a.otherProjectId}` })).statusCode).toBe(404);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, admin.id));
    expect(row).toMatchObject({ lastUsedAt: clock.now(), lastUsedAddress: '192.0.2.7' });
  });

  it('ignores a cookie beside a token: the token is the caller', async () => {
    const developer = await create(a.developer);
    const res = await t.app.inject({ method: 'GET', url: '/api/clients', headers: { authorization: `Bearer ${developer.token}`, cookie: a.orgAdmin.cookie } });
    expect(res.statusCode).toBe(403);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: 'Bearer blt_not-a-token', cookie: a.orgAdmin.cookie } });
    expect(unknown.statusCode).toBe(401);
  });

  it('a read token reads and changes nothing', async () => {
    const reader = await create(a.admin, { name: 'Reader', scope: 'read', expiresInDays: null });
    expect((await withToken(reader.token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
    const write = await withToken(reader.token, { method: 'POST', url: '/api/clients', payload: { name: 'By a reader' } });
    expect(write.statusCode).toBe(403);
    expect(write.json().error).toEqual({ code: 'token_read_only', message: API_TOKEN_TEXTS.readOnly.message });
  });

  it('a write token writes, and needs no Origin check (no cookie to ride on); a cookie from another site still does', async () => {
    const writer = await create(a.admin);
    const fromElsewhere = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' };
    expect((await withToken(writer.token, { method: 'POST', url: '/api/clients', payload: { name: 'By a script' }, headers: fromElsewhere })).statusCode).toBe(201);
    expect((await a.admin.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Forged' }, headers: fromElsewhere })).statusCode).toBe(403);
  });

  it('never changes the password, the sign-in email or the tokens themselves', async () => {
    const writer = await create(a.executive);
    for (const [method, url, payload] of [
      ['POST', '/api/settings/password', { currentPassword: a.executive.password, newPassword: 'another-password-1' }],
      ['PATCH', '/api/settings/profile', { fullName: 'Renamed', email: 'new@test.brieflane' }],
      ['GET', '/api/settings/api-tokens', undefined],
      ['POST', '/api/settings/api-tokens', { name: 'Child', scope: 'write', expiresInDays: 30 }],
      ['DELETE', `/api/settings/api-tokens/${writer.id}`, undefined],
    ] as const) {
      const res = await withToken(writer.token, { method, url, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error.code).toBe('token_not_allowed');
    }
  });

  it('stops at once when revoked, when expired, and when the member is removed', async () => {
    const revoked = await create(a.admin);
    expect((await withToken(revoked.token, { method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
    expect((await a.admin.inject({ method: 'DELETE', url: `/api/settings/api-tokens/${revoked.id}` })).statusCode).toBe(204);
    expect((await withToken(revoked.token, { method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    expect((await a.admin.inject({ method: 'DELETE', url: `/api/settings/api-tokens/${revoked.id}` })).statusCode).toBe(404);
    // Someone else's token is not theirs to revoke.
    const others = await create(a.executive);
    expect((await a.admin.inject({ method: 'DELETE', url: `/api/settings/api-tokens/${others.id}` })).statusCode).toBe(404);

    const shortLived = await create(a.executive);
    clock.advance(31 * DAY);
    expect((await withToken(shortLived.token, { method: 'GET', url: '/api/projects' })).statusCode).toBe(401);

    const leaving = await create(a.unassigned);
    expect((await withToken(leaving.token, { method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
    expect((await a.orgAdmin.inject({ method: 'DELETE', url: `/api/team/${a.unassigned.profileId}` })).statusCode).toBe(204);
    expect((await withToken(leaving.token, { method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.profileId, a.unassigned.profileId))).toEqual([]);
  });

  it("is revoked when its member's role drops below the one it was made with", async () => {
    const admin = await create(a.admin, { name: 'Admin script', scope: 'write', expiresInDays: 365 });
    expect((await withToken(admin.token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
    const demote = await a.orgAdmin.inject({ method: 'PATCH', url: `/api/team/${a.admin.profileId}`, payload: { fullName: a.admin.fullName, email: a.admin.email, role: 'account_executive' } });
    expect(demote.statusCode, demote.body).toBe(200);
    expect((await withToken(admin.token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
    const [row] = await t.db.select().from(apiTokens).where(eq(apiTokens.id, admin.id));
    expect(row!.revokedAt).not.toBeNull();
    // Made with the new role, a token works.
    expect((await withToken((await create(a.admin)).token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
  });

  it('refuses a bad name, scope or expiry with 400, and more than the tokens a member may hold', async () => {
    for (const payload of [{ name: ' ', scope: 'write', expiresInDays: 30 }, { name: 'x', scope: 'admin', expiresInDays: 30 }, { name: 'x', scope: 'read', expiresInDays: 7 }, { name: 'x', scope: 'read' }]) {
      expect((await a.developer.inject({ method: 'POST', url: '/api/settings/api-tokens', payload })).statusCode, JSON.stringify(payload)).toBe(400);
    }
    // Expired tokens (the clock moved on above) do not count against the allowance.
    const listed: { expiresAt: string | null }[] = (await a.developer.inject({ method: 'GET', url: '/api/settings/api-tokens' })).json();
    const held = listed.filter((token) => token.expiresAt === null || new Date(token.expiresAt) > clock.now()).length;
    for (let i = held; i < API_TOKENS_PER_MEMBER; i += 1) await create(a.developer, { name: `T${i}`, scope: 'read', expiresInDays: 30 });
    const over = await a.developer.inject({ method: 'POST', url: '/api/settings/api-tokens', payload: { name: 'One too many', scope: 'read', expiresInDays: 30 } });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.code).toBe('too_many_tokens');
  });

  it('counts calls per token in a one-minute window', () => {
    const start = 1_000_000;
    for (let i = 0; i < 600; i += 1) expect(withinTokenLimit('limit-test', start + i, 600)).toBe(true);
    expect(withinTokenLimit('limit-test', start + 30_000, 600)).toBe(false);
    expect(withinTokenLimit('another-token', start + 30_000, 600)).toBe(true);
    expect(withinTokenLimit('limit-test', start + 60_000, 600)).toBe(true);
  });

  it('answers 429 past the calls a token may make in a minute (API_TOKEN_CALLS_PER_MINUTE)', async () => {
    const limited = await createTestApp({ clock: fixedClock(new Date('2026-11-27T12:00:00Z')), env: { API_TOKEN_CALLS_PER_MINUTE: '3' } });
    try {
      const b = await seedAgency(limited);
      const made = (await b.admin.inject({ method: 'POST', url: '/api/settings/api-tokens', payload: { name: 'Busy', scope: 'read', expiresInDays: 30 } })).json();
      const call = () => limited.app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: `Bearer ${made.token}` } });
      for (let i = 0; i < 3; i += 1) expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
      // The member's browser session is not held back.
      expect((await b.admin.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
