import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { person, type Person } from '../../../test/patrols.ts';

// The landing page's advisories are put into the pre-rendered page by the server (decision 028),
// here with a stand-in for the web build's renderer, as in http/web-app.test.ts.

const HOUR = 3_600_000;
const clock = new ManualClock(new Date('2026-08-01T00:00:00Z'));
let ctx: TestContext;
let dist: string;
let admin: Person;

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-dist-'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
  await fs.mkdir(path.join(dist, 'ssr'));
  await fs.writeFile(path.join(dist, 'ssr', 'landing.html'), '<!doctype html><html><head></head><body><div id="root"><!--bantay-landing--></div></body></html>');
  await fs.writeFile(
    path.join(dist, 'ssr', 'landing.js'),
    `export async function renderLanding(settings) { return '<main><section aria-label="What do you need?"></section><h1>' + settings.name + '</h1></main>'; }`,
  );
  ctx = await createTestContext({ clock, env: { WEB_DIST_DIR: dist } });
  admin = await person(ctx, 'admin');
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const landing = async () => (await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'identity' } })).body;

describe('the landing page carries the active advisories in its first HTML', () => {
  it('none active: the page is as before; active: before the root, escaped; ended: gone again', async () => {
    expect(await landing()).not.toContain('bantay-advisories');
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/advisories',
      headers: bearer(admin.token),
      payload: { title: 'Road closed <b>', body: 'Use the side street.', severity: 'info', startsAt: clock.now().toISOString(), endsAt: new Date(clock.now().getTime() + HOUR).toISOString() },
    });
    expect(created.statusCode, created.body).toBe(201);

    const page = await landing();
    const banner = page.indexOf('<section class="bantay-advisories"');
    expect(banner).toBeGreaterThan(-1);
    expect(banner).toBeLessThan(page.indexOf('<div id="root">'));
    expect(page).toContain('Road closed &lt;b&gt;');
    // The root holds the renderer's markup alone, so hydration sees what it rendered.
    expect(page).toContain('<div id="root"><main><section aria-label="What do you need?"></section>');
    // Compressed forms carry it too.
    const brotli = await ctx.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');

    clock.advance(HOUR);
    expect(await landing()).not.toContain('bantay-advisories');
    // Other pages never get it.
    clock.advance(-HOUR / 2);
    expect((await ctx.app.inject({ method: 'GET', url: '/Reportincidents' })).body).not.toContain('bantay-advisories');
  });
});
