// @vitest-environment jsdom
// Settings -> Webhooks (issue 30): adding and editing a hook, on the form kit (issue 47 item 3);
// a pending delivery's status changing on screen (issue 49 item 7).
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WEBHOOK_TEXTS as TEXTS, WEBHOOKS_PER_ORGANIZATION, type Webhook, type WebhookDelivery } from '@/domain/webhooks';
import { webhooksApi } from '@/web/test/api-handlers';
import { apiError, apiServer, inTurn, sentRequests } from '@/web/test/api-server';
import { renderWithProviders } from '@/web/test/render-with-providers';
import { en } from '@/web/test/texts';
import { PENDING_REFRESH_MS } from '../api';
import { WEBHOOK_CARD_TEXTS } from '../texts';
import { WebhooksCard } from './webhooks-card';

const hook: Webhook = {
  id: 'hook-1',
  url: 'https://hooks.example/brieflane',
  description: 'Slack bot',
  events: ['project', 'task'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  lastDelivery: null,
};

const dialog = () => screen.getByRole('dialog');
const field = (label: string) => within(dialog()).getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const family = (name: string) => within(dialog()).getByRole('checkbox', { name }) as HTMLInputElement;
const submit = (name: string) => fireEvent.click(within(dialog()).getByRole('button', { name }));
const sent = () => sentRequests.filter((request) => request.method !== 'GET');

async function openAdd() {
  fireEvent.click(await screen.findByRole('button', { name: en(TEXTS.add) }));
  return screen.findByRole('dialog');
}

describe('Settings -> Webhooks', () => {
  it("adds a hook: the schema's checks first, the first refused field focused; then its secret, shown once", async () => {
    apiServer.use(webhooksApi.list(), webhooksApi.create({ ...hook, description: '', events: ['project', 'client', 'task'], secret: 'whsec_0123' }));
    await renderWithProviders(<WebhooksCard />, { signedInAs: 'organization_admin' });
    await openAdd();
    expect(family(en(TEXTS.families.project)).checked).toBe(true);
    expect(family(en(TEXTS.families.task)).checked).toBe(true);

    field(en(TEXTS.descriptionLabel)).focus();
    fireEvent.click(family(en(TEXTS.families.project)));
    fireEvent.click(family(en(TEXTS.families.task)));
    submit(en(TEXTS.add));
    expect(await within(dialog()).findByText(en(TEXTS.urlRequired))).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(field(en(TEXTS.url))));
    expect(field(en(TEXTS.url)).getAttribute('aria-invalid')).toBe('true');
    const events = within(dialog()).getByRole('group', { name: en(TEXTS.events) });
    expect(events.getAttribute('aria-describedby')).toBe('webhook-events-error');
    expect(document.getElementById('webhook-events-error')?.textContent).toBe(en(TEXTS.eventsRequired));

    // The server's own rule for the URL, said before sending.
    type(en(TEXTS.url), 'ftp://hooks.example');
    submit(en(TEXTS.add));
    expect(await within(dialog()).findByText(en(TEXTS.urlInvalid))).toBeTruthy();
    expect(sent()).toHaveLength(0);

    type(en(TEXTS.url), '  https://hooks.example/brieflane ');
    fireEvent.click(family(en(TEXTS.families.task)));
    fireEvent.click(family(en(TEXTS.families.client)));
    fireEvent.click(family(en(TEXTS.families.project)));
    submit(en(TEXTS.add));
    expect(await screen.findByDisplayValue('whsec_0123')).toBeTruthy();
    expect(screen.getByText(en(TEXTS.secretShownOnce))).toBeTruthy();
    // Trimmed, and the kinds in their catalogue's order.
    expect(sent().map((request) => request.body)).toEqual([{ url: 'https://hooks.example/brieflane', description: '', events: ['project', 'client', 'task'] }]);
  });

  it("shows a refused URL under its field, focused, and another refusal as the dialog's message; what was typed stays", async () => {
    apiServer.use(
      webhooksApi.list(),
      webhooksApi.create(
        inTurn(
          apiError(400, 'webhook_url_refused', 'hooks.internal resolves to a private address'),
          apiError(400, 'too_many_webhooks', en(TEXTS.tooMany, { max: WEBHOOKS_PER_ORGANIZATION })),
        ),
      ),
    );
    await renderWithProviders(<WebhooksCard />, { signedInAs: 'organization_admin' });
    await openAdd();
    type(en(TEXTS.url), 'https://hooks.internal/x');
    field(en(TEXTS.descriptionLabel)).focus();
    submit(en(TEXTS.add));
    expect(await within(dialog()).findByText('hooks.internal resolves to a private address')).toBeTruthy();
    expect(field(en(TEXTS.url)).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(en(TEXTS.url)));

    submit(en(TEXTS.add));
    expect(await within(dialog()).findByText(en(TEXTS.tooMany, { max: WEBHOOKS_PER_ORGANIZATION }))).toBeTruthy();
    expect(within(dialog()).getByRole('alert').textContent).toBe(en(TEXTS.tooMany, { max: WEBHOOKS_PER_ORGANIZATION }));
    expect(field(en(TEXTS.url)).getAttribute('aria-invalid')).toBeNull();
    expect(field(en(TEXTS.url)).value).toBe('https://hooks.internal/x');
  });

  it('edits a hook from what it holds', async () => {
    apiServer.use(webhooksApi.list([hook]), webhooksApi.update(hook.id, { ...hook, description: 'Slack', events: ['task'] }));
    await renderWithProviders(<WebhooksCard />, { signedInAs: 'organization_admin' });
    fireEvent.click(await screen.findByRole('button', { name: en(WEBHOOK_CARD_TEXTS.editLabel, { name: hook.description }) }));
    await screen.findByRole('dialog');
    expect(field(en(TEXTS.url)).value).toBe(hook.url);
    expect(field(en(TEXTS.descriptionLabel)).value).toBe('Slack bot');
    type(en(TEXTS.descriptionLabel), 'Slack ');
    fireEvent.click(family(en(TEXTS.families.project)));
    submit(en(TEXTS.save));
    expect(await screen.findByText(en(TEXTS.saved))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'PATCH', path: '/api/webhooks/hook-1', body: { url: hook.url, description: 'Slack', events: ['task'] } },
    ]);
  });
});

