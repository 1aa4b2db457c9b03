// Real sockets on loopback only: refusals are proven by a receiver that is never reached, and
// allowPrivate (WEBHOOK_ALLOW_PRIVATE) is what lets the other tests reach their receivers.
// Names other than localhost resolve through an injected resolveHost, never through DNS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createSecureContext } from 'node:tls';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkDestination, outboundFetch, postJson, sendRequest, type ResolveHost } from './outbound-http';
import { OUTBOUND_TEXTS } from './outbound-texts';

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
type Answer = (request: http.IncomingMessage, response: http.ServerResponse) => void;

const started: (http.Server | https.Server)[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map(stop));
});

async function stop(server: http.Server | https.Server) {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

async function listen(server: http.Server | https.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A receiver on 127.0.0.1 that records every connection and request, then answers. */
async function startReceiver(answer: Answer = (_request, response) => response.end('thanks')) {
  const received: Received[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body });
      answer(request, response);
    });
  });
  server.on('connection', () => connections++);
  started.push(server);
  const port = await listen(server);
  return { port, received, connections: () => connections };
}

/** Resolves every name to `addresses`, counting the lookups. */
function resolveTo(...addresses: string[]): ResolveHost & { calls: number } {
  const resolve = Object.assign(
    async () => {
      resolve.calls++;
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    { calls: 0 },
  );
  return resolve;
}

describe('without WEBHOOK_ALLOW_PRIVATE', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: http.Server;
  beforeAll(async () => {
    // Outside `started`: one receiver for every refusal below, which must never reach it.
    const received: Received[] = [];
    let connections = 0;
    server = http.createServer((request, response) => {
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body: '' });
      response.end();
    });
    server.on('connection', () => connections++);
    receiver = { port: await listen(server), received, connections: () => connections };
  });
  afterAll(() => stop(server));

  it.each([
    ['http://127.0.0.1:PORT/hook', 'is a loopback address'],
    ['http://[::1]:PORT/hook', 'is a loopback address'],
    ['http://10.0.0.1/hook', 'is a private network address'],
    ['http://169.254.169.254/latest/meta-data', 'is a link-local address'],
    ['http://[::ffff:127.0.0.1]:PORT/hook', 'is a loopback address'],
    ['http://localhost:PORT/hook', 'localhost resolves to a loopback address'],
    ['http://0.0.0.0:PORT/hook', 'is an unspecified address'],
    ['http://2130706433:PORT/hook', '127.0.0.1 is a loopback address'],
  ])('refuses %s before connecting', async (template, message) => {
    const result = await postJson(template.replace('PORT', String(receiver.port)), '{}', {}, { allowPrivate: false });
    expect(result).toMatchObject({ status: null, answer: '', error: { reason: 'refused_destination' } });
    expect(result.error!.message).toContain(message);
    expect(receiver.connections()).toBe(0);
  });

  it('refuses a name that resolves to a private address, without naming the address', async () => {
    const result = await postJson('https://evil.example/hook', '{}', {}, { allowPrivate: false, resolveHost: resolveTo('10.0.0.5') });
    expect(result.error).toEqual({
      reason: 'refused_destination',
      message: 'evil.example resolves to a private network address; only public addresses can be reached',
      text: OUTBOUND_TEXTS.hostRefused.private,
      values: { host: 'evil.example' },
    });
  });

  it('refuses a name when any one of its addresses is private, whichever comes first', async () => {
    for (const addresses of [
      ['93.184.215.14', '10.0.0.5'],
      ['fd12:3456::1', '2606:4700:4700::1111'],
    ]) {
      const check = await checkDestination('https://evil.example/hook', { allowPrivate: false, resolveHost: resolveTo(...addresses) });
      expect(check).toMatchObject({ ok: false, error: { reason: 'refused_destination' } });
    }
  });

  it.each([
    ['10.0.0.5'],
    ['172.16.3.4'],
    ['192.168.1.1'],
    ['100.64.0.1'],
    ['127.8.9.10'],
    ['169.254.169.254'],
    ['0.0.0.0'],
    ['224.0.0.1'],
    ['255.255.255.255'],
    ['192.0.2.1'],
    ['198.51.100.7'],
    ['203.0.113.9'],
    ['240.0.0.1'],
    ['::'],
    ['::1'],
    ['fe80::1'],
    ['fc00::1'],
    ['fd00:ec2::254'],
    ['ff02::1'],
    ['2001:db8::1'],
    ['::ffff:10.0.0.1'],
    ['::ffff:169.254.169.254'],
    ['::127.0.0.1'],
    ['64:ff9b::10.0.0.1'],
    ['64:ff9b::127.0.0.1'],
    ['not-an-address'],
  ])('refuses a name resolving to %s', async (address) => {
    const check = await checkDestination('https://hooks.example/', { allowPrivate: false, resolveHost: resolveTo(address) });
    expect(check).toMatchObject({ ok: false, error: { reason: 'refused_destination' } });
  });

  it.each([['93.184.215.14'], ['1.1.1.1'], ['2606:4700:4700::1111'], ['::ffff:1.1.1.1'], ['64:ff9b::1.1.1.1']])(
    'accepts a name resolving to the public %s',
    async (address) => {
      expect(await checkDestination('https://hooks.example/', { allowPrivate: false, resolveHost: resolveTo(address) })).toEqual({ ok: true });
    },
  );

  it.each([
    ['https://user:secret@hooks.example/', 'must not contain a user name or password'],
    ['https://token@hooks.example/', 'must not contain a user name or password'],
    ['ftp://hooks.example/file', 'must start with http:// or https://'],
    ['file:///etc/passwd', 'must start with http:// or https://'],
    ['hooks.example/hook', 'is not a valid URL'],
  ])('refuses the URL %s', async (url, message) => {
    const resolveHost = resolveTo('93.184.215.14');
    const result = await postJson(url, '{}', {}, { allowPrivate: false, resolveHost });
    expect(result).toMatchObject({ status: null, error: { reason: 'invalid_url' } });
    expect(result.error!.message).toContain(message);
    expect(resolveHost.calls).toBe(0);
  });

  it('reports a name that does not resolve, and one whose lookup hangs', async () => {
    const missing: ResolveHost = () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect((await postJson('https://nowhere.example/', '{}', {}, { allowPrivate: false, resolveHost: missing })).error).toEqual({
      reason: 'dns_failed',
      message: 'nowhere.example could not be resolved (ENOTFOUND)',
      text: OUTBOUND_TEXTS.lookupFailed,
      values: { host: 'nowhere.example', code: 'ENOTFOUND' },
    });
    const hanging: ResolveHost = () => new Promise(() => {});
    const result = await postJson('https://slow.example/', '{}', {}, { allowPrivate: false, resolveHost: hanging, timeoutMs: 200 });
    expect(result.error?.reason).toBe('timeout');
    expect(result.durationMs).toBeLessThan(2_000);
  });
});

