// The deployment recipe as the CI harness reads it (scripts/deploy/recipe.ts): the unit's
// command and environment, the example settings, the nginx site and its rendering for a run on
// loopback. The CI step (scripts/deploy-check.ts) runs what these read; here, that they read
// the files right and that the files say what the recipe promises.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/platform/config';
import { uploadBodyLimit } from '../../src/server/modules/files/http';
import type { Platform } from '../../src/server/platform/platform';
import { RECONNECT_DELAYS_MS as WEB_RECONNECT_DELAYS_MS } from '../../src/web/lib/realtime';
import {
  RECIPE,
  UPLOAD_ENVELOPE_BYTES,
  directiveValues,
  expandSpecifiers,
  mainConfig,
  nginxSize,
  parseAccessLogLine,
  parseEnvironmentFile,
  parseUnitFile,
  renderSite,
  root,
  serviceCommand,
  serviceEnvironment,
  splitUnitWords,
  systemdSeconds,
  unitValue,
  uploadLimitProblem,
  upstreamServers,
} from './recipe';
import { RECONNECT_DELAYS_MS } from './traffic';

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const unit = parseUnitFile(read(RECIPE.unit));
const site = read(RECIPE.site);
const example = parseEnvironmentFile(read(RECIPE.environment));

const rendering = {
  listen: { 80: 18080, 443: 18443 },
  upstreams: { 3001: 41001, 3002: 41002, 3003: 41003 },
  paths: { '/etc/letsencrypt/live/brieflane.example.com/': '/tmp/run/tls/', '/var/log/nginx/': '/tmp/run/logs/', '/var/www/html': '/tmp/run/www' },
};

describe('the systemd unit', () => {
  it('runs node scripts/start.mjs in the install folder, one instance per port, with the settings file', () => {
    const service = serviceCommand(unit, '3002');
    expect(service).toEqual({
      command: '/usr/bin/node',
      args: ['scripts/start.mjs'],
      cwd: '/opt/brieflane/current',
      environment: { PORT: '3002', HOST: '127.0.0.1', NODE_ENV: 'production', DATA_DIR: '/var/lib/brieflane/3002' },
      environmentFiles: ['/etc/brieflane/brieflane.env'],
    });
    expect(unitValue(unit, 'Service', 'StateDirectory')).toBe('brieflane/%i');
  });

  it('stops with SIGTERM and gives the app its 10 s grace before SIGKILL; restarts after a crash', () => {
    expect(unitValue(unit, 'Service', 'KillSignal')).toBe('SIGTERM');
    // main.ts: in-flight requests get 10 s, then the database closes.
    expect(systemdSeconds(unitValue(unit, 'Service', 'TimeoutStopSec'))).toBeGreaterThanOrEqual(15);
    expect(unitValue(unit, 'Service', 'Restart')).toBe('on-failure');
  });

  it('is hardened', () => {
    expect(unitValue(unit, 'Service', 'NoNewPrivileges')).toBe('yes');
    expect(unitValue(unit, 'Service', 'ProtectSystem')).toBe('strict');
    expect(unitValue(unit, 'Service', 'PrivateTmp')).toBe('yes');
    expect(unitValue(unit, 'Service', 'ProtectHome')).toBe('yes');
    expect(unitValue(unit, 'Service', 'CapabilityBoundingSet')).toBe('');
    expect(unitValue(unit, 'Service', 'User')).not.toBe('root');
  });

  it('gets one instance for each server of the nginx upstream', () => {
    const instances = upstreamServers(site).map((s) => serviceCommand(unit, String(s.port)).environment.PORT);
    expect(instances).toEqual(['3001', '3002', '3003']);
  });
});

describe('reading a unit file', () => {
  it('takes sections, repeated keys, comments and continued lines', () => {
    const parsed = parseUnitFile('# c\n[Service]\n; c\nEnvironment=A=1\nEnvironment="B=two words" C=3\nExecStart=/bin/x \\\n  --flag\n');
    const service = parsed.get('Service')!;
    expect(service).toEqual([
      ['Environment', 'A=1'],
      ['Environment', '"B=two words" C=3'],
      ['ExecStart', '/bin/x    --flag'],
    ]);
    expect(splitUnitWords('"B=two words" C=3 \'D=x y\'')).toEqual(['B=two words', 'C=3', 'D=x y']);
    expect(() => unitValue(parsed, 'Service', 'Environment')).toThrow(/2 times/);
  });

  it('expands the instance specifiers and refuses the ones it does not know', () => {
    expect(expandSpecifiers('%S/brieflane/%i 100%%', '3001')).toBe('/var/lib/brieflane/3001 100%');
    expect(() => expandSpecifiers('%H', '3001')).toThrow(/specifier %H/);
  });

  it('lets the environment file win over Environment=, as systemd does', () => {
    const service = serviceCommand(parseUnitFile('[Service]\nExecStart=/usr/bin/node a.js\nWorkingDirectory=/x\nEnvironment=PORT=%i A=unit\nEnvironmentFile=-/etc/x.env\n'), '7');
    expect(service.environmentFiles).toEqual(['/etc/x.env']);
    expect(serviceEnvironment(service, [new Map([['A', 'file']])])).toEqual({ PORT: '7', A: 'file' });
  });
});

