// End-to-end suite: the built web app on the real server, fresh embedded database per run.
// Chromium is Debian's (never `playwright install`): CHROMIUM_PATH or /usr/bin/chromium.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
/**
 * Issue 46: the DNS server e2e/sso.spec.ts starts on loopback (UDP) to prove its domain; the app
 * asks it for TXT records (DNS_SERVERS), never the network.
 */
const dnsPort = Number(process.env.E2E_DNS_PORT ?? 5354);

export default defineConfig({
  testDir: 'e2e',
  // One story at a time unless E2E_WORKERS says more (files side by side, each file's stories in
  // order). A story signs up an organization of its own, or adds records with names of its own to
  // the demo organization and looks only at those: two running at once must not count what another
  // may add there, such as the demo developer's unread news (e2e/tasks-work.spec.ts). CI runs one:
  // on its two cores the suites beside Playwright need the other (.ci/run).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 1),
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  // Roomy: CI shares two cores between the server, Chromium and the runner; a story that needs
  // 20 s on a quiet machine has taken 35 s there.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    // What `npm start` runs: the built server, built first when dist/ is missing or stale. A
    // fresh data directory each run: the demo organization is seeded on first start.
    command: 'DATA_DIR="$(mktemp -d)" exec node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      SEED_DEMO: 'true',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      // Each test context sends its own X-Forwarded-For (e2e/fixtures.ts), so the per-address
      // rate limits apply per test rather than to the whole suite.
      TRUST_PROXY: 'true',
      // e2e/webhooks.spec.ts's receiver listens on loopback (issue 30).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      DNS_SERVERS: `127.0.0.1:${dnsPort}`,
    },
  },
});
