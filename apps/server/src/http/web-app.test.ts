import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { saveSettings } from '../modules/settings/settings.service.ts';

let ctx: TestContext;
let dist: string;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-dist-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Bantay</title></head><body><div id="root"></div></body></html>');
  const script = 'console.log("bantay");'.repeat(100);
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
  await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
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
    await saveSettings(ctx.deps, {
      name: 'Barangay </script><script>alert(1)</script>',
      abbreviation: 'BX',
      logo: null,
      boundary: null,
      mapStartLat: 14.7,
      mapStartLng: 121,
      mapStartZoom: 14,
      hotlines: [{ label: 'Hall', number: '+63289301234' }],
      incidentTypes: [],
      timezone: 'Asia/Manila',
    });
    const body = (await ctx.app.inject({ method: 'GET', url: '/Reportincidents' })).body;
    expect(body).not.toContain('</script><script>alert(1)');
    expect((await settingsIn()).name).toBe('Barangay </script><script>alert(1)</script>');
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

  it('the page carries a strict content security policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = response.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });
});
