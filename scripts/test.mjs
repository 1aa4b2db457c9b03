// `npm test`: every suite, then one plain summary line.
// `node scripts/test.mjs vitest -- src/server` runs only the named suite(s), passing the
// arguments after `--` to vitest (CI's PostgreSQL run). TEST_SUMMARY_FILE=path also writes the
// totals there as JSON.
//   1. Vitest: unit, API (real app on a fresh PGlite) and component tests.
//   2. Playwright: end-to-end in Debian's Chromium (CHROMIUM_PATH, else /usr/bin/chromium).
//      No browser: a loud warning and only that suite is skipped, except with CI=true, where a
//      missing browser fails the run.
// Counts come from each runner's JSON report; a runner that dies without one counts as one
// failure. Exit code non-zero if any suite failed. The last line is `N passed, N failed[, N skipped]`.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const dashDash = process.argv.indexOf('--');
const ownArgs = dashDash === -1 ? process.argv.slice(2) : process.argv.slice(2, dashDash);
const vitestArgs = dashDash === -1 ? [] : process.argv.slice(dashDash + 1);
const suites = ownArgs.length ? ownArgs : ['vitest', 'playwright'];
const unknownSuites = suites.filter((s) => s !== 'vitest' && s !== 'playwright');
if (unknownSuites.length) {
  console.error(`Unknown suite(s): ${unknownSuites.join(', ')}. Known: vitest, playwright`);
  process.exit(2);
}
const reports = mkdtempSync(path.join(tmpdir(), 'brieflane-test-reports-'));

/** @type {{ name: string, passed: number, failed: number, skipped: number, note?: string, failures?: string[] }[]} */
const results = [];

function header(title) {
  console.log(`\n${'='.repeat(70)}\n  ${title}\n${'='.repeat(70)}`);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function runVitest() {
  header('Unit and API tests (vitest)');
  const out = path.join(reports, 'vitest.json');
  const run = spawnSync(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...vitestArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  const report = readJson(out);
  if (!report) {
    results.push({ name: 'vitest', passed: 0, failed: 1, skipped: 0, note: `exited ${run.status ?? run.signal} without a report` });
    return;
  }
  const failed = report.numFailedTests + (run.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  const failures = report.testResults.flatMap((file) => [
    ...(file.status === 'failed' && file.assertionResults.every((t) => t.status !== 'failed')
      ? [`${path.relative(root, file.name)}: ${firstLine(file.message)}`]
      : []),
    ...file.assertionResults
      .filter((t) => t.status === 'failed')
      .map((t) => `${path.relative(root, file.name)} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`),
  ]);
  results.push({
    name: 'vitest',
    failures,
    passed: report.numPassedTests,
    failed,
    skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    note: failed > report.numFailedTests ? `exited ${run.status} (a suite failed to load or an error outside tests)` : undefined,
  });
}

function firstLine(message) {
  return (message ?? '').split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '';
}

/** The failed tests of a Playwright JSON report, as "file > title: first line of the error". */
function playwrightFailures(suite, titles = []) {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests
      .filter((test) => test.status === 'unexpected')
      .map((test) => {
        const error = test.results.at(-1)?.error?.message;
        return `${spec.file} > ${[...titles, spec.title].join(' > ')}: ${firstLine(error && stripVTControlCharacters(error))}`;
      }),
  );
  return [...own, ...(suite.suites ?? []).flatMap((child) => playwrightFailures(child, suite.title && suite.file !== suite.title ? [...titles, suite.title] : titles))];
}

function findChromium() {
  const candidate = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  try {
    accessSync(candidate, constants.X_OK);
    return candidate;
  } catch {
    return undefined;
  }
}

function runPlaywright() {
  header('End-to-end tests (playwright, Chromium)');
  const chromium = findChromium();
  if (!chromium) {
    const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
    const bar = '!'.repeat(70);
    console.error(`${bar}\n!! No Chromium at ${wanted}: the end-to-end suite cannot run.`);
    console.error('!! Install it with:   sudo apt-get install -y chromium');
    console.error('!! or point CHROMIUM_PATH at a Chromium or Chrome binary.');
    if (isCI) {
      console.error(`!! CI=true: a missing browser is a failure.\n${bar}`);
      results.push({ name: 'playwright', passed: 0, failed: 1, skipped: 0, note: 'no Chromium (CI)' });
    } else {
      console.error(`!! SKIPPING the end-to-end suite; every other suite still ran.\n${bar}`);
      results.push({ name: 'playwright', passed: 0, failed: 0, skipped: 0, note: 'SKIPPED: no Chromium' });
    }
    return;
  }
  if (!existsSync(path.join(root, 'playwright.config.ts'))) {
    results.push({ name: 'playwright', passed: 0, failed: 0, skipped: 0, note: 'no playwright.config.ts yet' });
    return;
  }
  const out = path.join(reports, 'playwright.json');
  const run = spawnSync(bin('playwright'), ['test', '--reporter=list,json,html', '--pass-with-no-tests'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROMIUM_PATH: chromium, PLAYWRIGHT_JSON_OUTPUT_FILE: out, PLAYWRIGHT_HTML_OPEN: 'never' },
  });
  const report = readJson(out);
  if (!report?.stats) {
    results.push({ name: 'playwright', passed: 0, failed: 1, skipped: 0, note: `exited ${run.status ?? run.signal} without a report` });
    return;
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  // Errors outside any test (config, web server, global setup) fail the suite too.
  const outside = unexpected === 0 && run.status !== 0 ? 1 : 0;
  results.push({
    name: 'playwright',
    failures: (report.suites ?? []).flatMap((suite) => playwrightFailures(suite)),
    passed: expected + flaky,
    failed: unexpected + outside,
    skipped,
    note: [flaky ? `${flaky} flaky (passed on retry)` : '', outside ? `exited ${run.status} (error outside tests)` : '']
      .filter(Boolean)
      .join('; ') || undefined,
  });
}

if (suites.includes('vitest')) runVitest();
if (suites.includes('playwright')) runPlaywright();
rmSync(reports, { recursive: true, force: true });

header('Summary');
for (const r of results) {
  const counts = `${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  console.log(`  ${r.name.padEnd(11)} ${counts}${r.note ? `  (${r.note})` : ''}`);
  // The failures again at the end, where a log cut to its tail still shows them.
  for (const failure of r.failures ?? []) console.log(`    failed: ${failure}`);
}
const total = results.reduce((sum, r) => ({ passed: sum.passed + r.passed, failed: sum.failed + r.failed, skipped: sum.skipped + r.skipped }), {
  passed: 0,
  failed: 0,
  skipped: 0,
});
if (process.env.TEST_SUMMARY_FILE) {
  const failures = results.flatMap((r) => (r.failures ?? []).map((failure) => `${r.name}: ${failure}`));
  writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ ...total, failures }));
}
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(total.failed > 0 ? 1 : 0);
