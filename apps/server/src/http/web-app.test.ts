import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { saveSettings } from '../modules/settings/settings.service.ts';

/** The built page's one inline script (the theme's, apps/web/src/theme-init.js), in short. */
const INLINE_SCRIPT = "document.documentElement.classList.add('light-mode');";

let ctx: TestContext;

const SETTINGS = {
  name: 'Barangay',
  abbreviation: 'BX',
  logo: null,
  boundary: null,
  mapStartLat: 14.7,
  mapStartLng: 121,
  mapStartZoom: 14,
  hotlines: [{ label: 'Hall', number: '+63289301234' }],
  incidentTypes: [],
  timezone: 'Asia/Manila',
};
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), `<!doctype html><html><head><title>Bantay</title><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`);
  const script = 'console.log("bantay");'.repeat(100);
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
  // A stand-in for the web build's landing renderer (apps/web/src/prerender/landing.tsx): the
  // template and a module that renders the settings' name, counting its renders.
  await fs.mkdir(path.join(dist, 'ssr'));
  await fs.writeFile(
    path.join(dist, 'ssr', 'landing.html'),
    '<!doctype html><html><head><style>.x{}</style></head><body><div id="root"><!--bantay-landing--></div></body></html>',
  );
  await fs.writeFile(
    path.join(dist, 'ssr', 'landing.js'),
    `export let renders = 0;
export async function renderLanding(settings) {
  renders += 1;
  if (settings.name === 'Broken') throw new Error('render failed');
  return '<main><h1>' + settings.name.replaceAll('&', '&amp;').replaceAll('<', '&lt;') + '</h1><p>$& $1</p></main>';
}`,
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it.each(['/', '/Dashboard', '/Patrol&incidenttracking', '/reset-password/some-token'])('%s returns the app shell, never cached', async (url) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
  });

  it("the app's report addresses send a browser without JavaScript on to the simple pages (decision 033); other pages do not", async () => {
    const shell = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).body;
    expect(await shell('/Reportincidents?emergency=1')).toContain('<noscript><meta http-equiv="refresh" content="0; url=/lite/emergency"></noscript></head>');
    expect(await shell('/Reportincidents?ticket=IR-7K3F-9QXM')).toContain('content="0; url=/lite/ticket?ticket=IR-7K3F-9QXM"');
    expect(await shell('/Dashboard')).not.toContain('http-equiv="refresh"');
  });

  it('the shell carries the public settings as a data block, updated when they change', async () => {
    const settingsIn = async () => {
      const body = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
      const match = /<script type="application\/json" id="bantay-public-settings">(.*?)<\/script><\/head>/.exec(body);
      expect(match).not.toBeNull();
      return JSON.parse(match![1]!);
    };
    const api = (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(await settingsIn()).toEqual(api);

    // A value that tries to close the element stays inside it, escaped.
    await saveSettings(ctx.deps, { ...SETTINGS, name: 'Barangay </script><script>alert(1)</script>' });
    const body = (await ctx.app.inject({ method: 'GET', url: '/Reportincidents' })).body;
    expect(body).not.toContain('</script><script>alert(1)');
    expect((await settingsIn()).name).toBe('Barangay </script><script>alert(1)</script>');
  });

  it('/ is the landing page pre-rendered for the current settings, rendered again only when they change', async () => {
    const renderer = (await import(pathToFileURL(path.join(dist, 'ssr', 'landing.js')).href)) as { renders: number };
    const page = async (url: string) => {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      return response.body;
    };
    await saveSettings(ctx.deps, { ...SETTINGS, name: 'Barangay Uno' });
    const first = await page('/');
    expect(first).toContain('<div id="root"><main><h1>Barangay Uno</h1><p>$& $1</p></main></div>');
    // The inlined stylesheet and the settings block come with it; the markup matches the block.
    expect(first).toContain('<style>.x{}</style>');
    expect(first).toMatch(
      /<script type="application\/json" id="bantay-public-settings">\{.*"name":"Barangay Uno".*<\/script><\/head>/,
    );
    const rendersAfterFirst = renderer.renders;
    expect(await page('/?from=sms')).toBe(first);
    expect(renderer.renders).toBe(rendersAfterFirst);

    // Sent compressed as made once, in whichever form the browser takes.
    const br = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first);
    const gzipped = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(first);

    // Every other page stays the empty shell, which the browser renders.
    expect(await page('/Reportincidents')).toContain('<div id="root"></div>');

    await saveSettings(ctx.deps, { ...SETTINGS, name: 'Barangay <Dos>' });
    expect(await page('/')).toContain('<h1>Barangay &lt;Dos></h1>');
    expect(renderer.renders).toBe(rendersAfterFirst + 1);
  });

  it('when the landing page cannot be rendered, / gets the plain shell and the page renders in the browser', async () => {
    await saveSettings(ctx.deps, { ...SETTINGS, name: 'Broken' });
    const body = (await ctx.app.inject({ method: 'GET', url: '/' })).body;
    expect(body).toContain('<div id="root"></div>');
    expect(body).toContain('"name":"Broken"');
  });

  it('the landing renderer and its template are never served as files', async () => {
    for (const url of ['/ssr/landing.js', '/ssr/landing.html']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.body).not.toContain('renderLanding');
      expect(response.body).not.toContain('<!--bantay-landing-->');
    }
  });

  it('hashed assets are cached for a year and sent precompressed', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('br');
  });

  it('a missing asset is a real 404, not the app shell', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
  });

  it('unknown API paths stay JSON 404s', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it("the page carries a strict content security policy, which allows the page's inline script by its hash only", async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    const hash = crypto.createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(/script-src[^;]*unsafe-inline/.test(csp)).toBe(false);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