describe('with WEBHOOK_ALLOW_PRIVATE', () => {
  it('POSTs the body and headers to the checked address, under the typed name, looking it up once', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(202).end('queued'));
    const resolveHost = resolveTo('127.0.0.1');
    const result = await postJson(
      `http://receiver.test:${receiver.port}/hook?source=brieflane`,
      '{"event":"task.created"}',
      { 'X-Brieflane-Signature': 'sha256=abc', Host: 'internal.example', 'Content-Length': '1' },
      { allowPrivate: true, resolveHost },
    );
    expect(result).toMatchObject({ status: 202, answer: 'queued' });
    expect(result.error).toBeUndefined();
    expect(receiver.received).toEqual([
      {
        method: 'POST',
        url: '/hook?source=brieflane',
        body: '{"event":"task.created"}',
        headers: expect.objectContaining({
          host: `receiver.test:${receiver.port}`,
          'content-type': 'application/json',
          'content-length': '24',
          'x-brieflane-signature': 'sha256=abc',
        }),
      },
    ]);
    // The connection used the checked answer: no second lookup for a rebinding name to change.
    expect(resolveHost.calls).toBe(1);
  });

  it('does not follow a redirect', async () => {
    const next = await startReceiver();
    const first = await startReceiver((_request, response) =>
      response.writeHead(302, { location: `http://127.0.0.1:${next.port}/elsewhere` }).end('moved'),
    );
    const result = await postJson(`http://127.0.0.1:${first.port}/hook`, '{}', {}, { allowPrivate: true });
    expect(result).toMatchObject({ status: 302, answer: 'moved' });
    expect(result.error).toBeUndefined();
    expect(next.connections()).toBe(0);
  });

  it('gives up on a receiver that never answers when the time is up', async () => {
    const silent = await startReceiver(() => {});
    const before = performance.now();
    const result = await postJson(`http://127.0.0.1:${silent.port}/hook`, '{}', {}, { allowPrivate: true, timeoutMs: 300 });
    expect(result).toMatchObject({ status: null, error: { reason: 'timeout' } });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(performance.now() - before).toBeLessThan(2_000);
    expect(silent.received).toHaveLength(1);
  });

  it('counts the answer in the time: a receiver that stalls mid-answer times out with its status', async () => {
    const stalling = await startReceiver((_request, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    const result = await postJson(`http://127.0.0.1:${stalling.port}/hook`, '{}', {}, { allowPrivate: true, timeoutMs: 300 });
    expect(result).toMatchObject({ status: 200, answer: 'partial', error: { reason: 'timeout' } });
  });

  it('reads the first 1 KB of a 10 MB answer and drops the connection', async () => {
    const tenMb = 10 * 1024 * 1024;
    let writtenWhenClosed = -1;
    const streaming = await startReceiver((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      let written = 0;
      const chunk = Buffer.alloc(64 * 1024, 'x');
      response.on('close', () => (writtenWhenClosed = written));
      const writeMore = () => {
        while (written < tenMb && !response.destroyed) {
          written += chunk.length;
          if (!response.write(written === chunk.length ? Buffer.concat([Buffer.from('BEGIN'), chunk.subarray(5)]) : chunk)) {
            response.once('drain', writeMore);
            return;
          }
        }
        if (written >= tenMb) response.end();
      };
      writeMore();
    });
    const before = performance.now();
    const result = await postJson(`http://127.0.0.1:${streaming.port}/hook`, '{}', {}, { allowPrivate: true });
    expect(performance.now() - before).toBeLessThan(2_000);
    expect(result).toMatchObject({ status: 200, answer: `BEGIN${'x'.repeat(1019)}` });
    expect(result.error).toBeUndefined();
    await expect.poll(() => writtenWhenClosed).toBeGreaterThan(0);
    expect(writtenWhenClosed).toBeLessThan(tenMb);
  });

  it('reports a port where nothing listens', async () => {
    const closed = http.createServer();
    const port = await listen(closed);
    await stop(closed);
    const result = await postJson(`http://127.0.0.1:${port}/hook`, '{}', {}, { allowPrivate: true });
    expect(result).toMatchObject({ status: null, error: { reason: 'connection_failed', message: `Could not connect to 127.0.0.1:${port} (ECONNREFUSED)`, code: 'ECONNREFUSED' } });
    // outboundFetch's TypeError carries the code too (single sign-on tells a refusal apart by it).
    await expect(outboundFetch({ allowPrivate: true })(`http://127.0.0.1:${port}/.well-known/openid-configuration`)).rejects.toMatchObject({
      name: 'TypeError',
      reason: 'connection_failed',
      code: 'ECONNREFUSED',
    });
  });

  it('still refuses link-local addresses and the cloud metadata services', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data', 'http://[fd00:ec2::254]/latest/meta-data', 'http://100.100.100.200/latest/meta-data']) {
      expect((await checkDestination(url, { allowPrivate: true })).ok, url).toBe(false);
    }
    const check = await checkDestination('http://metadata.example/', { allowPrivate: true, resolveHost: resolveTo('fe80::1') });
    expect(check).toMatchObject({ ok: false, error: { reason: 'refused_destination' } });
    for (const address of ['10.0.0.5', '127.0.0.1', '::1', 'fd12::1', '100.64.0.1']) {
      expect(await checkDestination('http://receiver.lan/', { allowPrivate: true, resolveHost: resolveTo(address) }), address).toEqual({ ok: true });
    }
  });

  const openssl = (() => {
    try {
      execFileSync('openssl', ['version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(!openssl)('fails TLS with a self-signed certificate, having offered the typed name (SNI)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'brieflane-outbound-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    const subject = ['-subj', '/CN=receiver.test', '-addext', 'subjectAltName=DNS:receiver.test'];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-keyout', key, '-out', cert, ...subject], {
      stdio: 'ignore',
    });
    const credentials = { key: readFileSync(key), cert: readFileSync(cert) };
    const names: string[] = [];
    let requests = 0;
    const server = https.createServer(
      {
        ...credentials,
        // Called with the name the client offers in its hello, before either side judges the certificate.
        SNICallback: (name, done) => {
          names.push(name);
          done(null, createSecureContext(credentials));
        },
      },
      (_request, response) => {
        requests++;
        response.end();
      },
    );
    started.push(server);
    const port = await listen(server);
    const result = await postJson(`https://receiver.test:${port}/hook`, '{}', {}, { allowPrivate: true, resolveHost: resolveTo('127.0.0.1') });
    expect(result).toMatchObject({ status: null, error: { reason: 'tls_failed', code: 'DEPTH_ZERO_SELF_SIGNED_CERT' } });
    expect(result.error!.message).toContain('self-signed certificate');
    expect(names).toEqual(['receiver.test']);
    expect(requests).toBe(0);
  });
});

