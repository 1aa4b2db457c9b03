// How the web app and the API are sent: compressed where the client accepts it, hashed assets
// cached for good, index.html revalidated on every load (issue 10).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAgency } from './test/agency';
import { asUser } from './test/as-user';
import { createTestApp, type TestApp } from './test/test-app';

describe('serving the web app and the API', () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'brieflane-web-'));
  const script = `console.log(${JSON.stringify('Brieflane '.repeat(400))});\n`;
  let t: TestApp;

  beforeAll(async () => {
    // What scripts/build.mjs leaves in dist/web: hashed assets with .br and .gz beside them.
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
    const asset = path.join(webRoot, 'assets', 'index-AbC123xy.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed, cached for a year and immutable', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html for the web app routes with no-cache', async () => {
    for (const url of ['/', '/project/123', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.payload, url).toContain('<div id="root">');
    }
  });

  it("answers a missing asset (an old deploy's chunk) with a 404, not the web app's HTML", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-Old999zz.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(String(res.headers['cache-control'] ?? '')).not.toContain('immutable');
  });

  it('compresses API responses where the client accepts it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString()).paths['/api/health']).toBeDefined();

    const gzip = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().paths['/api/health']).toBeDefined();
  });
});

describe("a page's own HTML, naming its chunks (decision 013)", () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'brieflane-web-'));
  const html = (name: string) => `<!doctype html><head><link rel="modulepreload" href="/assets/${name}.js"></head><div id="root"></div>`;
  let t: TestApp;

  beforeAll(async () => {
    // What scripts/route-pages.ts leaves beside index.html.
    writeFileSync(path.join(webRoot, 'index.html'), html('index'));
    writeFileSync(path.join(webRoot, 'dashboard-page.html'), html('dashboard-page'));
    writeFileSync(path.join(webRoot, 'dashboard-page-tab.html'), html('dashboard-page-tab'));
    writeFileSync(path.join(webRoot, 'shared-project-page.html'), html('shared-project-page'));
    writeFileSync(path.join(webRoot, 'shared-project-page-intake.html'), html('shared-project-page-intake'));
    writeFileSync(path.join(webRoot, 'secret.txt'), 'not a page');
    writeFileSync(path.join(webRoot, 'secret-page.html'), html('secret-page'));
    const pages = [
      { pattern: '^\\/$', signedIn: true, file: 'dashboard-page.html', query: { tab: [null, 'projects'], view: [null, 'projects'] } },
      { pattern: '^\\/$', signedIn: true, file: 'dashboard-page-tab.html' },
      { pattern: '^\\/project-access\\/[^/]+\\/?$', signedIn: false, file: 'shared-project-page-intake.html', when: 'intake-link' },
      { pattern: '^\\/project-access\\/[^/]+\\/?$', signedIn: false, file: 'shared-project-page.html' },
      // A condition the server does not know never holds.
      { pattern: '^\\/reset-password$', signedIn: false, file: 'secret-page.html', when: 'full-moon' },
      // Neither a missing file nor anything but a plain .html name beside index.html is ever sent.
      { pattern: '^\\/missing$', signedIn: false, file: 'missing-page.html' },
      { pattern: '^\\/escape$', signedIn: false, file: '../serving.test.ts' },
      { pattern: '^\\/secret$', signedIn: false, file: 'secret.txt' },
    ];
    writeFileSync(path.join(webRoot, 'route-pages.json'), JSON.stringify({ pages }));
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (url: string, cookie?: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type'], url).toContain('text/html');
    expect(res.headers['cache-control'], url).toBe('no-cache');
    return res;
  };

  it("sends a share link's path its page's HTML, signed in or not", async () => {
    expect((await page('/project-access/AbC-123_x')).payload).toContain('shared-project-page.js');
    expect((await page('/project-access/AbC-123_x?sign-in')).payload).toContain('shared-project-page.js');
    expect((await page('/project-access/AbC/tasks')).payload).toContain('/assets/index.js');
  });

  it("sends a signed-in page's HTML only with a live session whose cookie this server signed", async () => {
    const owner = await asUser(t, 'organization_admin');
    expect((await page('/', owner.cookie)).payload).toContain('dashboard-page.js');
    expect((await page('/')).payload).toContain('/assets/index.js');
    const [name] = owner.cookie.split('=');
    expect((await page('/', `${name}=forged-token.c2lnbmF0dXJl`)).payload).toContain('/assets/index.js');
    expect((await page('/landing', owner.cookie)).payload).toContain('/assets/index.js');
    // A signed cookie whose session has ended (signed out elsewhere, ended in Settings, a reset):
    // the signed-out page, or its preloaded reads (401s) would sign the tab out after it signs in.
    const signedOut = await owner.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(signedOut.statusCode).toBe(204);
    expect((await page('/', owner.cookie)).payload).toContain('/assets/index.js');
  });

  it('sends a page the HTML of the state its query names (the dashboard: the Projects tab, or another)', async () => {
    const owner = await asUser(t, 'organization_admin');
    for (const url of ['/', '/?tab=projects', '/?tab=', '/?tab=projects&view=projects', '/?tab=projects#top']) {
      expect((await page(url, owner.cookie)).payload, url).toContain('dashboard-page.js');
    }
    for (const url of ['/?tab=clients', '/?tab=my-work', '/?tab=projects&view=templates', '/?tab=nonsense']) {
      expect((await page(url, owner.cookie)).payload, url).toContain('dashboard-page-tab.js');
    }
  });

  it("sends an intake link's path the page's HTML that also names the form's code; any other token the plain page (issue 27 item 20)", async () => {
    const seeded = await seedAgency(t, { project: 'Harbor Rebrand' });
    const link = (payload: object) => seeded.orgAdmin.inject({ method: 'POST', url: `/api/projects/${seeded.projectId}/access-links`, payload });
    const template = await seeded.orgAdmin.inject({
      method: 'POST',
      url: '/api/templates',
      payload: {
        name: 'Brief',
        fields: [
          { label: 'Client Name', name: 'client_name', type: 'text', required: true, options: [], order: 0 },
          { label: 'Due Date', name: 'due_date', type: 'date', required: true, options: [], order: 1 },
          { label: 'Audience', name: 'audience', type: 'text', required: true, options: [], order: 2 },
        ],
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const intake = await link({ name: 'Client intake', intake: true, templateId: template.json().id });
    expect(intake.statusCode, intake.body).toBe(201);
    const share = await link({ name: 'Client view' });
    expect((await page(`/project-access/${intake.json().token}`)).payload).toContain('shared-project-page-intake.js');
    expect((await page(`/project-access/${intake.json().token}/`)).payload).toContain('shared-project-page-intake.js');
    for (const token of [share.json().token, 'AbC-123_x', 'A'.repeat(300)]) {
      expect((await page(`/project-access/${token}`)).payload, token).toContain('shared-project-page.js');
    }
    // A revoked intake link is no intake link any more.
    await seeded.orgAdmin.inject({ method: 'POST', url: `/api/projects/${seeded.projectId}/access-links/${intake.json().id}/revoke` });
    expect((await page(`/project-access/${intake.json().token}`)).payload).toContain('shared-project-page.js');
  });

  it('sends index.html where the build names no file, or a file that is missing or not a page beside it', async () => {
    for (const url of ['/missing', '/escape', '/secret', '/reset-password']) {
      expect((await page(url)).payload, url).toBe(html('index'));
    }
  });

  it('keeps the page strict: no inline script allowed, whichever HTML is sent', async () => {
    const res = await page('/project-access/AbC-123_x');
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1];
    expect(scriptSrc).toBe("'self'");
    expect(csp).toContain("script-src-attr 'none'");
  });
});

