// Shared steps for the end-to-end stories: unique accounts, the dev mailbox, signing in.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/server/dev/demo/demo-accounts';

export { DEMO_ACCOUNTS, DEMO_PASSWORD, expect };

let addressCounter = 0;

/**
 * A client address of its own for each browser context, sent as X-Forwarded-For (the e2e server
 * runs with TRUST_PROXY=true). The suite signs up and signs in many times from one machine; with
 * one address it would run into the real per-address rate limits as it grows.
 */
export function clientAddressHeaders(): Record<string, string> {
  addressCounter += 1;
  const n = (process.pid % 200) * 65536 + addressCounter;
  return { 'X-Forwarded-For': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

/** Playwright's `test`, with each test's context (and its `request`) on its own client address. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...clientAddressHeaders() });
  },
});

export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.brieflane.test`;
}

type MailboxMessage = { id: string; kind: string; to: string; subject: string; text: string; createdAt: string };

/** Waits for the newest email to `to` whose text matches `pattern`, and returns the match. */
export async function readEmail(request: APIRequestContext, to: string, pattern: RegExp): Promise<RegExpMatchArray> {
  let match: RegExpMatchArray | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox');
        if (!response.ok()) return false;
        const { messages } = (await response.json()) as { messages: MailboxMessage[] };
        const message = messages.find((m) => m.to.toLowerCase().includes(to.toLowerCase()) && pattern.test(m.text));
        match = message ? message.text.match(pattern) : null;
        return match !== null;
      },
      { message: `an email to ${to} matching ${pattern}`, timeout: 10_000 },
    )
    .toBe(true);
  return match!;
}

export const VERIFICATION_CODE = /verification code is (\w{6})/;
export const RESET_LINK = /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/;

export type Account = { fullName: string; email: string; password: string };

export function newAccount(label: string): Account {
  return { fullName: `E2E ${label[0]!.toUpperCase()}${label.slice(1)} Person`, email: uniqueEmail(label), password: 'first-pass-123' };
}

/** Creates an account through the API; the browser context is then signed in as it. */
export async function signUpThroughApi(page: Page, account: Account): Promise<void> {
  const sent = await page.request.post('/api/auth/sign-up/send-code', { data: { email: account.email } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const [, code] = await readEmail(page.request, account.email, VERIFICATION_CODE);
  const created = await page.request.post('/api/auth/sign-up', { data: { ...account, code } });
  expect(created.status(), await created.text()).toBe(201);
}

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** A sonner toast containing `text`. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export function sideNav(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/**
 * axe-core against WCAG 2.1 A/AA on the page (or the part `include` selects): fails on any serious
 * or critical violation, naming the rule and the elements. Waits out entry animations (dialogs,
 * toasts) first: axe measures colours as they are painted.
 */
export async function expectNoSeriousViolations(page: Page, what: string, include?: string): Promise<void> {
  // Every finite animation and transition has ended (checked each frame; a spinner or a pulsing
  // skeleton runs for ever and is not waited for), at most 2 s.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 2000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe on ${what}`).toEqual([]);
}
