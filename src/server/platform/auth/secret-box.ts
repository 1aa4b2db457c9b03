// Secrets the server must read back (a TOTP secret), sealed at rest: AES-256-GCM under a key
// derived from AUTH_SECRET with HKDF-SHA256, one key per purpose. A stolen backup or database dump
// without the server's secret reveals nothing; a tampered value opens to null, never to garbage.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function keyFor(authSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', authSecret, 'brieflane secret-box', purpose, 32));
}

/** `v1.` + base64url(iv | tag | ciphertext). */
export function seal(authSecret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(authSecret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plaintext, or null for a value sealed under another secret or purpose, or altered. */
export function open(authSecret: string, purpose: string, sealed: string): string | null {
  const [version, packed] = sealed.split('.');
  if (version !== VERSION || !packed) return null;
  const bytes = Buffer.from(packed, 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(authSecret, purpose), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
