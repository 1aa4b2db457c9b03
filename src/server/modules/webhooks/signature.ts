// How a webhook request is signed, and how a receiver checks it (issue 30 item 2): the header
// `Brieflane-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>`.
// The timestamp inside the signed text lets a receiver refuse a replay of an old request.
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signWebhookBody(secret: string, timestampSeconds: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${digest}`;
}

/**
 * What a receiver does with the header: true when it carries a v1 signature of this body under
 * this secret, made within `toleranceSeconds` of `nowSeconds`. Compared in constant time.
 */
export function verifyWebhookSignature(secret: string, header: string, body: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given || Math.abs(nowSeconds - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookBody(secret, timestamp, body).split('v1=')[1]!, 'hex');
  const actual = Buffer.from(given, 'hex');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
