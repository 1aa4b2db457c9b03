import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, type TestUser } from '../test/as-user';
import { createTestApp, type TestApp } from '../test/test-app';
import { clients } from '../modules/clients/schema';
import { FORBIDDEN_ORIGIN_MESSAGE, isAllowedOrigin } from './origin-check';

const PUBLIC = 'http://localhost:3000';

describe('isAllowedOrigin', () => {
  it.each([
    ['POST', {}, true],
    ['POST', { origin: PUBLIC }, true],
    ['PATCH', { origin: 'HTTP://LOCALHOST:3000' }, true],
    ['POST', { origin: 'https://evil.example' }, false],
    ['DELETE', { origin: 'http://localhost:3001' }, false],
    ['PUT', { origin: 'https://localhost:3000' }, false],
    ['POST', { origin: 'null' }, false],
    ['POST', { origin: 'http://127.0.0.1:3000', 'sec-fetch-site': 'same-origin' }, true],
    ['POST', { origin: 'https://evil.example', 'sec-fetch-site': 'same-site' }, false],
    ['POST', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, false],
    ['POST', { origin: PUBLIC, 'sec-fetch-site': 'cross-site' }, true],
    ['POST', { 'sec-fetch-site': 'cross-site' }, false],
    ['POST', { 'sec-fetch-site': 'same-origin' }, true],
    ['POST', { 'sec-fetch-site': 'same-site' }, true],
    ['POST', { 'sec-fetch-site': 'none' }, true],
    ['GET', { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, true],
    ['HEAD', { origin: 'https://evil.example' }, true],
  ] as const)('%s with %o → %s', (method, headers, expected) => {
    expect(isAllowedOrigin(method, headers, PUBLIC)).toBe(expected);
  });
});

describe('the origin check on the API', () => {
  let t: TestApp;
  let owner: TestUser;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: PUBLIC } });
    owner = await asUser(t, 'organization_admin');
    const client = (await owner.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Acme' } })).json();
    const project = (await owner.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Site', clientId: client.id } })).json();
    token = (await owner.inject({ method: 'POST', url: `/api/projects/${project.id}/access-links`, payload: { name: 'Open' } })).json().token;
  });
  afterAll(() => t.close());

  const clientCount = async () => (await t.db.select({ n: count() }).from(clients))[0]!.n;
  const createClient = (headers: Record<string, string>) =>
    owner.inject({ method: 'POST', url: '/api/clients', payload: { name: 'From somewhere' }, headers });

  it('refuses a state change from a foreign Origin with 403 forbidden_origin and writes nothing', async () => {
    const before = await clientCount();
    const res = await createClient({ origin: 'https://evil.example' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'forbidden_origin', message: FORBIDDEN_ORIGIN_MESSAGE } });
    expect(await clientCount()).toBe(before);
  });

  it('refuses a cross-site request without Origin when Fetch Metadata says so', async () => {
    const before = await clientCount();
    const res = await createClient({ 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden_origin');
    expect(await clientCount()).toBe(before);
  });

  it('takes requests from PUBLIC_URL’s origin, same-origin fetches and clients that send neither header', async () => {
    expect((await createClient({ origin: PUBLIC, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await createClient({ 'sec-fetch-site': 'same-origin' })).statusCode).toBe(201);
    expect((await createClient({})).statusCode).toBe(201);
  });

  it('leaves reads alone', async () => {
    const res = await owner.inject({ method: 'GET', url: '/api/clients', headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(200);
  });

  it('covers the share-link routes: their own page works, another site is refused', async () => {
    const own = await t.app.inject({ method: 'POST', url: `/api/project-access/${token}/session`, payload: {}, headers: { origin: PUBLIC } });
    expect(own.statusCode, own.body).toBe(200);
    const foreign = await t.app.inject({ method: 'POST', url: `/api/project-access/${token}/session`, payload: {}, headers: { origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('forbidden_origin');
  });

  it('covers sign-in too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: owner.email, password: owner.password },
      headers: { origin: 'https://evil.example' },
      remoteAddress: '10.44.0.1',
    });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
