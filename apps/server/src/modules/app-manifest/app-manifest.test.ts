import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipart.ts';

let ctx: TestContext;
let supadmin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
});
afterAll(() => ctx.close());

interface Manifest {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

const getManifest = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers });
const rename = (name: string, abbreviation: string) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: bearer(supadmin), payload: { name, abbreviation } });
/** The RGBA of one pixel of a PNG. */
async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * 4;
  return [...data.subarray(at, at + 4)];
}

describe('the installable app’s manifest', () => {
  it('carries the barangay’s name, the start URL, the colours and the icons, with a validator', async () => {
    expect((await rename('Barangay Bagong Pag-asa', 'BBP')).statusCode).toBe(200);
    const response = await getManifest();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe('no-cache');
    const manifest = response.json<Manifest>();
    expect(manifest).toMatchObject({
      name: 'Bantay · Barangay Bagong Pag-asa',
      short_name: 'Bantay BBP',
      start_url: '/?source=pwa',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b3d91',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '192x192 maskable', '512x512 maskable']);

    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await getManifest({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A new name is a new manifest: the old validator no longer matches.
    await rename('Barangay San Roque', 'SRNORTH');
    const renamed = await getManifest({ 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<Manifest>()).toMatchObject({ name: 'Bantay · Barangay San Roque', short_name: 'Bantay' }); // 'Bantay SRNORTH' is 14 characters
  });

  it('draws the icons from the default shield, then from the uploaded logo', async () => {
    const before = (await getManifest()).json<Manifest>();
    const maskableUrl = before.icons.find((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')!.src;
    const shield = await ctx.app.inject({ method: 'GET', url: maskableUrl });
    expect(shield.statusCode).toBe(200);
    expect(shield.headers['content-type']).toBe('image/png');
    expect(shield.headers.etag).toBeTruthy();
    expect(await sharp(shield.rawPayload).metadata()).toMatchObject({ format: 'png', width: 512, height: 512 });
    // Maskable: opaque to the corners (the launcher cuts its own shape); the shield's blue in the middle.
    expect(await pixel(shield.rawPayload, 2, 2)).toEqual([255, 255, 255, 255]);
    expect(await pixel(shield.rawPayload, 256, 150)).toEqual([11, 61, 145, 255]);
    const any = await ctx.app.inject({ method: 'GET', url: before.icons.find((icon) => icon.sizes === '192x192' && icon.purpose === 'any')!.src });
    expect((await pixel(any.rawPayload, 1, 1))[3]).toBe(0);
    const revalidated = await ctx.app.inject({ method: 'GET', url: maskableUrl, headers: { 'if-none-match': String(shield.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);

    const red = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 220, g: 20, b: 20 } } }).png().toBuffer();
    const body = multipartBody('photo', [{ filename: 'logo.png', contentType: 'image/png', bytes: red }]);
    const uploaded = await ctx.app.inject({ method: 'POST', url: '/api/settings/logo', headers: { ...bearer(supadmin), ...body.headers }, payload: body.payload });
    expect(uploaded.statusCode).toBe(200);

    const after = (await getManifest()).json<Manifest>();
    const newUrl = after.icons.find((icon) => icon.purpose === 'maskable' && icon.sizes === '512x512')!.src;
    expect(newUrl).not.toBe(maskableUrl);
    const logo = await ctx.app.inject({ method: 'GET', url: newUrl });
    expect(logo.headers.etag).not.toBe(shield.headers.etag);
    const [r, g, b] = await pixel(logo.rawPayload, 256, 256);
    expect(r).toBeGreaterThan(200);
    expect(g).toBeLessThan(40);
    expect(b).toBeLessThan(40);
    const apple = await ctx.app.inject({ method: 'GET', url: '/app-icons/apple-touch-icon.png' });
    expect(await sharp(apple.rawPayload).metadata()).toMatchObject({ width: 180, height: 180 });
  });

  it('an unknown icon is a 404 in the API’s error shape', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/app-icons/..%2Fjwt-secret' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});
