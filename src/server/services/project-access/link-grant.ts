// The proof that someone gave a protected link's password: an HMAC (AUTH_SECRET) over the link's
// id and an expiry, kept in an httpOnly cookie scoped to the link's API path. It proves only
// the password; whether the link is still active is read from the database on every request,
// so revoking a link ends access at once even for a holder of a grant.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LINK_GRANT_COOKIE = 'brieflane.link_grant';
export const LINK_GRANT_TTL_MS = 12 * 60 * 60 * 1000;

function mac(secret: string, linkId: string, expiresAt: number): string {
  return createHmac('sha256', secret).update(`brieflane:link-grant:${linkId}:${expiresAt}`).digest('base64url');
}

/** A grant for `linkId` valid until `expiresAt` (ms since the epoch). */
export function signLinkGrant(secret: string, linkId: string, expiresAt: number): string {
  return `${linkId}.${expiresAt}.${mac(secret, linkId, expiresAt)}`;
}

/** True when `value` is an unexpired grant for exactly this link, signed with `secret`. */
export function verifyLinkGrant(secret: string, value: string | undefined, linkId: string, now: number): boolean {
  if (!value) return false;
  const [id, expiry, signature, ...rest] = value.split('.');
  if (rest.length > 0 || id !== linkId || !expiry || !signature || !/^\d{1,15}$/.test(expiry)) return false;
  const expiresAt = Number(expiry);
  if (expiresAt <= now) return false;
  const expected = Buffer.from(mac(secret, linkId, expiresAt));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
