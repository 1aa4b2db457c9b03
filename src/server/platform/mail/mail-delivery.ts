// Wires the mail worker into the app's life: started when the app is ready, stopped (and its
// round in flight awaited) on app.close(). With no SMTP_URL nothing starts: emails stay in the
// outbox for the dev mailbox.
import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform';
import { createSmtpTransport } from './smtp-transport';
import { createMailWorker, type MailWorker } from './worker';

export function attachMailDelivery(app: FastifyInstance, platform: Platform): MailWorker | undefined {
  const { config } = platform;
  if (!config.smtpUrl) return undefined;
  const transport = createSmtpTransport(config.smtpUrl);
  const worker = createMailWorker({
    db: platform.db,
    clock: platform.clock,
    transport,
    from: config.mailFrom,
    logger: app.log.child({ module: 'mail' }),
  });
  app.addHook('onReady', async () => {
    worker.start();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
    transport.close();
  });
  return worker;
}
