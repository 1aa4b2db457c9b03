// Outgoing webhooks (issue 30 item 2): an organization admin adds a hook in Settings, a change
// reaches a receiver on loopback signed with the secret shown once, the delivery log shows it,
// Redeliver sends the same event again, and the hook can be turned off and deleted.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { expect, newAccount, signUpThroughApi, test, toast } from './fixtures';

type Received = { headers: http.IncomingHttpHeaders; body: string };

async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/brieflane`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function signatureHolds(secret: string, request: Received): boolean {
  const [t, v1] = String(request.headers['brieflane-signature']).split(',').map((part) => part.split('=')[1]);
  return v1 === createHmac('sha256', secret).update(`${t}.${request.body}`).digest('hex');
}

test.describe('Webhooks', () => {
  test('an admin adds a webhook, a change arrives signed, the log shows it and Redeliver sends it again', async ({ page }) => {
    const receiver = await startReceiver();
    try {
      await signUpThroughApi(page, newAccount('webhooks'));
      await page.goto('/?tab=settings&section=developers');
      const card = page.getByTestId('webhooks-card');
      await expect(card.getByText('No webhooks yet')).toBeVisible();
      await card.getByRole('button', { name: 'Add Webhook' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Webhook' });
      await dialog.getByRole('button', { name: 'Add Webhook' }).click();
      await expect(dialog.getByText('Payload URL is required')).toBeVisible();
      await dialog.getByLabel('Payload URL').fill(receiver.url);
      await dialog.getByLabel('Description').fill('Ops bot');
      await dialog.getByRole('checkbox', { name: 'Clients' }).check();
      await dialog.getByRole('button', { name: 'Add Webhook' }).click();

      const shown = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = await shown.getByRole('textbox').inputValue();
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole('button', { name: 'Done' }).click();
      const row = page.getByTestId('webhook');
      await expect(row).toContainText('Ops bot');
      await expect(row).toContainText('Clients');
      await expect(row).toContainText('Active');

      // A change made anywhere in the organization reaches the receiver, signed.
      const client = await page.request.post('/api/clients', { data: { name: 'Harbor Coffee' } });
      expect(client.status()).toBe(201);
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
      const [first] = receiver.received;
      expect(first!.headers['brieflane-event']).toBe('client.created');
      expect(JSON.parse(first!.body)).toMatchObject({ type: 'client.created', data: { name: 'Harbor Coffee' } });
      expect(signatureHolds(secret, first!)).toBe(true);

      await row.getByRole('button', { name: 'Send test event: Ops bot' }).click();
      await expect(toast(page, 'Test event queued')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
      expect(receiver.received[1]!.headers['brieflane-event']).toBe('ping');

      await row.getByRole('button', { name: 'Recent deliveries: Ops bot' }).click();
      const log = page.getByRole('dialog', { name: 'Recent deliveries' });
      const deliveries = log.getByTestId('webhook-delivery');
      await expect(deliveries).toHaveCount(2);
      const created = deliveries.filter({ hasText: 'client.created' });
      await expect(created).toContainText('Delivered');
      await expect(created).toContainText('200');
      await created.getByText('Answer from the receiver').click();
      await expect(created.getByText('thanks')).toBeVisible();
      await created.getByRole('button', { name: 'Redeliver' }).click();
      await expect(toast(page, 'Queued to send again')).toBeVisible();
      await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(3);
      expect(receiver.received[2]!.headers['brieflane-event-id']).toBe(first!.headers['brieflane-event-id']);
      expect(receiver.received[2]!.body).toBe(first!.body);
      await expect(deliveries).toHaveCount(3);
      await page.keyboard.press('Escape');

      // Off: nothing more is sent; the switch says why.
      await row.getByRole('switch', { name: 'Turn off Ops bot' }).click();
      await expect(row).toContainText('Off');
      await page.request.post('/api/clients', { data: { name: 'Quiet Client' } });
      await page.reload();
      await expect(page.getByTestId('webhook')).toContainText('Off');
      expect(receiver.received).toHaveLength(3);

      await page.getByRole('button', { name: 'Delete: Ops bot' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Webhook deleted')).toBeVisible();
      await expect(page.getByText('No webhooks yet')).toBeVisible();
    } finally {
      await receiver.close();
    }
  });

  test('a German member reads why a delivery failed in German', async ({ page }) => {
    // A port on loopback where nothing listens.
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));

    await signUpThroughApi(page, newAccount('webhooks-de'));
    expect((await page.request.put('/api/settings/language', { data: { locale: 'de' } })).status()).toBe(200);
    const hook = await page.request.post('/api/webhooks', { data: { url: `http://${host}/brieflane`, description: 'Ops bot', events: ['client'] } });
    expect(hook.status(), await hook.text()).toBe(201);
    const hookId = (await hook.json()).id as string;
    expect((await page.request.post(`/api/webhooks/${hookId}/test`)).status()).toBe(201);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/webhooks/${hookId}/deliveries`)).json()).items[0]?.error as string | null) ?? null, { timeout: 15_000 })
      .not.toBeNull();

    await page.goto('/?tab=settings&section=developers');
    await page.getByTestId('webhook').getByRole('button', { name: 'Letzte Zustellungen: Ops bot' }).click();
    const log = page.getByRole('dialog', { name: 'Letzte Zustellungen' });
    await expect(log.getByTestId('webhook-delivery')).toContainText(`Keine Verbindung zu ${host} möglich (ECONNREFUSED)`);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `/tmp/net-webhook-log-de-${width}.png` });
    }
  });
});
