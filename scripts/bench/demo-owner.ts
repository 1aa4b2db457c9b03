// What the browser benchmarks share: Debian's Chromium as the tests launch it, and a session of
// the demo organization's owner on a running built server (SEED_DEMO).

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const DEMO_OWNER = { email: 'owner@brieflane.demo', password: 'demo-password' };

/** Signs the demo owner in (a new session each call) and returns the Cookie header it set. */
export async function demoOwnerCookie(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_OWNER),
  });
  if (!res.ok) throw new Error(`Demo sign-in answered ${res.status}: ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}
