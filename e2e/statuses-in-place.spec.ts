// Issue 49 item 7: statuses update in place. Staff have a file open while the client decides on it
// through their approval link in another browser: staff's row shows the decision and the client's
// comment without a reload, and the client's page keeps showing what they decided after a reload.
// A webhook delivery's Pending turns into Delivered on screen without reopening anything.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { clientAddressHeaders, expect, expectNoSeriousViolations, newAccount, signUpThroughApi, test, toast } from './fixtures';

async function projectWithFileAwaitingApproval(page: Page): Promise<{ projectId: string; token: string }> {
  const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
  expect(client.status(), await client.text()).toBe(201);
  const project = await page.request.post('/api/projects', { data: { name: 'Menu Redesign', clientId: (await client.json()).id } });
  expect(project.status(), await project.text()).toBe(201);
  const projectId = (await project.json()).id as string;
  const buffer = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2f6fb3' } }).png().toBuffer();
  const file = await page.request.post(`/api/projects/${projectId}/files`, { multipart: { file: { name: 'menu-board.png', mimeType: 'image/png', buffer } } });
  expect(file.status(), await file.text()).toBe(201);
  const asked = await page.request.put(`/api/projects/${projectId}/files/${(await file.json()).id}/approval`, { data: { message: 'The spring menu board.' } });
  expect(asked.status(), await asked.text()).toBe(204);
  const link = await page.request.post(`/api/projects/${projectId}/access-links`, { data: { name: 'Client review', viewersMayApprove: true } });
  expect(link.status(), await link.text()).toBe(201);
  return { projectId, token: (await link.json()).token };
}

/** Another browser with no session, on its own client address. */
async function newVisitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: clientAddressHeaders() });
  return context.newPage();
}

/** A receiver on loopback that answers each request only when the test lets it. */
async function startHeldReceiver() {
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => held.push(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/brieflane`,
    held,
    release: () => held.splice(0).forEach((res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks')),
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

test.describe('Statuses update in place', () => {
  test("the client's decision and comment reach staff's open file row, and stay on the client's page after a reload", async ({ page, browser }) => {
    await signUpThroughApi(page, newAccount('inplace'));
    const { projectId, token } = await projectWithFileAwaitingApproval(page);

    // Staff have the project's files open.
    await page.goto(`/project/${projectId}?tab=files`);
    const row = page.getByRole('listitem', { name: 'menu-board.png' });
    await expect(row.getByText('Awaiting approval', { exact: true })).toBeVisible();
    await expect(row.getByTestId('client-decision')).toHaveCount(0);

    // The client, in another browser, asks for changes with a comment.
    const client = await newVisitor(browser);
    await client.goto(`/project-access/${token}`);
    const item = client.getByRole('listitem', { name: /menu-board\.png · Version 1/ });
    await item.getByLabel('Your name').fill('Dana Client');
    await item.getByLabel('Comment').fill('Make the prices larger.');
    await item.getByRole('button', { name: 'Request changes' }).click();
    await expect(toast(client, 'Thank you: your request for changes was sent.')).toBeVisible();

    // Their decision stays in view where the form was: what, who, when, their comment.
    const decided = client.getByTestId('decided-file');
    await expect(decided.getByRole('heading', { name: 'menu-board.png · Version 1' })).toBeVisible();
    await expect(decided.getByText(/^Changes requested by Dana Client on /)).toBeVisible();
    await expect(decided.getByText('Make the prices larger.')).toBeVisible();
    await expect(decided).toBeFocused();
    await expect(client.getByText('Nothing is awaiting your approval.')).toBeVisible();
    await expectNoSeriousViolations(client, "the client's page after a decision");

    // Staff's row follows without a reload: the state, who decided through which link, the comment.
    await expect(row.getByText('Changes requested', { exact: true })).toBeVisible();
    const decision = row.getByTestId('client-decision');
    await expect(decision).toContainText("Requested changes by Dana Client via link 'Client review' · ");
    await expect(decision.getByText('Make the prices larger.')).toBeVisible();
    await expectNoSeriousViolations(page, "staff's files with the client's decision");
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await client.setViewportSize({ width, height: 900 });
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`staff-row-${width}.png`) });
      await client.screenshot({ path: test.info().outputPath(`client-decided-${width}.png`), fullPage: true });
    }

    // Reloaded, the client's page still shows what they decided.
    await client.reload();
    await expect(client.getByRole('heading', { name: 'Awaiting your approval' })).toBeVisible();
    await expect(decided.getByText(/^Changes requested by Dana Client on /)).toBeVisible();
    await expect(decided.getByText('Make the prices larger.')).toBeVisible();
    await expect(client.getByRole('button', { name: 'Request changes' })).toHaveCount(0);
    await client.context().close();
  });

  test("a webhook delivery's Pending turns into Delivered on screen, in the list and in the open log", async ({ page }) => {
    const receiver = await startHeldReceiver();
    try {
      await signUpThroughApi(page, newAccount('hookstatus'));
      const hook = await page.request.post('/api/webhooks', { data: { url: receiver.url, description: 'Ops bot', events: ['project'] } });
      expect(hook.status(), await hook.text()).toBe(201);
      await page.goto('/?tab=settings&section=developers');
      const row = page.getByTestId('webhook');
      await expect(row).toContainText('Nothing sent yet');

      await row.getByRole('button', { name: 'Send test event: Ops bot' }).click();
      await expect(toast(page, 'Test event queued')).toBeVisible();
      // The receiver holds the request: the delivery waits.
      await expect(row).toContainText('Pending');
      await expect.poll(() => receiver.held.length, { timeout: 15_000 }).toBe(1);
      await row.getByRole('button', { name: 'Recent deliveries: Ops bot' }).click();
      const entry = page.getByRole('dialog', { name: 'Recent deliveries' }).getByTestId('webhook-delivery');
      await expect(entry).toContainText('Pending');

      // The receiver answers: the open log and the list show it, nothing reopened.
      receiver.release();
      await expect(entry).toContainText('Delivered');
      await expect(entry).toContainText('200');
      await page.keyboard.press('Escape');
      await expect(row).toContainText('Delivered');
      await expect(row).not.toContainText('Pending');
    } finally {
      await receiver.close();
    }
  });
});