// Issue 31 item 4: single sign-on reads an OpenID provider's discovery document and JWKS and posts
// to its token endpoint through the same checks (openid-client's customFetch is outboundFetch).
describe('sendRequest and outboundFetch', () => {
  it('GETs with the given headers and reads the whole answer with its headers', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'x-extra': 'yes' }).end('{"issuer":"x"}'));
    const result = await sendRequest(`http://127.0.0.1:${receiver.port}/.well-known/openid-configuration`, { method: 'GET', headers: { accept: 'application/json' } }, { allowPrivate: true });
    expect(result).toMatchObject({ status: 200, headers: { 'content-type': 'application/json', 'x-extra': 'yes' } });
    expect(result.body.toString()).toBe('{"issuer":"x"}');
    expect(receiver.received).toEqual([expect.objectContaining({ method: 'GET', body: '', headers: expect.objectContaining({ accept: 'application/json' }) })]);
    expect(receiver.received[0]!.headers['content-length']).toBeUndefined();
  });

  it('refuses an answer longer than the cap instead of cutting it', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(200).end('x'.repeat(5000)));
    const result = await sendRequest(`http://127.0.0.1:${receiver.port}/jwks`, { method: 'GET' }, { allowPrivate: true, maxAnswerBytes: 1024 });
    expect(result.error).toEqual({
      reason: 'answer_too_large',
      message: `127.0.0.1:${receiver.port} answered with more than 1024 bytes`,
      text: OUTBOUND_TEXTS.answerTooLarge,
      values: { host: `127.0.0.1:${receiver.port}`, bytes: '1024' },
    });
  });

  it('answers a Fetch Response, posting a form body; refusals reject as fetch does, with the reason', async () => {
    const receiver = await startReceiver((_request, response) => response.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"invalid_grant"}'));
    const fetchThroughChecks = outboundFetch({ allowPrivate: true });
    const response = await fetchThroughChecks(`http://127.0.0.1:${receiver.port}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'abc' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ error: 'invalid_grant' });
    expect(receiver.received[0]).toMatchObject({ method: 'POST', body: 'grant_type=authorization_code&code=abc' });

    const strict = outboundFetch({ allowPrivate: false });
    await expect(strict(`http://127.0.0.1:${receiver.port}/token`)).rejects.toMatchObject({ name: 'TypeError', reason: 'refused_destination' });
    expect(receiver.received).toHaveLength(1);
    await expect(fetchThroughChecks(`http://127.0.0.1:${receiver.port}/token`, { method: 'DELETE' })).rejects.toThrow(TypeError);
  });

  it('does not follow a redirect: the 3xx itself is the answer', async () => {
    const next = await startReceiver();
    const first = await startReceiver((_request, response) => response.writeHead(302, { location: `http://127.0.0.1:${next.port}/` }).end());
    const response = await outboundFetch({ allowPrivate: true })(`http://127.0.0.1:${first.port}/.well-known/openid-configuration`);
    expect(response.status).toBe(302);
    expect(next.connections()).toBe(0);
  });
});
