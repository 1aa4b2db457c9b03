import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'brieflane-config-'));

describe('loadConfig', () => {
  it('defaults to the embedded database on port 3000 with a 25 MB upload limit', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.maxUploadBytes).toBe(25 * 1024 * 1024);
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', SMTP_URL: 'http://x', MAX_UPLOAD_MB: '-1' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ DATA_DIR: dataDir(), PORT: 'abc', SMTP_URL: 'http://x', MAX_UPLOAD_MB: '-1' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT="abc": must be a number');
      expect(message).toContain('SMTP_URL="http://x": must be a URL starting with smtp: or smtps:');
      expect(message).toContain('MAX_UPLOAD_MB="-1": must be more than 0');
    }
  });

  it('does not seed a real server unless asked', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/x' }).seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://localhost/x', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('generates AUTH_SECRET once and keeps it in DATA_DIR', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).authSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).authSecret).toBe(first);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(first);
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, so clients cannot choose their own address', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'maybe' })).toThrow('TRUST_PROXY="maybe": must be true or false');
  });
});
