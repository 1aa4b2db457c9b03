// A fixed-seed slice of the hostile-input run (issue 12); `npm run fuzz` sends ten times more.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { runHostile } from './hostile';
import { seedTwoAgencies, type TwoAgencies } from './two-agencies';

let t: TestApp;
let fx: TwoAgencies;

beforeAll(async () => {
  t = await createTestApp({ webhooks: { background: false } });
  fx = await seedTwoAgencies(t);
}, 120_000);
afterAll(() => t.close());

it('answers hostile requests to every route with a 4xx in the error shape, never a 5xx, and writes nothing when it refuses', async () => {
  const run = await runHostile(t, fx, { seed: 20261122, perRoute: 20 });
  expect(run.total).toBeGreaterThan(1000);
  expect(run.failures).toEqual([]);
}, 600_000);
