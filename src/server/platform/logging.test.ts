import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { isQuietRequest, serverLogger } from './logging';
import { loadConfig } from './config';

describe('request logs', () => {
  const lines: { msg: string; req?: { url: string }; level: number }[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('leave out health checks and static files at info, and keep the rest', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
    await t.app.inject({ method: 'GET', url: '/api/projects' });
    const logged = lines.filter((line) => line.msg === 'incoming request').map((line) => line.req?.url);
    expect(logged).toEqual(['/api/projects']);
  });

  it('tell quiet requests apart', () => {
    expect(isQuietRequest('/api/health')).toBe(true);
    expect(isQuietRequest('/api/health?probe=1')).toBe(true);
    expect(isQuietRequest('/assets/index-AbC123xy.js')).toBe(true);
    expect(isQuietRequest('/favicon.svg')).toBe(true);
    expect(isQuietRequest('/api/projects')).toBe(false);
    expect(isQuietRequest('/api/files/report.pdf')).toBe(false);
    expect(isQuietRequest('/project/123')).toBe(false);
  });
});

describe('the server logger', () => {
  const env = { DATA_DIR: '/tmp/brieflane-logging-test', AUTH_SECRET: 'a'.repeat(32) };

  it('writes JSON in production', async () => {
    const logger = await serverLogger(loadConfig({ ...env, NODE_ENV: 'production' }));
    expect(logger).toEqual({ level: 'info' });
  });

  it('writes readable lines through pino-pretty in development', async () => {
    const logger = (await serverLogger(loadConfig({ ...env, NODE_ENV: 'development' }))) as { stream?: unknown };
    expect(logger.stream).toBeDefined();
    expect(typeof (logger.stream as { write?: unknown }).write).toBe('function');
  });
});
