// Hostile requests derived from each route's own zod schemas (issue 12), with fast-check.
// For every route of the app's route table: bodies and query strings whose fields are wrong types,
// missing, extra, too long, NUL or lone surrogates, SQL and HTML fragments, prototype keys, path
// traversal and impossible dates; whole bodies of the wrong shape or content type; hostile path
// parameters; broken multipart. The rule checked: no answer is a 5xx, every 4xx has the JSON
// error shape, and a refused write leaves every tenant table as it was.
// Used by hostile-input.test.ts (a fixed-seed slice) and scripts/fuzz.ts (`npm run fuzz`).
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { isServiceRoute } from '../platform/route-table';
import type { TestUser } from '../test/as-user';
import type { TestApp } from '../test/test-app';
import { EXPECTED } from './route-matrix-table';
import { fillPath, multipart, PDF, type TwoAgencies } from './two-agencies';

const strings = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '',
  ' ',
  '\t\n',
  'a'.repeat(10_001),
  "' OR '1'='1' --",
  '"; DROP TABLE projects; --',
  "1' AND pg_sleep(5)--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00',
  '${7*7}{{7*7}}',
  '\u202egnp.exe',
  '😀'.repeat(50),
  '0000-01-01',
  '-10000-01-01',
  '2024-13-45T99:99:99',
  '9999-12-31',
  '2024-02-30',
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'constructor',
  '__proto__',
  'javascript:alert(1)',
  'http://127.0.0.1:22/',
];

const hostileString = fc.oneof(fc.constantFrom(...strings), fc.string({ unit: 'binary', maxLength: 40 }), fc.string({ maxLength: 400 }));

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, true, false, null),
  fc.constantFrom([], {}, ['x'], [null], { $gt: '' }, { toString: 'x' }),
  fc.array(hostileString, { maxLength: 120 }),
);

