// Wires the mail worker into the app's life: started when the app is ready, stopped (and its
// round in flight awaited) on app.close(). An enqueued email wakes it at once through a NOTIFY
// on the mail channel, on every app server; the poll remains for retries and missed wake-ups.
// With no SMTP_URL nothing starts: emails stay in the outbox for the dev mailbox.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform';
import { listenOn, type ChangeListener } from '../realtime/listener';
import { MAIL_CHANNEL } from './outbox';
import { createSmtpTransport } from './smtp-transport';
import { createMailWorker, type MailWorker } from './worker';

export function attachMailDelivery(app: FastifyInstance, platform: Platform, options: { pollIntervalMs?: number } = {}): MailWorker | undefined {
  const { config } = platform;
  if (!config.smtpUrl) return undefined;
  const transport = createSmtpTransport(config.smtpUrl);
  const worker = createMailWorker({
    db: platform.db,
    clock: platform.clock,
    transport,
    from: config.mailFrom,
    logger: app.log.child({ module: 'mail' }),
    pollIntervalMs: options.pollIntervalMs,
  });
  let wakeUps: ChangeListener | undefined;
  app.addHook('onReady', async () => {
    const wake = () => worker.nudge();
    wakeUps = await listenOn(platform.database, config.databaseUrl, MAIL_CHANNEL, { onPayload: wake, onResync: wake }, app.log);
    worker.start();
  });
  app.addHook('onClose', async () => {
    await wakeUps?.stop();
    await worker.stop();
    transport.close();
  });
  return worker;
}
