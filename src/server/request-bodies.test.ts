// Issue 26, item 4 (decision 019): a signed-out caller's request body cannot stall the server.
// The proof: four 1 MB JSON bodies of ~111,000 keys sent at once over real sockets to the
// intake draft route keep the event loop's p99 delay under 100 ms, whether the link is real or
// not. Beside it: each kind of route's body limit, the JSON item bound, and the caller and the
// link checked before the body is read.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_LINK_ERRORS } from '../domain/shared-link-errors';
import { INTAKE_WRITE_LIMIT } from './modules/intake/service';
import { BODY_LIMITS, MAX_JSON_ITEMS } from './platform/request-bodies';
import { seedAgency, type Agency } from './test/agency';
import { createTestApp, type TestApp } from './test/test-app';

const brief = {
  name: 'Brand Brief',
  fields: [
    { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
    { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
    { label: 'Audience', name: 'audience', type: 'textarea', required: true, options: [], order: 2 },
  ],
};

/** `{"answers":{"0":0,"1":0,...}}` with as many keys as fit in 1 MB (about 111,000). */
function manyKeysBody(bytes = 1024 * 1024): Buffer {
  const parts: string[] = [];
  let length = '{"answers":{}}'.length;
  for (let i = 0; ; i++) {
    const part = `"${i.toString(36)}":0`;
    if (length + part.length + 1 > bytes) break;
    parts.push(part);
    length += part.length + 1;
  }
  return Buffer.from(`{"answers":{${parts.join(',')}}}`);
}

/** A JSON object of exactly `bytes` bytes: `{ ...fields, [key]: "xxx..." }`. */
function bodyOfSize(bytes: number, key: string, fields: Record<string, unknown> = {}): string {
  const start = JSON.stringify({ ...fields, [key]: '' });
  return `${start.slice(0, -2)}${'x'.repeat(bytes - start.length)}"}`;
}

/** `{"answers":{"a":0,...}}` one level down, or a flat array: `items` keys or items in all. */
function itemsBody(items: number): { answers: Record<string, number> } {
  return { answers: Object.fromEntries(Array.from({ length: items - 1 }, (_, i) => [`f${i}`, 0])) };
}

type Answer = { status: number; body: string };

/** One request over a real socket, the body sent as it is. */
function send(origin: string, method: string, path: string, body: Buffer, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${origin}${path}`,
      { method, headers: { 'content-type': 'application/json', 'content-length': String(body.length), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }));
      },
    );
    // The server may answer and close before the whole body is sent: that is the point.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body);
  });
}

/** The event loop's p99 delay (ms, 10 ms resolution) while `work` runs. */
async function loopDelayDuring(work: () => Promise<unknown>): Promise<number> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    await work();
    // A sample or two after the work: a window shorter than the resolution records none.
    await new Promise((resolve) => setTimeout(resolve, 25));
  } finally {
    histogram.disable();
  }
  return histogram.percentile(99) / 1e6;
}

describe('request bodies (issue 26)', () => {
  let t: TestApp;
  let a: Agency;
  let origin: string;
  let token: string;
  let plainToken: string;
  let address = 0;
  const huge = manyKeysBody();
  const unknownToken = 'unknown-token-unknown-token-unknown-token00';
  /** A signed-out call from an address of its own, clear of the per-address limits. */
  const anonymous = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, payload, headers: { 'content-type': 'application/json', ...headers }, remoteAddress: `198.51.100.${(address++ % 200) + 1}` });

  beforeAll(async () => {
    t = await createTestApp();
    a = await seedAgency(t, { project: 'Harbor Rebrand' });
    const templateId = (await a.orgAdmin.inject({ method: 'POST', url: '/api/templates', payload: brief })).json().id;
    const link = await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Intake', intake: true, templateId } });
    token = link.json().token;
    plainToken = (await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/access-links`, payload: { name: 'Plain' } })).json().token;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Warm: the first requests of a process compile its code paths and prepare its queries,
    // which is not what is measured here.
    const small = Buffer.from(JSON.stringify({ answers: { audience: 'Families' } }));
    expect((await send(origin, 'PUT', `/api/project-access/${token}/intake/draft`, small)).status).toBe(200);
    expect((await send(origin, 'PUT', `/api/project-access/${unknownToken}/intake/draft`, small)).status).toBe(404);
  });
  afterAll(() => t.close());

  it('the proof body is 1 MB of about 111,000 keys', () => {
    expect(huge.length).toBeLessThanOrEqual(1024 * 1024);
    // Counted byte by byte: parsing it here would leave a heap of garbage to collect during
    // the measurements below. Key names and values hold no colon.
    let keys = 0;
    for (const byte of huge) if (byte === 0x3a) keys++;
    expect(keys).toBeGreaterThan(110_000);
  });

  // The least p99 of three rounds: on a shared machine another process's load shows in any one
  // round (at load 20 on 2 cores four ordinary draft saves measured 330-390 ms). Before this
  // fix every round held the loop for 14-30 s.
  it.each([
    ['an unknown link token', () => unknownToken],
    ['a valid intake link', () => token],
  ])('four such bodies at once to %s keep the event loop p99 under 100 ms', async (name, tokenOf) => {
    const path = `/api/project-access/${tokenOf()}/intake/draft`;
    const rounds: number[] = [];
    for (let round = 0; round < 3 && !(rounds.length > 0 && Math.min(...rounds) < 100); round++) {
      let answers: Answer[] = [];
      rounds.push(
        await loopDelayDuring(async () => {
          answers = await Promise.all(Array.from({ length: 4 }, () => send(origin, 'PUT', path, huge)));
        }),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(tokenOf() === token ? 413 : 404);
        expect(JSON.parse(answer.body)).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
      }
    }
    console.info(`event loop delay p99, ${name}: ${rounds.map((ms) => `${ms.toFixed(0)} ms`).join(', ')}`);
    expect(Math.min(...rounds)).toBeLessThan(100);
  }, 180_000);

  describe('each kind of route takes a body up to its limit, and answers 413 past it', () => {
    const signedIn = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string) =>
      a.orgAdmin.inject({ method, url, payload, headers: { 'content-type': 'application/json' } });
    const kinds = [
      { kind: 'signed out', limit: BODY_LIMITS.signedOut, call: (size: number) => anonymous('POST', '/api/auth/sign-in', bodyOfSize(size, 'password', { email: 'someone@example.com' })) },
      { kind: 'opening a link', limit: BODY_LIMITS.signedOut, call: (size: number) => anonymous('POST', `/api/project-access/${plainToken}/session`, bodyOfSize(size, 'password')) },
      { kind: 'through a link', limit: BODY_LIMITS.link, call: (size: number) => anonymous('POST', `/api/project-access/${plainToken}/notes`, bodyOfSize(size, 'content')) },
      { kind: 'intake answers', limit: BODY_LIMITS.link, call: (size: number) => anonymous('PUT', `/api/project-access/${token}/intake/draft`, `{"answers":${bodyOfSize(size - 12, 'audience')}}`) },
      { kind: 'member', limit: BODY_LIMITS.member, call: (size: number) => signedIn('POST', '/api/clients', bodyOfSize(size, 'name')) },
      { kind: 'member questionnaire', limit: BODY_LIMITS.questionnaire, call: (size: number) => signedIn('POST', '/api/templates', bodyOfSize(size, 'name')) },
    ];

    it.each(kinds)('$kind: $limit bytes', async ({ limit, call }) => {
      const atLimit = await call(limit);
      // Read whole: refused by its content (too long a text, or no such user), not by its size.
      expect(atLimit.statusCode).not.toBe(413);
      expect(atLimit.statusCode).toBeGreaterThanOrEqual(400);
      expect(atLimit.statusCode).toBeLessThan(500);
      const over = await call(limit + 1);
      expect(over.statusCode).toBe(413);
      expect(over.json()).toEqual({ error: { code: 'body_too_large', message: `The request is too large (at most ${limit / 1024} KB).` } });
    });

    it('sizes the bodies the tests above send exactly', () => {
      expect(Buffer.byteLength(bodyOfSize(1000, 'name'))).toBe(1000);
      expect(Buffer.byteLength(`{"answers":${bodyOfSize(1000 - 12, 'audience')}}`)).toBe(1000);
    });
  });

  describe(`a JSON body holds at most ${MAX_JSON_ITEMS} keys and items`, () => {
    const templates = (payload: unknown) =>
      a.orgAdmin.inject({ method: 'POST', url: '/api/templates', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });

    it('refuses one more with a 400 in the error shape, and reads the bound itself', async () => {
      const over = await templates({ name: 'Big', fields: itemsBody(MAX_JSON_ITEMS + 1).answers });
      expect(over.statusCode).toBe(400);
      expect(over.json()).toEqual({ error: { code: 'too_many_items', message: 'The request holds too many values (at most 10,000).' } });
      const at = await templates({ name: 'Big', fields: itemsBody(MAX_JSON_ITEMS - 1).answers });
      expect(at.statusCode).toBe(400);
      expect(at.json().error.code).toBe('validation_error');
    });

    it('counts array items too, and no comma inside a string', async () => {
      const items = await templates({ name: 'Big', fields: Array.from({ length: MAX_JSON_ITEMS + 1 }, () => 0) });
      expect(items.json().error.code).toBe('too_many_items');
      const text = await templates({ name: 'Big', description: ',:[{'.repeat(MAX_JSON_ITEMS), fields: [] });
      expect(text.json().error.code).toBe('validation_error');
    });

    it("keeps Fastify's protection against prototype poisoning, long bodies included", async () => {
      for (const payload of ['{"name":"x","__proto__":{"admin":true}}', `{"name":"${'x'.repeat(MAX_JSON_ITEMS)}","constructor":{"prototype":{"admin":true}}}`]) {
        const res = await a.orgAdmin.inject({ method: 'POST', url: '/api/templates', payload, headers: { 'content-type': 'application/json' } });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'fst_err_ctp_invalid_json_body' });
      }
    });
  });

  describe('the caller and the link are checked before the body is read', () => {
    // A malformed body would be a 400 from the parser: these answers show it never ran.
    const malformed = '{"answers": nope';

    it('an unknown, revoked or non-intake link answers as before, body unread', async () => {
      const unknown = await anonymous('PUT', `/api/project-access/${unknownToken}/intake/draft`, malformed);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().error.code).toBe(SHARED_LINK_ERRORS.invalidLink);
      const notIntake = await anonymous('PUT', `/api/project-access/${plainToken}/intake/draft`, malformed);
      expect(notIntake.statusCode).toBe(404);
      expect(notIntake.json().error.code).toBe('not_intake');
      expect((await anonymous('POST', `/api/project-access/${unknownToken}/notes`, malformed)).statusCode).toBe(404);
      // The same body through a real link reaches the parser.
      expect((await anonymous('PUT', `/api/project-access/${token}/intake/draft`, malformed)).statusCode).toBe(400);
    });

    it('a member route answers 401 to a signed-out body it never reads', async () => {
      const res = await anonymous('POST', '/api/templates', malformed);
      expect(res.statusCode).toBe(401);
    });

    it("counts an intake write against the link's limit before reading it", async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= INTAKE_WRITE_LIMIT.max; i++) {
        const res = await t.app.inject({ method: 'PUT', url: `/api/project-access/${token}/intake/draft`, payload: malformed, headers: { 'content-type': 'application/json' }, remoteAddress: '192.0.2.26' });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, -1).every((status) => status === 400)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    });

    it('answers an unknown link while the body is still arriving', async () => {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = httpRequest(`${origin}/api/project-access/${unknownToken}/intake/draft`, { method: 'PUT', headers: { 'content-type': 'application/json', 'content-length': String(huge.length) } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() });
            req.destroy();
          });
        });
        req.on('error', reject);
        // Only the first 64 KB of the promised megabyte is ever sent.
        req.write(huge.subarray(0, 64 * 1024));
      });
      expect(answer.status).toBe(404);
      expect(JSON.parse(answer.body).error.code).toBe(SHARED_LINK_ERRORS.invalidLink);
    });
  });
});