/** The field names of a zod object schema, through the wrappers our schemas use. */
function fieldsOf(schema: unknown): string[] {
  let current = schema as z.ZodType | undefined;
  for (let depth = 0; current && depth < 10; depth++) {
    const def = (current as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
    if (def.type === 'object') return Object.keys(def.shape as Record<string, unknown>);
    current = (def.in ?? def.innerType ?? def.schema) as z.ZodType | undefined;
  }
  return [];
}

/** A body made from the schema's own fields, each left out, hostile, or joined by extra keys. */
function objectFrom(fields: string[]): fc.Arbitrary<Record<string, unknown>> {
  const keys = [...fields, 'organizationId', 'role', 'id', 'isAdmin'];
  return fc.record(Object.fromEntries(keys.map((k) => [k, hostileValue])), { requiredKeys: [] });
}

export type HostileRequest = { route: string; caller: 'staff' | 'viewer' | 'anonymous'; request: InjectOptions; refresh: boolean };

type Extra = Pick<InjectOptions, 'payload' | 'headers' | 'query'>;

function bodies(fields: string[]): fc.Arbitrary<Extra> {
  const json = (payload: unknown): Extra => ({ payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  return fc.oneof(
    { weight: 8, arbitrary: objectFrom(fields).map(json) },
    fc.constantFrom<Extra>(
      { payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', headers: { 'content-type': 'application/json' } },
      { payload: '{"name":', headers: { 'content-type': 'application/json' } },
      { payload: '[]', headers: { 'content-type': 'application/json' } },
      { payload: '"text"', headers: { 'content-type': 'application/json' } },
      { payload: 'null', headers: { 'content-type': 'application/json' } },
      { payload: 'name=x&email=y', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: 'plain text', headers: { 'content-type': 'text/plain' } },
      { payload: '<x/>', headers: { 'content-type': 'application/xml' } },
      { payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF', headers: { 'content-type': 'multipart/form-data' } },
      { payload: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7', headers: { 'content-type': 'multipart/form-data; boundary=b' } },
      { payload: '{}', headers: { 'content-type': 'application/json; charset=utf-7' } },
    ),
  );
}

function uploads(): fc.Arbitrary<Extra> {
  const names = fc.constantFrom('../../../etc/passwd.pdf', 'a\u0000.pdf', 'brief.pdf.exe', '.htaccess', 'x'.repeat(400) + '.pdf', 'CON.pdf', 'évian ☃.pdf', 'a/b\\c.pdf', '');
  const contents = fc.constantFrom(PDF, Buffer.from('MZ\x90\x00not a pdf'), Buffer.alloc(0), Buffer.from('<?php echo 1; ?>'));
  return fc.oneof(
    fc.tuple(names, contents).map(([name, content]) => multipart(name, content)),
    bodies(['file']),
  );
}

function queries(fields: string[]): fc.Arbitrary<Extra> {
  return fc
    .record(Object.fromEntries([...fields, 'cursor', 'limit', 'extra'].map((k) => [k, fc.oneof(hostileString, fc.array(hostileString, { maxLength: 3 }))])), {
      requiredKeys: [],
    })
    .map((query) => ({ query: query as Record<string, string | string[]> }));
}

const hostileParam = fc.constantFrom('%00', '..%2F..%2Fetc%2Fpasswd', "'", 'a'.repeat(300), '00000000-0000-0000-0000-000000000000', '%F0%9F%98%80', 'not-a-uuid', '%ud800');

/** Requests for one route: hostile bodies or queries on real ids, and hostile ids. */
function requestsFor(method: string, url: string, schema: { body?: unknown; querystring?: unknown } | undefined) {
  const isUpload = url.endsWith('/files') && method === 'POST';
  const extra = isUpload ? uploads() : method === 'GET' ? queries(fieldsOf(schema?.querystring)) : bodies(fieldsOf(schema?.body));
  const params = url.includes(':') ? fc.option(hostileParam, { freq: 3, nil: undefined }) : fc.constant(undefined);
  return fc.tuple(extra, params);
}

function hasErrorShape(res: LightMyRequestResponse): boolean {
  try {
    const body = res.json() as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error?.message === 'string';
  } catch {
    return false;
  }
}

export type HostileRun = {
  total: number;
  byStatus: Record<string, number>;
  failures: string[];
};

/**
 * Sends `perRoute` hostile requests to every route (fixed seed), as A's organization admin for
 * member routes and as a signed-in member of B through A's link for the shared page's routes.
 */
export async function runHostile(t: TestApp, fx: TwoAgencies, options: { seed: number; perRoute: number }): Promise<HostileRun> {
  const run: HostileRun = { total: 0, byStatus: {}, failures: [] };
  const routes = t.app.routeTable.filter((r) => isServiceRoute(r) && r.method !== 'HEAD' && !r.url.startsWith('/api/docs') && !r.url.endsWith('/live'));
  let offset = 0;
  // Every table's fingerprint as last taken, while nothing is known to have written since: a
  // refused write's "after" is the next one's "before", which halves the fingerprints (each
  // reads every table; they were most of this run's time). A write the run does not know of
  // can only make a later comparison fail, never hide one.
  let lastPrint: string | undefined;
  const print = async () => JSON.stringify(await fx.fingerprint());
  for (const route of routes) {
    const key = `${route.method} ${route.url}`;
    offset += 1;
    const samples = fc.sample(requestsFor(route.method, route.url, route.schema), { seed: options.seed + offset, numRuns: options.perRoute });
    for (const [extra, param] of samples) {
      // Deletes and revokes consume a fresh target; other writes may change the shared ones.
      const fresh = route.method === 'DELETE' || route.url.endsWith('/revoke');
      const values = await fx.pathValues(route.url, fresh);
      if (fresh) lastPrint = undefined;
      if (param !== undefined) {
        const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        values[names[run.total % names.length]!] = param;
      }
      const viaLink = route.url.startsWith('/api/project-access/');
      const ownSession = EXPECTED[key]?.ownSession === true;
      if (ownSession) lastPrint = undefined;
      const caller: TestUser = ownSession ? await fx.standIn(fx.a.orgAdmin) : viaLink ? fx.b.admin : fx.a.orgAdmin;
      const url = fillPath(route.url, values);
      const request: InjectOptions = { method: route.method as InjectOptions['method'], url, ...extra };
      const before = route.method !== 'GET' ? (lastPrint ??= await print()) : undefined;
      let res: LightMyRequestResponse;
      try {
        res = await caller.inject(request);
      } catch (error) {
        run.failures.push(`${key}: inject threw ${(error as Error).message}`);
        lastPrint = undefined;
        continue;
      }
      run.total += 1;
      run.byStatus[res.statusCode] = (run.byStatus[res.statusCode] ?? 0) + 1;
      if (res.statusCode < 400 || res.statusCode >= 500) lastPrint = undefined;
      const shown = `${key} ${url.slice(0, 120)} ${JSON.stringify(extra).slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
      if (res.statusCode >= 500) {
        run.failures.push(`5xx: ${shown}`);
        continue;
      }
      if (res.statusCode >= 400) {
        if (!hasErrorShape(res)) run.failures.push(`not the JSON error shape: ${shown}`);
        if (before) {
          lastPrint = await print();
          if (lastPrint !== before) run.failures.push(`refused but wrote: ${shown}`);
        }
      }
    }
  }
  return run;
}
