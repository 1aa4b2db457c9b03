// Is a request or a listening address confined to this machine? The dev mailbox answers only
// loopback sockets (decision 006), /metrics and the backup route take loopback only when no proxy
// relayed the request, and main.ts warns when the server listens beyond loopback with email
// unconfigured.
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { Config } from './config';

/** 127.0.0.0/8, ::1 and their IPv4-mapped IPv6 forms. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
}

/**
 * Whether the request's TCP peer is this machine. Reads the socket, never X-Forwarded-For or
 * request.ip: behind TRUST_PROXY a client names its own forwarded address.
 */
export function isLoopbackRequest(request: FastifyRequest): boolean {
  return isLoopbackAddress(request.raw.socket?.remoteAddress);
}

/**
 * Headers a proxy adds for the client it relays (issue 46 point 3). X-Forwarded-For and Forwarded
 * are the usual ones, but nginx configured with only `X-Real-IP`, a cache that adds only `Via`, a
 * TLS terminator that says only the scheme (`X-Forwarded-Proto`) or the host, and the CDN tunnels'
 * client-address headers each relay a client from elsewhere too. Every `X-Forwarded-*` counts,
 * Proto included: a scraper or CLI on this machine sends none of them, so the only cost of
 * counting one is a 404 to a local client that claims to be proxied.
 */
const RELAY_HEADERS = ['forwarded', 'via', 'x-real-ip', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip'];

/**
 * Whether a proxy says it relayed the request. A proxy that adds nothing (socat, stunnel) cannot
 * be told from a local client this way; that is why loopback alone is not enough in production
 * (metrics.ts).
 */
export function isRelayed(headers: IncomingHttpHeaders): boolean {
  return Object.keys(headers).some((name) => name.startsWith('x-forwarded-') || RELAY_HEADERS.includes(name));
}

/** HOST values that listen on loopback only. */
export function listensOnLoopbackOnly(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || isLoopbackAddress(h);
}

/** The server listens where other machines can reach it while email stays in the outbox. */
export function isExposedWithoutEmail(config: Pick<Config, 'host' | 'smtpUrl'>): boolean {
  return !config.smtpUrl && !listensOnLoopbackOnly(config.host);
}

/**
 * Printed at start when isExposedWithoutEmail: what it means and what to do. With the demo
 * seeded, its shared password is named too, since anyone who reaches the server can use it.
 */
export function exposedWithoutEmailWarning(
  config: Pick<Config, 'host' | 'port'>,
  demo?: { password: string; emails: string[] },
): string {
  return [
    `WARNING: Brieflane listens on ${config.host}:${config.port}, beyond this machine, and no SMTP_URL is set.`,
    '  Email stays in the outbox: nobody receives verification codes or password reset links.',
    '  The dev mailbox (/dev/mailbox) answers only on this machine (127.0.0.1 or ::1).',
    ...(demo
      ? [
          `  The demo accounts (${demo.emails.join(', ')}) all use the password "${demo.password}":`,
          '  anyone who can reach this server can sign in as them. Change or remove them before sharing it.',
        ]
      : []),
    '  Set SMTP_URL to send email, or HOST=127.0.0.1 to keep the server on this machine.',
  ].join('\n');
}
