import { describe, expect, it } from 'vitest';
import { exposedWithoutEmailWarning, isExposedWithoutEmail, isLoopbackAddress, isRelayed, listensOnLoopbackOnly } from './loopback';

describe('isLoopbackAddress', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['10.0.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['::ffff:10.0.0.1', false],
    ['1270.0.0.1', false],
    ['127.0.0.1.example.com', false],
    ['', false],
    [undefined, false],
  ])('%s → %s', (address, expected) => {
    expect(isLoopbackAddress(address)).toBe(expected);
  });
});

describe('listensOnLoopbackOnly', () => {
  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['[::1]', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.5', false],
  ])('HOST=%s → %s', (host, expected) => {
    expect(listensOnLoopbackOnly(host)).toBe(expected);
  });
});

describe('the start-up warning', () => {
  it('is due when the server listens beyond loopback with no SMTP', () => {
    expect(isExposedWithoutEmail({ host: '0.0.0.0', smtpUrl: undefined })).toBe(true);
    expect(isExposedWithoutEmail({ host: '127.0.0.1', smtpUrl: undefined })).toBe(false);
    expect(isExposedWithoutEmail({ host: '0.0.0.0', smtpUrl: 'smtp://mail:25' })).toBe(false);
  });

  it('names the demo password when the demo was seeded', () => {
    const text = exposedWithoutEmailWarning({ host: '0.0.0.0', port: 3000 }, { password: 'demo-password', emails: ['owner@brieflane.demo'] });
    expect(text).toMatch(/^WARNING: .*0\.0\.0\.0:3000.*no SMTP_URL/);
    expect(text).toContain('"demo-password"');
    expect(text).toContain('owner@brieflane.demo');
    expect(exposedWithoutEmailWarning({ host: '0.0.0.0', port: 3000 })).not.toContain('password"');
  });
});

describe('isRelayed', () => {
  it('reads any header a proxy adds for its client, and nothing a client sends on its own', () => {
    expect(isRelayed({ host: '127.0.0.1:3000', 'user-agent': 'Prometheus/2.53', accept: 'text/plain', authorization: 'Bearer x' })).toBe(false);
    for (const name of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'via', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'x-client-ip', 'true-client-ip', 'cf-connecting-ip']) {
      expect(isRelayed({ [name]: 'x' }), name).toBe(true);
    }
  });
});