describe('the example settings', () => {
  it('are a valid configuration for PostgreSQL, S3 and nginx in front', () => {
    const env = serviceEnvironment(serviceCommand(unit, '3001'), [example]);
    const config = loadConfig(env);
    expect(config.databaseUrl).toMatch(/^postgres:\/\//);
    expect(config.storage.driver).toBe('s3');
    expect(config.trustProxy).toBe(true);
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.env).toBe('production');
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    // Production answers /metrics only with the token (issue 46 point 3); three servers on one
    // machine cannot share one METRICS_PORT.
    expect(config.metricsToken?.length).toBeGreaterThanOrEqual(16);
    expect(config.metricsPort).toBeUndefined();
  });

  it('leave the port, address and data folder to the unit (the file would win over it)', () => {
    for (const key of ['PORT', 'HOST', 'DATA_DIR', 'NODE_ENV']) expect(example.has(key), key).toBe(false);
  });

  it('read as systemd reads them: comments, quotes', () => {
    expect(parseEnvironmentFile('# x\nA=1\nB="two words"\n; y\nC=\'3\'\nD=a=b\n')).toEqual(
      new Map([
        ['A', '1'],
        ['B', 'two words'],
        ['C', '3'],
        ['D', 'a=b'],
      ]),
    );
    expect(() => parseEnvironmentFile('export A=1')).toThrow(/Not an environment file line/);
  });
});

