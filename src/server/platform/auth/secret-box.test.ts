import { describe, expect, it } from 'vitest';
import { open, seal } from './secret-box';

const SECRET = 'secret-box-test-secret-secret-box-test-0123';

describe('secret box', () => {
  it('opens what it sealed, and each sealing differs (a fresh nonce)', () => {
    const a = seal(SECRET, 'totp', 'JBSWY3DPEHPK3PXP');
    const b = seal(SECRET, 'totp', 'JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(open(SECRET, 'totp', a)).toBe('JBSWY3DPEHPK3PXP');
    expect(open(SECRET, 'totp', b)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens to null under another secret or purpose, altered, or not sealed at all', () => {
    const sealed = seal(SECRET, 'totp', 'JBSWY3DPEHPK3PXP');
    expect(open(`${SECRET}-other`, 'totp', sealed)).toBeNull();
    expect(open(SECRET, 'other', sealed)).toBeNull();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    bytes[bytes.length - 1]! ^= 1;
    expect(open(SECRET, 'totp', `v1.${bytes.toString('base64url')}`)).toBeNull();
    expect(open(SECRET, 'totp', 'JBSWY3DPEHPK3PXP')).toBeNull();
    expect(open(SECRET, 'totp', 'v1.')).toBeNull();
    expect(open(SECRET, 'totp', 'v2.AAAA')).toBeNull();
  });
});
