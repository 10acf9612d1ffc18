import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { auditEntries } from '../../db/schema/index.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipart.ts';

let ctx: TestContext;
let supadmin: string;
let admin: string;
beforeAll(async () => {
  ctx = await createTestContext();
  supadmin = await signIn(ctx, await createUser(ctx, { userType: 'supadmin' }));
  admin = await signIn(ctx, await createUser(ctx, { userType: 'admin' }));
});
afterAll(() => ctx.close());

const patch = (token: string | null, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/settings', headers: token ? bearer(token) : {}, payload });

describe('barangay settings', () => {
  it('the supadmin renames the barangay and edits hotlines and incident types; the public settings follow at once, audited', async () => {
    const response = await patch(supadmin, {
      name: 'Barangay Bagong Pag-asa',
      abbreviation: 'BBP',
      hotlines: [{ label: 'Tanod', number: '+639170000000' }],
      incidentTypes: [
        { name: 'Fire', classification: 'emergency' },
        { name: 'Stray animals', classification: 'normal' },
      ],
      mapStart: { lat: 14.65, lng: 121.03, zoom: 15 },
      timezone: 'Asia/Manila',
    });
    expect(response.statusCode).toBe(200);
    const publicSettings = (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    expect(publicSettings).toMatchObject({
      name: 'Barangay Bagong Pag-asa',
      abbreviation: 'BBP',
      hotlines: [{ label: 'Tanod', number: '+639170000000' }],
      mapStart: { lat: 14.65, lng: 121.03, zoom: 15 },
    });
    expect(publicSettings.incidentTypes.map((t: { name: string }) => t.name)).toEqual(['Fire', 'Stray animals']);
    const entries = await ctx.deps.db.select().from(auditEntries).where(eq(auditEntries.entity, 'settings'));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.after).toMatchObject({ name: 'Barangay Bagong Pag-asa', abbreviation: 'BBP' });

    // Only the fields sent change.
    await patch(supadmin, { abbreviation: 'BPA' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(supadmin) })).json()).toMatchObject({ name: 'Barangay Bagong Pag-asa', abbreviation: 'BPA' });
  });

  it('bad input names the field and changes nothing', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json();
    const cases: [object, string][] = [
      [{ name: '' }, 'name'],
      [{ abbreviation: 'TOO-LONG-ABBR' }, 'abbreviation'],
      [{ incidentTypes: [] }, 'incidentTypes'],
      [{ incidentTypes: [{ name: 'Fire', classification: 'normal' }, { name: 'fire ', classification: 'emergency' }] }, 'incidentTypes'],
      [{ mapStart: { lat: 200, lng: 0, zoom: 10 } }, 'mapStart.lat'],
      [{ timezone: 'Mars/Olympus_Mons' }, 'timezone'],
    ];
    for (const [payload, field] of cases) {
      const response = await patch(supadmin, payload);
      expect(response.statusCode, field).toBe(400);
      expect(response.json().error.fields[0].field).toBe(field);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/settings/public' })).json()).toEqual(before);
  });

  it('an admin, a tanod and an anonymous caller cannot read or change the settings', async () => {
    const tanod = await signIn(ctx, await createUser(ctx));
    for (const token of [admin, tanod]) {
      expect((await patch(token, { name: 'Hijacked' })).statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(token) })).statusCode).toBe(403);
    }
    expect((await patch(null, { name: 'Hijacked' })).statusCode).toBe(401);
  });

  it('the logo is checked by content and re-encoded whole; a non-image is refused', async () => {
    const wide = await sharp({ create: { width: 800, height: 200, channels: 3, background: { r: 0, g: 80, b: 160 } } }).png().toBuffer();
    const upload = (token: string, bytes: Buffer, filename = 'logo.png') => {
      const body = multipartBody('photo', [{ filename, contentType: 'image/png', bytes }]);
      return ctx.app.inject({ method: 'POST', url: '/api/settings/logo', headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    const response = await upload(supadmin, wide);
    expect(response.statusCode).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: response.json().logo });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512, hasAlpha: true });
    const fake = await upload(supadmin, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect(fake.statusCode).toBe(415);
    expect((await upload(admin, wide)).statusCode).toBe(403);
  });
});
