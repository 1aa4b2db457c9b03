// Page cursors come back from the client: one codec for every list, decoded strictly, so a
// forged cursor is a 400 'Invalid page cursor' and never reaches the database (issue #20).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency, type Agency } from '../../test/agency';
import { createTestApp, type TestApp } from '../../test/test-app';
import { decodeCursor, encodeCursor } from './cursor';

const ID = '0b6f3c4e-6f35-4d6e-9a3b-1c2d3e4f5a6b';
const forge = (text: string) => Buffer.from(text).toString('base64url');

describe('page cursor codec', () => {
  it('reads back what it wrote, milliseconds and microseconds alike', () => {
    const at = new Date('2026-03-04T05:06:07.089Z');
    expect(decodeCursor(encodeCursor({ createdAt: at, id: ID }))).toEqual({ time: at.toISOString(), createdAt: at, id: ID });
    const micro = decodeCursor(encodeCursor({ createdAt: '2026-03-04T05:06:07.089123Z', id: ID }));
    expect(micro.time).toBe('2026-03-04T05:06:07.089123Z');
    expect(micro.createdAt.toISOString()).toBe('2026-03-04T05:06:07.089Z');
  });

  it.each([
    ['a year outside 1900-2999', `-010000-01-01T00:00:00.000Z|${ID}`],
    ['year 0', `0000-01-01T00:00:00.000Z|${ID}`],
    ['year 1899', `1899-12-31T23:59:59.999Z|${ID}`],
    ['year 3000', `3000-01-01T00:00:00.000Z|${ID}`],
    ['month 13, day 45, hour 99', `2024-13-45T99:99:99|${ID}`],
    ['February 30', `2024-02-30T00:00:00.000Z|${ID}`],
    ['hour 24', `2024-02-01T24:00:00.000Z|${ID}`],
    ['no time zone', `2024-02-01T00:00:00.000|${ID}`],
    ['a bad id', '2024-02-01T00:00:00.000Z|abc'],
    ['a third part', `2024-02-01T00:00:00.000Z|${ID}|x`],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(() => decodeCursor(forge(text))).toThrow('Invalid page cursor');
  });
});

describe('GET on a paginated list with a forged cursor', () => {
  let t: TestApp;
  let agency: Agency;
  beforeAll(async () => {
    t = await createTestApp();
    agency = await seedAgency(t);
  });
  afterAll(() => t.close());

  it.each(['/api/projects', '/api/clients', '/api/templates', '/api/team', '/api/activities'])('%s answers 400 Invalid page cursor', async (url) => {
    for (const cursor of [
      forge(`-10000-01-01T00:00:00.000Z|${ID}`),
      forge(`+010000-01-01T00:00:00.000Z|${ID}`),
      forge(`2024-13-45T99:99:99|${ID}`),
      forge(`2024-13-45T99:99:99.000000Z|${ID}`),
    ]) {
      const res = await agency.orgAdmin.inject({ method: 'GET', url: `${url}?cursor=${cursor}` });
      expect(res.statusCode, `${url} ${cursor}`).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalid_cursor', message: 'Invalid page cursor' } });
    }
    // A real cursor still pages.
    const ok = await agency.orgAdmin.inject({ method: 'GET', url: `${url}?cursor=${encodeCursor({ createdAt: new Date(), id: ID })}` });
    expect(ok.statusCode).toBe(200);
  });
});
