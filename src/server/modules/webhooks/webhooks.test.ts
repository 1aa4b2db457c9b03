// Outgoing webhooks (issue 30 item 2): admins manage an organization's hooks; each change writes
// its deliveries in its own transaction; the worker posts them signed, retries for 24 hours,
// turns a hook that keeps failing off and emails the admins; every delivery is logged.
import { and, eq } from 'drizzle-orm';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_TEXTS, WEBHOOKS_PER_ORGANIZATION, type Webhook, type WebhookDelivery, type WebhookEventType, type WebhookWithSecret } from '../../../domain/webhooks';
import { messageWithValues } from '../../../domain/locales';
import { WEBHOOK_DATA_SCHEMAS } from './openapi';
import { fixedClock } from '../../platform/clock';
import { OUTBOUND_TEXTS } from '../../platform/outbound-texts';
import { emailOutbox } from '../../platform/db/schema/platform';
import { profiles } from '../../platform/db/schema/tenancy';
import { webhookDeliveries, webhooks } from './schema';
import { emitWebhookEvent } from '../../services/outlets/webhooks';
import { seedAgency, type Agency } from '../../test/agency';
import { countEmailsTo } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../test/webhook-receiver';
import { verifyWebhookSignature } from './signature';
import { createWebhookWorker } from './worker';

const clock = fixedClock(new Date('2026-11-27T10:00:00Z'));
const HOUR = 60 * 60 * 1000;