describe('Settings -> Webhooks: a pending delivery (issue 49 item 7)', () => {
  const pending = { status: 'pending' as const, at: '2026-11-20T10:05:00.000Z', responseStatus: null };
  const delivered = { status: 'delivered' as const, at: '2026-11-20T10:05:01.000Z', responseStatus: 200 };
  const delivery: WebhookDelivery = {
    id: 'delivery-1',
    eventId: 'event-1',
    eventType: 'ping',
    status: 'pending',
    attempts: 0,
    createdAt: '2026-11-20T10:05:00.000Z',
    lastAttemptAt: null,
    nextAttemptAt: '2026-11-20T10:05:00.000Z',
    responseStatus: null,
    durationMs: null,
    response: null,
    error: null,
    manual: true,
  };
  const reads = (path: string) => sentRequests.filter((request) => request.method === 'GET' && request.path === path).length;
  /** The page's interval timers only: the network, React and Testing Library keep real time. */
  const tick = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
  afterEach(() => vi.useRealTimers());

  it("turns the hook's Pending into Delivered on screen, then stops asking", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    apiServer.use(webhooksApi.list(inTurn([{ ...hook, lastDelivery: pending }], [{ ...hook, lastDelivery: delivered }])));
    await renderWithProviders(<WebhooksCard />, { signedInAs: 'organization_admin' });
    const row = await screen.findByTestId('webhook');
    expect(row.textContent).toContain(en(TEXTS.status.pending));

    await tick(PENDING_REFRESH_MS);
    await waitFor(() => expect(row.textContent).toContain(en(TEXTS.status.delivered)));
    expect(row.textContent).toContain('200');
    expect(row.textContent).not.toContain(en(TEXTS.status.pending));
    // Nothing pending: no more reads (inTurn would fail a third).
    await tick(PENDING_REFRESH_MS * 3);
    expect(reads('/api/webhooks')).toBe(2);
  });

  it('turns a pending delivery in the log into Failed in place, then stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const failed: WebhookDelivery = { ...delivery, status: 'failed', attempts: 1, lastAttemptAt: '2026-11-20T10:05:01.000Z', nextAttemptAt: null, responseStatus: 500, error: 'The receiver answered 500' };
    apiServer.use(
      webhooksApi.list([{ ...hook, lastDelivery: delivered }]),
      webhooksApi.deliveries(hook.id, inTurn({ items: [delivery], nextCursor: null }, { items: [failed], nextCursor: null })),
    );
    await renderWithProviders(<WebhooksCard />, { signedInAs: 'organization_admin' });
    fireEvent.click(await screen.findByRole('button', { name: en(WEBHOOK_CARD_TEXTS.deliveriesLabel, { name: hook.description }) }));
    const entry = await within(await screen.findByRole('dialog')).findByTestId('webhook-delivery');
    expect(entry.textContent).toContain(en(TEXTS.status.pending));

    await tick(PENDING_REFRESH_MS);
    await waitFor(() => expect(entry.textContent).toContain(en(TEXTS.status.failed)));
    expect(entry.textContent).toContain('The receiver answered 500');
    await tick(PENDING_REFRESH_MS * 3);
    expect(reads(`/api/webhooks/${hook.id}/deliveries`)).toBe(2);
    // The hook's own line, delivered, was never pending: read once.
    expect(reads('/api/webhooks')).toBe(1);
  });
});
