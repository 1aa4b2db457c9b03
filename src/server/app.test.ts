import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSecurityHeaders, securityHeaderOptions, webSocketOrigin } from './platform/security-headers';
import { createTestApp, type TestApp } from './test/test-app';

describe('app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the health check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('ok');
  });

  it('answers unknown API routes with the one error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'No route for GET /api/nothing-here' } });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends helmet's whole set, computed once, on answers and errors alike", async () => {
    const helmet = await computeSecurityHeaders(securityHeaderOptions(t.config.publicUrl));
    expect(Object.keys(helmet)).toEqual(
      expect.arrayContaining(['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']),
    );
    for (const url of ['/api/health', '/api/nothing-here', '/api/me']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers, url).toMatchObject(helmet);
    }
  });

  it("lets pages connect to their own server only: 'self' and the public URL's WebSocket origin, no other ws/wss host", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const connectSrc = String(res.headers['content-security-policy']).split(';').map((d) => d.trim()).find((d) => d.startsWith('connect-src'));
    expect(connectSrc).toBe("connect-src 'self' ws://localhost:3000");
    expect(webSocketOrigin('https://brieflane.example:8443/app')).toBe('wss://brieflane.example:8443');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths['/api/health']).toBeDefined();
  });
});