describe('the nginx site', () => {
  it('has three app servers with passive health checks and no upstream keepalive', () => {
    expect(upstreamServers(site)).toEqual([3001, 3002, 3003].map((port) => ({ address: '127.0.0.1', port, parameters: ['max_fails=3', 'fail_timeout=10s'] })));
    const upstream = /upstream brieflane \{([^}]*)\}/.exec(site)![1]!.replace(/#.*$/gm, '');
    expect(upstream).not.toMatch(/\bkeepalive\b/);
  });

  it('retries on the next server only what may safely be retried', () => {
    expect(directiveValues(site, 'proxy_next_upstream')).toEqual(['error timeout http_502 http_503', 'error timeout http_502 http_503 http_404']);
    // The 404s only for the web app's files (a page of one release asking a server of the other).
    expect(/location \/assets\/ \{[^}]*proxy_next_upstream error timeout http_502 http_503 http_404;/.exec(site)).not.toBeNull();
    expect(site.replace(/#.*$/gm, '')).not.toContain('non_idempotent');
  });

  it('passes WebSocket upgrades, the client address and the scheme', () => {
    const headers = directiveValues(site, 'proxy_set_header');
    expect(headers).toContain('Upgrade $http_upgrade');
    expect(headers).toContain('Connection $brieflane_connection');
    // Set, never appended: with TRUST_PROXY the app trusts the whole header.
    expect(headers).toContain('X-Forwarded-For $remote_addr');
    expect(headers).toContain('X-Forwarded-Proto $scheme');
    expect(directiveValues(site, 'proxy_http_version')).toEqual(['1.1']);
  });

  it('takes the largest upload the app takes, and the harness knows the app\'s envelope', () => {
    expect(uploadLimitProblem(site, example)).toBeUndefined();
    const maxUploadBytes = Number(example.get('MAX_UPLOAD_MB')) * 1024 * 1024;
    expect(uploadBodyLimit({ config: { maxUploadBytes } } as Platform)).toBe(maxUploadBytes + UPLOAD_ENVELOPE_BYTES);
    expect(uploadLimitProblem(site, new Map([['MAX_UPLOAD_MB', '26']]))).toMatch(/client_max_body_size 26m .* is under MAX_UPLOAD_MB=26/);
    expect(nginxSize('26m')).toBe(26 * 1024 * 1024);
    expect(nginxSize('512k')).toBe(512 * 1024);
    expect(() => nginxSize('1.5m')).toThrow();
  });
});

describe('rendering the site for a run on loopback', () => {
  it('changes only its ports and paths', () => {
    const rendered = renderSite(site, rendering);
    const before = site.split('\n');
    const after = rendered.split('\n');
    expect(after).toHaveLength(before.length);
    const changed = before.flatMap((line, i) => (line === after[i] ? [] : [[line.trim(), after[i]!.trim()]]));
    expect(changed).toEqual([
      ['server 127.0.0.1:3001 max_fails=3 fail_timeout=10s;', 'server 127.0.0.1:41001 max_fails=3 fail_timeout=10s;'],
      ['server 127.0.0.1:3002 max_fails=3 fail_timeout=10s;', 'server 127.0.0.1:41002 max_fails=3 fail_timeout=10s;'],
      ['server 127.0.0.1:3003 max_fails=3 fail_timeout=10s;', 'server 127.0.0.1:41003 max_fails=3 fail_timeout=10s;'],
      ['listen 80;', 'listen 127.0.0.1:18080;'],
      ['root /var/www/html;', 'root /tmp/run/www;'],
      ['listen 443 ssl;', 'listen 127.0.0.1:18443 ssl;'],
      ['ssl_certificate     /etc/letsencrypt/live/brieflane.example.com/fullchain.pem;', 'ssl_certificate     /tmp/run/tls/fullchain.pem;'],
      ['ssl_certificate_key /etc/letsencrypt/live/brieflane.example.com/privkey.pem;', 'ssl_certificate_key /tmp/run/tls/privkey.pem;'],
      ['access_log /var/log/nginx/brieflane.access.log brieflane;', 'access_log /tmp/run/logs/brieflane.access.log brieflane;'],
      ['error_log /var/log/nginx/brieflane.error.log;', 'error_log /tmp/run/logs/brieflane.error.log;'],
    ]);
  });

  it('swaps ports in one pass, so a port of the run may be one of the site\'s', () => {
    const rendered = renderSite(site, { ...rendering, upstreams: { 3001: 3002, 3002: 3003, 3003: 3001 } });
    expect(upstreamServers(rendered).map((s) => s.port)).toEqual([3002, 3003, 3001]);
  });

  it('fails when the site drifted from what the harness expects', () => {
    expect(() => renderSite(site.replace('listen 80;', 'listen 8080;'), rendering)).toThrow(/no loopback port for "listen 8080"/);
    expect(() => renderSite(site, { ...rendering, listen: { ...rendering.listen, 81: 1 } })).toThrow(/no "listen 81"/);
    expect(() => renderSite(site.replace('server 127.0.0.1:3003', 'server 127.0.0.1:3004'), rendering)).toThrow(/no server on port 3003/);
    expect(() => renderSite(`${site}\ninclude /etc/nginx/snippets/x.conf;\n`, rendering)).toThrow(/system path \/etc\/nginx\/snippets\/x.conf/);
    const { ['/var/www/html']: _, ...paths } = rendering.paths;
    expect(() => renderSite(site, { ...rendering, paths })).toThrow(/system path \/var\/www\/html/);
  });

  it('goes into a main nginx.conf of the run, as sites-enabled would', () => {
    const conf = mainConfig({ prefix: '/tmp/run/nginx', site: '/tmp/run/nginx/sites-available/brieflane', mimeTypes: '/etc/nginx/mime.types' });
    expect(conf).toContain('include /tmp/run/nginx/sites-available/brieflane;');
    expect(conf).toContain('pid /tmp/run/nginx/nginx.pid;');
    expect(conf).toContain('worker_connections 768;');
  });
});

describe('the access log', () => {
  it('says which servers a request went to and when it ended', () => {
    const line = parseAccessLogLine(
      '127.0.0.1 [20/May/2026:10:00:00 +0000] "POST /api/projects/x/notes HTTP/1.1" 502 157 rt=0.012 ua="127.0.0.1:41002" us="502" id=0123456789abcdef0123456789abcdef msec=1779271200.123',
    );
    expect(line).toEqual({
      request: 'POST /api/projects/x/notes HTTP/1.1',
      status: 502,
      requestTime: 0.012,
      upstreams: ['127.0.0.1:41002'],
      upstreamStatuses: ['502'],
      requestId: '0123456789abcdef0123456789abcdef',
      endMs: 1779271200123,
    });
    const retried = parseAccessLogLine('127.0.0.1 [x] "GET / HTTP/1.1" 200 5 rt=0.003 ua="127.0.0.1:41002, 127.0.0.1:41003" us="502, 200" id=ab msec=1.000');
    expect(retried?.upstreams).toEqual(['127.0.0.1:41002', '127.0.0.1:41003']);
    const refused = parseAccessLogLine('127.0.0.1 [x] "POST / HTTP/1.1" 413 5 rt=0.000 ua="-" us="-" id=ab msec=1.000');
    expect(refused?.upstreams).toEqual([]);
    expect(parseAccessLogLine('something else')).toBeUndefined();
  });
});

describe('the live pages of the harness', () => {
  it('reconnect with the web app\'s delays', () => {
    expect(RECONNECT_DELAYS_MS).toEqual(WEB_RECONNECT_DELAYS_MS);
  });
});

describe('systemd time spans', () => {
  it('read as seconds', () => {
    expect(systemdSeconds('20s')).toBe(20);
    expect(systemdSeconds('1min 30s')).toBe(90);
    expect(systemdSeconds('500ms')).toBe(0.5);
    expect(systemdSeconds('15')).toBe(15);
    expect(() => systemdSeconds('soon')).toThrow();
  });
});
