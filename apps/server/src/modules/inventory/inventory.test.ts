import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem } from '@bantay/shared';
import { bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  addItem,
  borrowOk,
  itemById,
  multipartPhoto,
  returnLoan,
  signedIn,
  type SignedIn,
} from '../../../test/resources.ts';

let ctx: TestContext;
let admin: SignedIn;
let tanod: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedIn(ctx, 'admin');
  tanod = await signedIn(ctx, 'tanod');
});
afterAll(() => ctx.close());

async function auditOf(entityId: string) {
  const result = await ctx.deps.db.execute(
    sql`select action, entity, actor_id, before, after from audit_entries where entity_id = ${entityId} order by at, created_at`,
  );
  return (
    result as unknown as {
      rows: { action: string; entity: string; actor_id: string; before: unknown; after: unknown }[];
    }
  ).rows;
}

describe('the inventory', () => {
  it('shows available, on loan and total computed from the open loans, and flags low stock', async () => {
    const item = await addItem(ctx, admin, {
      name: 'Flashlight (LED)',
      category: 'lighting',
      total: 4,
      lowStockThreshold: 1,
    });
    expect(item).toMatchObject({ total: 4, onLoan: 0, available: 4, isLowStock: false, active: true });
    const loan = await borrowOk(ctx, tanod, { itemId: item._id, quantity: 3 });
    expect(await itemById(ctx, admin, item._id)).toMatchObject({ total: 4, onLoan: 3, available: 1, isLowStock: true });
    expect((await returnLoan(ctx, tanod, loan._id)).statusCode).toBe(200);
    expect(await itemById(ctx, admin, item._id)).toMatchObject({
      total: 4,
      onLoan: 0,
      available: 4,
      isLowStock: false,
    });
  });

  it('lets staff search by name and filter by category; tanods never see retired items', async () => {
    const kit = await addItem(ctx, admin, { name: 'First-aid kit (search me)', category: 'first_aid', total: 2 });
    const old = await addItem(ctx, admin, { name: 'Old first-aid kit (search me)', category: 'first_aid', total: 1 });
    expect(
      (await ctx.app.inject({ method: 'POST', url: `/api/inventory/${old._id}/retire`, headers: bearer(admin.token) }))
        .statusCode,
    ).toBe(200);

    const search = await ctx.app.inject({
      method: 'GET',
      url: '/api/inventory?search=SEARCH%20me&category=first_aid',
      headers: bearer(tanod.token),
    });
    expect(search.statusCode).toBe(200);
    expect((search.json() as InventoryItem[]).map((i) => i._id)).toEqual([kit._id]);
    const tanodAsksRetired = await ctx.app.inject({
      method: 'GET',
      url: '/api/inventory?search=search%20me&includeRetired=true',
      headers: bearer(tanod.token),
    });
    expect((tanodAsksRetired.json() as InventoryItem[]).map((i) => i._id)).toEqual([kit._id]);
    const adminAsksRetired = await ctx.app.inject({
      method: 'GET',
      url: '/api/inventory?search=search%20me&includeRetired=true',
      headers: bearer(admin.token),
    });
    expect((adminAsksRetired.json() as InventoryItem[]).map((i) => i._id).sort()).toEqual([kit._id, old._id].sort());
    const badCategory = await ctx.app.inject({
      method: 'GET',
      url: '/api/inventory?category=weapons',
      headers: bearer(tanod.token),
    });
    expect(badCategory.statusCode).toBe(400);
  });

  it('is for staff only, and only admins write it', async () => {
    const resident = await signedIn(ctx, 'resident');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/inventory' })).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/inventory', headers: bearer(resident.token) })).statusCode,
    ).toBe(403);
    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(tanod.token),
      payload: { name: 'Baton', category: 'protection', total: 3 },
    });
    expect(create.statusCode).toBe(403);
    const item = await addItem(ctx, admin);
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inventory/${item._id}`,
      headers: bearer(tanod.token),
      payload: { total: 50 },
    });
    expect(patch.statusCode).toBe(403);
    const retire = await ctx.app.inject({
      method: 'POST',
      url: `/api/inventory/${item._id}/retire`,
      headers: bearer(tanod.token),
    });
    expect(retire.statusCode).toBe(403);
    expect(await itemById(ctx, admin, item._id)).toMatchObject({ total: item.total, active: true });
  });

  it('refuses a malformed item naming the field, and a duplicate name', async () => {
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(admin.token),
      payload: { name: 'Raincoat', category: 'rain_gear', total: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ field: 'total' })]);
    await addItem(ctx, admin, { name: 'Raincoat (adult)', category: 'rain_gear', total: 10 });
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/inventory',
      headers: bearer(admin.token),
      payload: { name: 'RAINCOAT (ADULT)', category: 'rain_gear', total: 1 },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error).toMatchObject({
      code: 'CONFLICT',
      fields: [{ field: 'name', message: 'This name is already used' }],
    });
    const empty = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inventory/${(await addItem(ctx, admin))._id}`,
      headers: bearer(admin.token),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/inventory/not-an-id',
      headers: bearer(admin.token),
      payload: { total: 1 },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to lower the total below what is on loan, naming the numbers, and changes nothing', async () => {
    const item = await addItem(ctx, admin, { name: 'Baton (rubber)', category: 'protection', total: 5 });
    await borrowOk(ctx, tanod, { itemId: item._id, quantity: 3 });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inventory/${item._id}`,
      headers: bearer(admin.token),
      payload: { total: 2, notes: 'recount' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('The total cannot be 2: 3 Baton (rubber) are on loan');
    expect(await itemById(ctx, admin, item._id)).toMatchObject({ total: 5, notes: null });
    const ok = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inventory/${item._id}`,
      headers: bearer(admin.token),
      payload: { total: 3 },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ total: 3, onLoan: 3, available: 0 });
  });

  it('retires an item only when nothing is on loan; a retired item cannot be borrowed', async () => {
    const item = await addItem(ctx, admin, { name: 'Megaphone', total: 1 });
    const loan = await borrowOk(ctx, tanod, { itemId: item._id, quantity: 1 });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/inventory/${item._id}/retire`,
      headers: bearer(admin.token),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Megaphone cannot be retired while 1 are on loan');
    await returnLoan(ctx, tanod, loan._id);
    const retired = await ctx.app.inject({
      method: 'POST',
      url: `/api/inventory/${item._id}/retire`,
      headers: bearer(admin.token),
    });
    expect(retired.json()).toMatchObject({ active: false, isLowStock: false });
    const borrowRetired = await ctx.app.inject({
      method: 'POST',
      url: '/api/loans',
      headers: bearer(tanod.token),
      payload: { itemId: item._id },
    });
    expect(borrowRetired.statusCode).toBe(409);
    expect(borrowRetired.json().error.message).toBe('Megaphone is retired and can no longer be borrowed');
  });

  it('shows damaged and lost returns on the item; lost units leave the total', async () => {
    const item = await addItem(ctx, admin, { name: 'Whistle', total: 6 });
    const damaged = await borrowOk(ctx, tanod, { itemId: item._id, quantity: 1 });
    const lost = await borrowOk(ctx, tanod, { itemId: item._id, quantity: 2 });
    expect((await returnLoan(ctx, tanod, damaged._id, { condition: 'damaged', notes: 'cracked' })).statusCode).toBe(
      200,
    );
    expect((await returnLoan(ctx, admin, lost._id, { condition: 'lost', notes: 'fell in the creek' })).statusCode).toBe(
      200,
    );
    expect(await itemById(ctx, admin, item._id)).toMatchObject({
      total: 4,
      onLoan: 0,
      available: 4,
      damagedReturns: 1,
      lostReturns: 2,
    });
  });

  it('records every admin write in the audit log with the actor', async () => {
    const item = await addItem(ctx, admin, { name: 'Traffic cone', category: 'tools', total: 8 });
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/inventory/${item._id}`,
      headers: bearer(admin.token),
      payload: { total: 10 },
    });
    await ctx.app.inject({ method: 'POST', url: `/api/inventory/${item._id}/retire`, headers: bearer(admin.token) });
    const entries = await auditOf(item._id);
    expect(entries.map((e) => e.action)).toEqual(['create', 'update', 'retire']);
    expect(entries.every((e) => e.entity === 'inventory_item' && e.actor_id === admin.user.id)).toBe(true);
    expect(entries[1]).toMatchObject({ before: { total: 8 }, after: { total: 10 } });
  });

  it('takes a photo checked by content and re-encoded, and serves it', async () => {
    const item = await addItem(ctx, admin, { name: 'Headlamp', category: 'lighting' });
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/inventory/${item._id}/photo`,
      headers: { ...bearer(admin.token), ...multipartPhoto(png).headers },
      payload: multipartPhoto(png).payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const image = upload.json().image as string;
    expect(image).toMatch(/^\/api\/resources\/photos\/[0-9a-f-]{36}\.webp$/);
    const served = await ctx.app.inject({ method: 'GET', url: image });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');

    const text = multipartPhoto(Buffer.from('not an image at all'), 'photo', 'image/png');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/inventory/${item._id}/photo`,
      headers: { ...bearer(admin.token), ...text.headers },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().error.fields).toEqual([{ field: 'photo', message: 'Upload a JPEG, PNG or WebP image' }]);
    const byTanod = await ctx.app.inject({
      method: 'POST',
      url: `/api/inventory/${item._id}/photo`,
      headers: { ...bearer(tanod.token), ...multipartPhoto(png).headers },
      payload: multipartPhoto(png).payload,
    });
    expect(byTanod.statusCode).toBe(403);
    expect((await itemById(ctx, admin, item._id)).image).toBe(image);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/resources/photos/..%2F..%2Fjwt-secret' })).statusCode,
    ).toBe(404);
  });
});

it('the OpenAPI document lists the resources routes', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.json().paths)).toEqual(
    expect.arrayContaining([
      '/api/inventory',
      '/api/inventory/{id}/photo',
      '/api/loans',
      '/api/loans/{id}/return',
      '/api/vehicles',
      '/api/trips/{id}/complete',
      '/api/resources/report',
    ]),
  );
});
