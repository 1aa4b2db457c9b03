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

  it('keeps files on disk in DATA_DIR and backs up daily into DATA_DIR/backups, keeping 7, by default', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.storage).toEqual({ driver: 'disk', root: path.join(dir, 'files') });
    expect(config.backup).toEqual({ dir: path.join(dir, 'backups'), dirGiven: false, everyHours: 24, keep: 7 });
    expect(loadConfig({ DATA_DIR: dir, BACKUP_EVERY_HOURS: '0', BACKUP_DIR: '/srv/backups' }).backup).toMatchObject({ dir: '/srv/backups', dirGiven: true, everyHours: 0 });
  });

  it('refuses bad backup settings, naming them', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_EVERY_HOURS: '-1', BACKUP_KEEP: '0' })).toThrow(
      /BACKUP_EVERY_HOURS="-1": must be 0 \(off\) or more\n {2}BACKUP_KEEP="0": must be at least 1/,
    );
  });

  it('takes an S3 bucket with STORAGE=s3 and names what is missing', () => {
    const env = { DATA_DIR: dataDir(), STORAGE: 's3', S3_BUCKET: 'files', S3_REGION: 'eu-west-1' };
    expect(loadConfig(env).storage).toEqual({
      driver: 's3',
      bucket: 'files',
      region: 'eu-west-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({ ...env, S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's', S3_FORCE_PATH_STYLE: 'true' }).storage,
    ).toMatchObject({ endpoint: 'http://127.0.0.1:9000', credentials: { accessKeyId: 'k', secretAccessKey: 's' }, forcePathStyle: true });
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE: 's3' })).toThrow(
      'Invalid configuration:\n  S3_BUCKET="": must be set when STORAGE=s3\n  S3_REGION="": must be set when STORAGE=s3',
    );
    expect(() => loadConfig({ ...env, S3_ACCESS_KEY_ID: 'k' })).toThrow('S3_SECRET_ACCESS_KEY="": must be set when STORAGE=s3');
    expect(() => loadConfig({ ...env, STORAGE: 'ftp' })).toThrow('STORAGE="ftp": must be disk or s3');
    expect(() => loadConfig({ ...env, S3_ENDPOINT: 'minio:9000' })).toThrow('S3_ENDPOINT="minio:9000": must be a URL starting with http: or https://');
  });
});

describe('WEBHOOK_ALLOW_PRIVATE', () => {
  it('is off unless set, so webhooks reach public addresses only', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).webhooks).toEqual({ allowPrivate: false });
    expect(loadConfig({ DATA_DIR: dataDir(), WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks).toEqual({ allowPrivate: true });
    expect(() => loadConfig({ DATA_DIR: dataDir(), WEBHOOK_ALLOW_PRIVATE: 'sometimes' })).toThrow(
      'WEBHOOK_ALLOW_PRIVATE="sometimes": must be true or false',
    );
  });
});

describe('the embedded database queue (decision 025)', () => {
  it('lets 500 requests wait up to 10 s by default, and takes other bounds', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).embeddedQueue).toEqual({ maxQueued: 500, maxWaitMs: 10_000 });
    expect(loadConfig({ DATA_DIR: dataDir(), EMBEDDED_DB_MAX_QUEUED: '50', EMBEDDED_DB_MAX_WAIT_SECONDS: '2.5' }).embeddedQueue).toEqual({
      maxQueued: 50,
      maxWaitMs: 2_500,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), EMBEDDED_DB_MAX_QUEUED: '0', EMBEDDED_DB_MAX_WAIT_SECONDS: '0' })).toThrow(
      /EMBEDDED_DB_MAX_QUEUED="0": must be at least 1\n {2}EMBEDDED_DB_MAX_WAIT_SECONDS="0": must be more than 0/,
    );
  });
});

describe('METRICS_PORT (issue 46 point 3)', () => {
  it('is unset unless given, and a port other than PORT when it is', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '' }).metricsPort).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: 'nine' })).toThrow('METRICS_PORT="nine": must be a number');
    expect(() => loadConfig({ DATA_DIR: dataDir(), METRICS_PORT: '70000' })).toThrow('METRICS_PORT="70000": must be between 0 and 65535');
    expect(() => loadConfig({ DATA_DIR: dataDir(), PORT: '3001', METRICS_PORT: '3001' })).toThrow('METRICS_PORT="3001": must differ from PORT');
  });
});
