// `npm run fuzz [-- --per-route=N --seed=S]`: the hostile-input run of issue 12 at full size
// (default 200 requests per route, over 10,000 in all) against the real app on a fresh in-memory
// database, or PostgreSQL with TEST_DATABASE_URL. Prints counts by status and every failure:
// a 5xx, a 4xx outside the JSON error shape, or a refused write that changed data. Exit 1 on any.
import { isServiceRoute } from '../src/server/platform/route-table';
import { runHostile } from '../src/server/proof/hostile';
import { seedTwoAgencies } from '../src/server/proof/two-agencies';
import { createTestApp } from '../src/server/test/test-app';

const arg = (name: string, fallback: number) => {
  const found = process.argv.find((a) => a.startsWith(`--${name}=`));
  return found ? Number(found.split('=')[1]) : fallback;
};
const perRoute = arg('per-route', 200);
const seed = arg('seed', Date.now() % 1_000_000);

const t = await createTestApp();
const fx = await seedTwoAgencies(t);
const started = Date.now();
console.log(`Hostile-input run: seed ${seed}, ${perRoute} requests per route, ${t.app.routeTable.filter(isServiceRoute).length} API routes in the table`);
const run = await runHostile(t, fx, { seed, perRoute });
await t.close();

console.log(`\n${run.total} requests in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('status  count');
for (const [status, count] of Object.entries(run.byStatus).sort()) console.log(`${status.padEnd(7)} ${count}`);
if (run.failures.length) {
  console.log(`\n${run.failures.length} failures:`);
  for (const failure of run.failures) console.log(`- ${failure}`);
  process.exit(1);
}
console.log('\nNo failures.');
