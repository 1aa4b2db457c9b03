// Security headers on every answer (helmet's set, with our content security policy). They never
// vary between requests, but @fastify/helmet builds helmet's middleware again for every request,
// parsing the policy each time (3-4% of the server's CPU on the project list, decision 014). So
// helmet computes them once, at start, and each request copies the table.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The ws:// or wss:// origin of an http(s) URL. */
export function webSocketOrigin(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}

export function securityHeaderOptions(publicUrl: string): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        // 'self' covers the page's own ws/wss origin in CSP 3 browsers; the public URL's
        // WebSocket origin is named too for those that read 'self' as http(s) only.
        connectSrc: ["'self'", webSocketOrigin(publicUrl)],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** What helmet sets with these options: one answer of a throwaway app, minus what Fastify adds. */
export async function computeSecurityHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  probe.get('/', async () => 'probe');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const framework = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);
  return Object.fromEntries(Object.entries(res.headers).filter(([name]) => !framework.has(name)).map(([name, value]) => [name, String(value)]));
}

export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = await computeSecurityHeaders(securityHeaderOptions(publicUrl));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