describe('webhooks', () => {
  let t: TestApp;
  let a: Agency;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    // Loopback receivers need WEBHOOK_ALLOW_PRIVATE; the worker is driven by hand.
    t = await createTestApp({ clock, env: { WEBHOOK_ALLOW_PRIVATE: 'true' }, webhooks: { background: false } });
    a = await seedAgency(t, { project: 'Hooked Project' });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });
  beforeEach(async () => {
    await t.db.delete(webhooks);
    receiver.requests.length = 0;
    receiver.answer(200);
  });

  const addHook = async (payload: object = {}) => {
    const res = await a.admin.inject({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['project', 'task'], ...payload } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as WebhookWithSecret;
  };
  const deliveriesOf = (hookId: string) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, hookId));
  const deliverDue = () => t.app.webhookWorker.deliverDue();

  it('lets admins and the organization admin manage hooks, and no one else', async () => {
    const hook = await addHook({ description: 'Slack bot' });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(hook).toMatchObject({ url: receiver.url, description: 'Slack bot', events: ['project', 'task'], enabled: true, disabledReason: null, lastDelivery: null });
    const list = await a.orgAdmin.inject({ method: 'GET', url: '/api/webhooks' });
    expect(list.json().map((h: Webhook) => h.id)).toEqual([hook.id]);
    expect(list.body).not.toContain(hook.secret);
    for (const user of [a.executive, a.developer]) {
      const res = await user.inject({ method: 'GET', url: '/api/webhooks' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(WEBHOOK_TEXTS.adminsOnly.message);
      expect((await user.inject({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['task'] } })).statusCode).toBe(403);
    }
    // Another organization's admin reaches none of it.
    expect((await a.outsider.inject({ method: 'GET', url: '/api/webhooks' })).json()).toEqual([]);
    for (const [method, url] of [
      ['PATCH', `/api/webhooks/${hook.id}`],
      ['DELETE', `/api/webhooks/${hook.id}`],
      ['POST', `/api/webhooks/${hook.id}/test`],
      ['POST', `/api/webhooks/${hook.id}/secret`],
      ['GET', `/api/webhooks/${hook.id}/deliveries`],
    ] as const) {
      const res = await a.outsider.inject({ method, url, payload: method === 'PATCH' ? { enabled: false } : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ enabled: true, secret: hook.secret });
  });

  it('refuses bad input with a clear 400 and holds at most 20 hooks', async () => {
    for (const payload of [
      { url: 'ftp://example.com/x', events: ['task'] },
      { url: 'https://user:pw@example.com/x', events: ['task'] },
      { url: 'not a url', events: ['task'] },
      { url: receiver.url, events: [] },
      { url: receiver.url, events: ['invoices'] },
    ]) {
      const res = await a.admin.inject({ method: 'POST', url: '/api/webhooks', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    await t.db.insert(webhooks).values(
      Array.from({ length: WEBHOOKS_PER_ORGANIZATION }, () => ({ organizationId: a.admin.organizationId, url: receiver.url, secret: 'whsec_x', events: ['task' as const] })),
    );
    const res = await a.admin.inject({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['task'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'too_many_webhooks', message: `An organization can hold at most ${WEBHOOKS_PER_ORGANIZATION} webhooks; delete one first.` });
    // Issue 48: the same refusal in the caller's language, with the same code and its number filled.
    const german = await a.admin.inject({ method: 'POST', url: '/api/webhooks', payload: { url: receiver.url, events: ['task'] }, headers: { 'accept-language': 'de' } });
    expect(german.json().error).toEqual({ code: 'too_many_webhooks', message: `Eine Organisation kann höchstens ${WEBHOOKS_PER_ORGANIZATION} Webhooks haben; löschen Sie zuerst einen.` });
  });

  it('refuses a URL on the server’s own network unless the operator allows it', async () => {
    const closed = await createTestApp({ clock, webhooks: { background: false } });
    try {
      const admin = (await seedAgency(closed)).admin;
      for (const url of [receiver.url, 'http://169.254.169.254/latest/meta-data', 'http://10.0.0.8/hook', 'http://[::1]:8080/']) {
        const res = await admin.inject({ method: 'POST', url: '/api/webhooks', payload: { url, events: ['task'] } });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('webhook_url_refused');
      }
      // Issue 48: why, in the caller's language, with the same code.
      const refused = (headers: Record<string, string>) => admin.inject({ method: 'POST', url: '/api/webhooks', payload: { url: 'http://10.0.0.8/hook', events: ['task'] }, headers });
      expect((await refused({})).json().error).toEqual({ code: 'webhook_url_refused', message: '10.0.0.8 is a private network address; only public addresses can be reached' });
      expect((await refused({ 'accept-language': 'de' })).json().error).toEqual({
        code: 'webhook_url_refused',
        message: '10.0.0.8 ist eine Adresse eines privaten Netzwerks; nur öffentliche Adressen sind erreichbar',
      });
    } finally {
      await closed.close();
    }
    // Even when allowed, the metadata address stays out.
    const res = await a.admin.inject({ method: 'POST', url: '/api/webhooks', payload: { url: 'http://169.254.169.254/latest', events: ['task'] } });
    expect(res.json().error.code).toBe('webhook_url_refused');
  });

  it('writes a delivery in the same transaction as the change, for the kinds asked, with the API shape', async () => {
    const projects = await addHook({ events: ['project'] });
    const clients = await addHook({ events: ['client'] });
    const off = await addHook({ events: ['project'] });
    await a.admin.inject({ method: 'PATCH', url: `/api/webhooks/${off.id}`, payload: { enabled: false } });

    const created = await a.orgAdmin.inject({ method: 'POST', url: '/api/projects', payload: { name: 'Launch', clientId: a.clientId } });
    expect(created.statusCode).toBe(201);
    const [delivery, ...more] = await deliveriesOf(projects.id);
    expect(more).toEqual([]);
    expect(delivery).toMatchObject({ eventType: 'project.created', status: 'pending', attempts: 0 });
    const body = JSON.parse(delivery!.body);
    expect(body).toEqual({ id: delivery!.eventId, type: 'project.created', created: clock.now().toISOString(), organization: { id: a.orgAdmin.organizationId }, data: created.json() });
    expect(await deliveriesOf(clients.id)).toEqual([]);
    expect(await deliveriesOf(off.id)).toEqual([]);

    // Another organization's change reaches none of this one's hooks.
    await a.outsider.inject({ method: 'POST', url: '/api/clients', payload: { name: 'Elsewhere' } });
    expect(await deliveriesOf(clients.id)).toEqual([]);

    // A change that rolls back leaves no delivery behind.
    await expect(
      t.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, { organizationId: a.admin.organizationId, type: 'project.updated', data: { id: 'x' }, at: clock.now() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveriesOf(projects.id)).toHaveLength(1);
  });

  it('sends each kind of change: tasks, comments, files, members and a submitted questionnaire', async () => {
    const hook = await addHook({ events: ['task', 'comment', 'file', 'member', 'client', 'intake'] });
    const task = (await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Draft brief' } })).json();
    await a.developer.inject({ method: 'PATCH', url: `/api/projects/${a.projectId}/tasks/${task.id}`, payload: { status: 'completed' } });
    const comment = (await a.developer.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks/${task.id}/comments`, payload: { body: 'Done' } })).json();
    await a.developer.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}/tasks/${task.id}/comments/${comment.id}` });
    const link = (await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/links`, payload: { name: 'Brief', url: 'https://example.com/brief' } })).json();
    await a.executive.inject({ method: 'DELETE', url: `/api/projects/${a.projectId}/files/${link.id}` });
    await a.admin.inject({ method: 'PATCH', url: `/api/clients/${a.clientId}`, payload: { name: 'Acme Ltd' } });
    const member = (await a.admin.inject({ method: 'POST', url: '/api/team', payload: { fullName: 'New Person', role: 'developer' } })).json();
    await a.admin.inject({ method: 'DELETE', url: `/api/team/${member.id}` });

    const events = (await deliveriesOf(hook.id)).map((d) => JSON.parse(d.body)).sort((x, y) => x.created.localeCompare(y.created));
    expect(events.map((e) => e.type).sort()).toEqual(
      ['task.created', 'task.completed', 'comment.created', 'comment.deleted', 'file.created', 'file.deleted', 'client.updated', 'member.added', 'member.removed'].sort(),
    );
    const byType = Object.fromEntries(events.map((e) => [e.type, e.data]));
    expect(byType['task.created']).toMatchObject({ id: task.id, title: 'Draft brief', status: 'pending' });
    expect(byType['task.completed']).toMatchObject({ id: task.id, status: 'completed' });
    // The reader's own flags are left out; a developer's comment carries what staff would read.
    expect(byType['comment.created']).toMatchObject({ id: comment.id, body: 'Done', authorName: a.developer.fullName, authorEmail: a.developer.email });
    expect(byType['comment.created']).not.toHaveProperty('isOwn');
    expect(byType['comment.deleted']).toEqual({ id: comment.id, taskId: task.id, projectId: a.projectId });
    expect(byType['file.created']).toMatchObject({ id: link.id, isLink: true, linkUrl: 'https://example.com/brief' });
    expect(byType['file.created']).not.toHaveProperty('canDelete');
    expect(byType['client.updated']).toMatchObject({ id: a.clientId, name: 'Acme Ltd' });
    expect(byType['member.added']).toMatchObject({ id: member.id, fullName: 'New Person', role: 'developer' });
    expect(byType['member.removed']).toEqual({ id: member.id, fullName: 'New Person', email: null, role: 'developer' });
    // Each carries exactly the shape the OpenAPI document's `webhooks` declares for it.
    for (const event of events) expect(WEBHOOK_DATA_SCHEMAS[event.type as WebhookEventType].parse(event.data), event.type).toEqual(event.data);
  });

  it('declares every event in the OpenAPI document’s webhooks', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...WEBHOOK_EVENT_TYPES, 'ping'].sort());
    const task = doc.webhooks['task.created'].post;
    expect(task.parameters.map((p: { name: string }) => p.name)).toContain('Brieflane-Signature');
    const body = task.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['id', 'type', 'created', 'organization', 'data']));
    expect(body.properties.type.const).toBe('task.created');
    expect(Object.keys(body.properties.data.properties)).toEqual(expect.arrayContaining(['id', 'title', 'status', 'assigneeName']));
    // The API's own paths still carry their schemas under 3.1.
    expect(doc.paths['/api/webhooks'].post.requestBody.content['application/json'].schema.properties.events).toBeDefined();
  });

  it('posts each delivery signed, records the answer, and lists the log newest first', async () => {
    const hook = await addHook();
    receiver.answer(200, 'x'.repeat(3000));
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Signed' } });
    expect(await deliverDue()).toMatchObject({ delivered: 1, retried: 0, failed: 0 });
    const [request] = await receiver.waitFor(1);
    const [delivery] = await deliveriesOf(hook.id);
    expect(request).toMatchObject({ method: 'POST', path: '/hooks/brieflane' });
    expect(request!.headers['content-type']).toMatch(/^application\/json/);
    expect(request!.headers['brieflane-event']).toBe('task.created');
    expect(request!.headers['brieflane-event-id']).toBe(delivery!.eventId);
    expect(request!.headers['brieflane-delivery']).toBe(delivery!.id);
    expect(request!.body).toBe(delivery!.body);
    const signature = String(request!.headers['brieflane-signature']);
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(verifyWebhookSignature(hook.secret, signature, request!.body, now)).toBe(true);
    expect(verifyWebhookSignature(hook.secret, signature, `${request!.body} `, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', signature, request!.body, now)).toBe(false);
    expect(verifyWebhookSignature(hook.secret, signature, request!.body, now + 3600)).toBe(false);

    const log = await a.admin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries` });
    const [entry] = log.json().items as WebhookDelivery[];
    expect(entry).toMatchObject({ id: delivery!.id, eventType: 'task.created', status: 'delivered', attempts: 1, responseStatus: 200, error: null, manual: false, nextAttemptAt: null });
    expect(entry!.response).toBe('x'.repeat(1024));
    expect(entry!.durationMs).toBeGreaterThanOrEqual(0);
    const listed = (await a.admin.inject({ method: 'GET', url: '/api/webhooks' })).json() as Webhook[];
    expect(listed[0]!.lastDelivery).toEqual({ status: 'delivered', at: clock.now().toISOString(), responseStatus: 200 });
  });

  it('retries a failed delivery with growing pauses, and a success clears the failing mark', async () => {
    const hook = await addHook();
    receiver.answer(500, 'down');
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Retried' } });
    expect(await deliverDue()).toMatchObject({ retried: 1 });
    let [delivery] = await deliveriesOf(hook.id);
    // Stored as the text's id and values, read in the reader's language (issue 48).
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, response: 'down', error: messageWithValues(WEBHOOK_TEXTS.receiverAnswered, { status: '500' }) });
    const read = async (headers: Record<string, string>) =>
      ((await a.admin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers })).json().items as WebhookDelivery[])[0]!.error;
    expect(await read({})).toBe('The receiver answered 500');
    expect(await read({ 'accept-language': 'de' })).toBe('Der Empfänger antwortete mit 500');
    const pause = delivery!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(pause).toBeGreaterThanOrEqual(27_000);
    expect(pause).toBeLessThanOrEqual(33_000);
    expect((await t.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!.failingSince).toEqual(clock.now());
    // Not due yet: nothing is sent.
    expect(await deliverDue()).toMatchObject({ delivered: 0, retried: 0 });
    clock.advance(pause);
    expect(await deliverDue()).toMatchObject({ retried: 1 });
    [delivery] = await deliveriesOf(hook.id);
    const second = delivery!.nextAttemptAt.getTime() - clock.now().getTime();
    expect(second).toBeGreaterThanOrEqual(54_000);
    receiver.answer(204, '');
    clock.advance(second);
    expect(await deliverDue()).toMatchObject({ delivered: 1 });
    [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 204, error: null });
    expect(receiver.requests.map((r) => r.headers['brieflane-event-id'])).toEqual(Array(3).fill(delivery!.eventId));
    expect((await t.db.select().from(webhooks).where(eq(webhooks.id, hook.id)))[0]!.failingSince).toBeNull();
  });

  it('stores a network failure as its text, read in each reader’s language; one stored as English words before reads as it was', async () => {
    // A port on loopback where nothing listens.
    const closedPort = net.createServer();
    await new Promise<void>((resolve) => closedPort.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(closedPort.address() as AddressInfo).port}`;
    await new Promise((resolve) => closedPort.close(resolve));
    const hook = await addHook({ url: `http://${host}/hook` });
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Unreachable' } });
    expect(await deliverDue()).toMatchObject({ retried: 1 });
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null, error: messageWithValues(OUTBOUND_TEXTS.couldNotConnect, { host, code: 'ECONNREFUSED' }) });
    const read = async (headers: Record<string, string>) =>
      ((await a.admin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers })).json().items as WebhookDelivery[])[0]!.error;
    expect(await read({})).toBe(`Could not connect to ${host} (ECONNREFUSED)`);
    expect(await read({ 'accept-language': 'en' })).toBe(`Could not connect to ${host} (ECONNREFUSED)`);
    expect(await read({ 'accept-language': 'de' })).toBe(`Keine Verbindung zu ${host} möglich (ECONNREFUSED)`);
    expect(await read({ 'accept-language': 'es' })).toBe(`No se pudo conectar con ${host} (ECONNREFUSED)`);
    // A member who saved German reads German, whatever their browser asks for.
    await t.db.update(profiles).set({ locale: 'de' }).where(eq(profiles.id, a.orgAdmin.profileId));
    try {
      const log = await a.orgAdmin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers: { 'accept-language': 'en' } });
      expect((log.json().items as WebhookDelivery[])[0]!.error).toBe(`Keine Verbindung zu ${host} möglich (ECONNREFUSED)`);
    } finally {
      await t.db.update(profiles).set({ locale: null }).where(eq(profiles.id, a.orgAdmin.profileId));
    }
    // A delivery that failed before this stored English words: they show as they are.
    await t.db.update(webhookDeliveries).set({ error: `Could not connect to ${host} (ECONNREFUSED)` }).where(eq(webhookDeliveries.id, delivery!.id));
    expect(await read({ 'accept-language': 'de' })).toBe(`Could not connect to ${host} (ECONNREFUSED)`);
  });

  it('gives up after 24 hours, turns a hook failing that long off and emails the admins once', async () => {
    const hook = await addHook();
    receiver.answer(503);
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Doomed' } });
    const before = await Promise.all([a.orgAdmin, a.admin, a.executive].map((u) => countEmailsTo(t.db, u.email, 'webhook_disabled')));
    for (let hour = 0; hour < 26; hour++) {
      await deliverDue();
      clock.advance(HOUR);
    }
    await deliverDue();
    const [delivery] = await deliveriesOf(hook.id);
    expect(delivery!.status).toBe('failed');
    expect(delivery!.attempts).toBeGreaterThan(10);
    // Its last attempt came when its 24 hours were over, not a pause short of them.
    expect(delivery!.lastAttemptAt!.getTime()).toBeGreaterThanOrEqual(delivery!.createdAt.getTime() + 24 * HOUR);
    const [row] = await t.db.select().from(webhooks).where(eq(webhooks.id, hook.id));
    expect(row).toMatchObject({ enabled: false, disabledReason: 'failing' });
    const after = await Promise.all([a.orgAdmin, a.admin, a.executive].map((u) => countEmailsTo(t.db, u.email, 'webhook_disabled')));
    expect(after).toEqual([before[0]! + 1, before[1]! + 1, before[2]]);
    const [email] = await t.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, a.admin.email), eq(emailOutbox.kind, 'webhook_disabled')));
    expect(email!.text).toContain(receiver.url);
    // Issue 49 item 5: the link opens Settings' Developers section, where the webhooks are.
    expect(email!.text).toMatch(/Settings -> Webhooks: http\S+\/\?tab=settings&section=developers$/m);
    // Turned off, it gets no new events; turned back on, its failures count afresh.
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Not sent' } });
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    const on = await a.admin.inject({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { enabled: true } });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('redelivers an event as a new delivery with the same id and body, and sends a test event to a hook that is off', async () => {
    const hook = await addHook();
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Again' } });
    await deliverDue();
    const [original] = await deliveriesOf(hook.id);
    const again = await a.admin.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/deliveries/${original!.id}/redeliver` });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ eventId: original!.eventId, eventType: 'task.created', status: 'pending', manual: true });
    await a.admin.inject({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { enabled: false } });
    const test = await a.admin.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
    expect(test.json()).toMatchObject({ eventType: 'ping', manual: true });
    expect(await deliverDue()).toMatchObject({ delivered: 2 });
    const [, redelivered, ping] = await receiver.waitFor(3);
    expect(redelivered!.body).toBe(original!.body);
    expect(redelivered!.headers['brieflane-delivery']).toBe(again.json().id);
    expect(JSON.parse(ping!.body)).toMatchObject({ type: 'ping', data: { webhook: { id: hook.id, url: receiver.url } } });
    // Another hook's delivery is not this one's.
    const other = await addHook();
    expect((await a.admin.inject({ method: 'POST', url: `/api/webhooks/${other.id}/deliveries/${original!.id}/redeliver` })).statusCode).toBe(404);
  });

  it('drops the events still waiting when a hook is turned off; Redeliver sends one once it is back on', async () => {
    const hook = await addHook();
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Waiting' } });
    await a.admin.inject({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { enabled: false } });
    const [dropped] = await deliveriesOf(hook.id);
    expect(dropped).toMatchObject({ status: 'failed', attempts: 0, error: WEBHOOK_TEXTS.droppedWhenOff.id });
    // Every admin reads why in their own language (issue 48): the row holds the text, not its words.
    const log = (headers: Record<string, string>) => a.admin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries`, headers });
    expect(((await log({})).json().items as WebhookDelivery[])[0]).toMatchObject({ id: dropped!.id, error: WEBHOOK_TEXTS.droppedWhenOff.message });
    expect(((await log({ 'accept-language': 'de' })).json().items as WebhookDelivery[])[0]).toMatchObject({ id: dropped!.id, error: 'Nicht gesendet: Der Webhook wurde ausgeschaltet' });
    await a.admin.inject({ method: 'PATCH', url: `/api/webhooks/${hook.id}`, payload: { enabled: true } });
    expect(await deliverDue()).toMatchObject({ delivered: 0 });
    await a.admin.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/deliveries/${dropped!.id}/redeliver` });
    expect(await deliverDue()).toMatchObject({ delivered: 1 });
    expect(JSON.parse((await receiver.waitFor(1))[0]!.body).id).toBe(dropped!.eventId);
  });

  it('signs with a new secret at once after New Secret', async () => {
    const hook = await addHook();
    const rolled = (await a.admin.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/secret` })).json() as WebhookWithSecret;
    expect(rolled.secret).not.toBe(hook.secret);
    await a.admin.inject({ method: 'POST', url: `/api/webhooks/${hook.id}/test` });
    await deliverDue();
    const [request] = await receiver.waitFor(1);
    const now = Math.floor(clock.now().getTime() / 1000);
    expect(verifyWebhookSignature(rolled.secret, String(request!.headers['brieflane-signature']), request!.body, now)).toBe(true);
    expect(verifyWebhookSignature(hook.secret, String(request!.headers['brieflane-signature']), request!.body, now)).toBe(false);
  });

  it('pages the delivery log to the last entry, and refuses a cursor it did not make', async () => {
    const hook = await addHook();
    const [first] = await t.db
      .insert(webhookDeliveries)
      .values(
        Array.from({ length: 130 }, (_, i) => ({
          webhookId: hook.id,
          organizationId: a.admin.organizationId,
          eventId: crypto.randomUUID(),
          eventType: 'task.updated',
          body: `{"n":${i}}`,
          status: 'delivered' as const,
          // Four to a millisecond, as a burst of changes writes them.
          createdAt: new Date(clock.now().getTime() - Math.floor(i / 4)),
          giveUpAt: clock.now(),
        })),
      )
      .returning();
    expect(first).toBeDefined();
    const seen = new Set<string>();
    let cursor: string | null = null;
    do {
      const res = await a.admin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries?limit=50${cursor ? `&cursor=${cursor}` : ''}` });
      const page = res.json() as { items: WebhookDelivery[]; nextCursor: string | null };
      for (const item of page.items) seen.add(item.id);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.size).toBe(130);
    const bad = await a.admin.inject({ method: 'GET', url: `/api/webhooks/${hook.id}/deliveries?cursor=bm90LWEtY3Vyc29y` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_cursor');
  });

  it('sends each delivery once when two servers work the same database', async () => {
    const hook = await addHook({ events: ['task'] });
    for (let i = 0; i < 30; i++) await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: `Task ${i}` } });
    const platform = { db: t.db, clock, config: t.config };
    const workers = [createWebhookWorker(platform, t.app.log, { batchSize: 7 }), createWebhookWorker(platform, t.app.log, { batchSize: 7 })];
    for (let round = 0; round < 5; round++) await Promise.all(workers.map((w) => w.deliverDue()));
    const ids = receiver.requests.map((r) => r.headers['brieflane-delivery']);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
    expect((await deliveriesOf(hook.id)).every((d) => d.status === 'delivered' && d.attempts === 1)).toBe(true);
  });

  it('deletes a hook with its log; a delivery in flight finds it gone', async () => {
    const hook = await addHook();
    await a.executive.inject({ method: 'POST', url: `/api/projects/${a.projectId}/tasks`, payload: { title: 'Gone' } });
    expect(await deliveriesOf(hook.id)).toHaveLength(1);
    expect((await a.admin.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode).toBe(204);
    expect(await deliveriesOf(hook.id)).toEqual([]);
    expect(await deliverDue()).toMatchObject({ delivered: 0 });
    expect((await a.admin.inject({ method: 'DELETE', url: `/api/webhooks/${hook.id}` })).statusCode).toBe(404);
  });
});
