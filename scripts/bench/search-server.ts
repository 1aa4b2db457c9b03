// The server side of the search benchmark (issue 34), started by scripts/bench.ts in its own
// process: an organization of 10,000 projects (under 1,000 clients), 100,000 tasks, 50,000
// notes, 10,000 comments and 10,000 file links, beside another organization of a fifth of that
// holding the same words. It serves the real app and, beside it, a bare Fastify route running
// the same search statement the same way (prepared, in its transaction with the planner
// setting) with no auth, validation, marks or serialization.
//
// Env: BENCH_PORT, BENCH_DATABASE_URL (unset: PGlite in a temp dir). Prints one JSON line
// { ready, pid, cookie, appUrl, bareUrl, seedMs, queries } on stdout when seeded and listening.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../../src/server/app';
import { createMember, createOrganization } from '../../src/server/platform/auth/accounts';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db/client';
import { queryPrepared } from '../../src/server/platform/db/prepared';
import { seedSearchScale } from '../../src/server/modules/search/search-scale';
import { SEARCH_PLANNER_SETTING, searchQuery, searchTerms } from '../../src/server/modules/search/service';

const port = Number(process.env.BENCH_PORT ?? 3380);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'brieflane-bench-search-'));
const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', PUBLIC_URL: `http://127.0.0.1:${port}` });
const database: DatabaseHandle = databaseUrl ? await openDatabase({ url: databaseUrl }) : await openDatabase({ dataDir });

const password = 'bench-password';
const stamp = Date.now();
const email = `admin-${stamp}@bench.brieflane`;
const organization = await createOrganization(database.db, 'Search Bench Agency');
const admin = await createMember(database.db, { organizationId: organization.id, fullName: 'Bench Admin', role: 'admin', email, password });
const other = await createOrganization(database.db, 'Search Bench Neighbour');
const otherOwner = await createMember(database.db, { organizationId: other.id, fullName: 'Neighbour Owner', role: 'organization_admin' });

const seedStart = performance.now();
await seedSearchScale(database.db, { organizationId: organization.id, profileId: admin.profileId, projects: 10_000, tasksPerProject: 10, notesPerProject: 5 });
await seedSearchScale(database.db, { organizationId: other.id, profileId: otherOwner.profileId, projects: 2_000, tasksPerProject: 10, notesPerProject: 5 });
const seedMs = Math.round(performance.now() - seedStart);
await database.db.execute(sql`analyze`);

// What people type: a rare word's start (an md5 piece: a handful of rows), a common word (a
// thirtieth of every table), two words, and a name with a typo.
const rare = (await database.db.execute(sql`select left(md5('500'), 5) as w`)) as unknown as { rows: { w: string }[] };
const QUERIES = { rare: rare.rows[0]!.w, common: 'onboarding', 'two words': 'brand review', typo: 'Projet strategy' };

const app = await buildApp({ config, database, logger: false });
const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
const setCookie = signIn.headers['set-cookie'];
const cookie = (Array.isArray(setCookie) ? setCookie : [setCookie ?? '']).find((c) => c.includes('session_token'))!.split(';')[0]!;
for (const q of Object.values(QUERIES)) {
  const check = await app.inject({ method: 'GET', url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie } });
  if (check.statusCode !== 200 || check.json().groups.length === 0) throw new Error(`Search for ${q} answered ${check.statusCode}: ${check.body.slice(0, 300)}`);
}

// The same statement, prepared and run the same way, with nothing around it.
const actor = { organizationId: organization.id, profileId: admin.profileId, role: 'admin' as const };
const bare = Fastify({ logger: false });
bare.get<{ Querystring: { q: string } }>('/bare/search', async (request) => ({
  rows: await queryPrepared(database, SEARCH_PLANNER_SETTING, searchQuery(actor, searchTerms(request.query.q))!),
}));

await app.listen({ host: '127.0.0.1', port });
await bare.listen({ host: '127.0.0.1', port: port + 1 });
console.log(JSON.stringify({ ready: true, pid: process.pid, cookie, appUrl: `http://127.0.0.1:${port}`, bareUrl: `http://127.0.0.1:${port + 1}`, seedMs, queries: QUERIES }));

const stop = async () => {
  await bare.close();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
