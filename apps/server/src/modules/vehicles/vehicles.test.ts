import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Vehicle } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { addVehicle, multipartPhoto, signedIn, type SignedIn } from '../../../test/resources.ts';

// The registry and its photos; the trips booked on a vehicle are in trips.test.ts.

let ctx: TestContext;
let admin: SignedIn;
let driver: SignedIn;
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await signedIn(ctx, 'admin');
  driver = await signedIn(ctx, 'tanod', { firstName: 'Andres', lastName: 'Mendoza' });
});
afterAll(() => ctx.close());

async function vehicles(who: SignedIn): Promise<Vehicle[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: bearer(who.token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function vehicleById(id: string): Promise<Vehicle> {
  return (await vehicles(admin)).find((vehicle) => vehicle._id === id)!;
}

async function auditActions(entityId: string): Promise<string[]> {
  const result = (await ctx.deps.db.execute(
    sql`select action from audit_entries where entity_id = ${entityId} order by at, created_at`,
  )) as unknown as { rows: { action: string }[] };
  return result.rows.map((row) => row.action);
}

describe('the vehicle registry', () => {
  it('admins register vehicles with drivers; a tanod sees only the vehicles they drive', async () => {
    const other = await signedIn(ctx, 'tanod');
    const mine = await addVehicle(ctx, admin, {
      name: 'Patrol Pickup',
      plate: 'nbc 1234',
      driverIds: [driver.user.id],
      year: 2019,
      colour: 'White',
    });
    const theirs = await addVehicle(ctx, admin, { name: 'Tricycle', type: 'tricycle', driverIds: [other.user.id] });
    expect(mine).toMatchObject({
      plate: 'NBC 1234',
      status: 'available',
      odometer: 1000,
      drivers: [{ _id: driver.user.id, firstName: 'Andres' }],
    });
    const seen = (await vehicles(driver)).map((vehicle) => vehicle._id);
    expect(seen).toContain(mine._id);
    expect(seen).not.toContain(theirs._id);
  });

  it('refuses a duplicate plate, a driver who is not an active tanod, a malformed body and non-admins', async () => {
    await addVehicle(ctx, admin, { plate: 'ABC 777' });
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(admin.token),
      payload: { name: 'Van', type: 'van', plate: 'abc  777' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().error.fields).toEqual([{ field: 'plate', message: 'This plate is already registered' }]);
    const adminDriver = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(admin.token),
      payload: { name: 'Van', type: 'van', plate: 'VAN 1', driverIds: [driver.user.id, admin.user.id] },
    });
    expect(adminDriver.statusCode).toBe(400);
    expect(adminDriver.json().error.fields).toEqual([{ field: 'driverIds.1', message: 'Choose an active tanod' }]);
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(admin.token),
      payload: { name: 'Van', type: 'spaceship', plate: 'VAN 2' },
    });
    expect(malformed.json().error.fields[0].field).toBe('type');
    const byTanod = await ctx.app.inject({
      method: 'POST',
      url: '/api/vehicles',
      headers: bearer(driver.token),
      payload: { name: 'Van', type: 'van', plate: 'VAN 3' },
    });
    expect(byTanod.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/vehicles' })).statusCode).toBe(401);
    expect((await vehicles(admin)).some((vehicle) => vehicle.plate.startsWith('VAN'))).toBe(false);
  });

  it('edits status, drivers and odometer, which never goes back; every change is audited', async () => {
    const vehicle = await addVehicle(ctx, admin, { odometer: 5000 });
    const back = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle._id}`,
      headers: bearer(admin.token),
      payload: { odometer: 4999 },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe(`The odometer cannot go back: ${vehicle.name} already reads 5000 km`);
    const edit = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle._id}`,
      headers: bearer(admin.token),
      payload: { odometer: 5100, status: 'maintenance', driverIds: [driver.user.id] },
    });
    expect(edit.json()).toMatchObject({ odometer: 5100, status: 'maintenance', drivers: [{ _id: driver.user.id }] });
    const inUse = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle._id}`,
      headers: bearer(admin.token),
      payload: { status: 'in_use' },
    });
    expect(inUse.statusCode).toBe(400);
    const byTanod = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle._id}`,
      headers: bearer(driver.token),
      payload: { status: 'available' },
    });
    expect(byTanod.statusCode).toBe(403);
    expect(await auditActions(vehicle._id)).toEqual(['create', 'update']);
  });
});

describe('vehicle photos', () => {
  it('an admin sets a photo, re-encoded as WebP; a tanod cannot', async () => {
    const vehicle = await addVehicle(ctx, admin, { driverIds: [driver.user.id] });
    const jpeg = multipartPhoto(
      await sharp({ create: { width: 60, height: 40, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
      'photo',
      'image/jpeg',
    );
    const byDriver = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle._id}/photo`,
      headers: { ...bearer(driver.token), ...jpeg.headers },
      payload: jpeg.payload,
    });
    expect(byDriver.statusCode).toBe(403);
    const upload = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle._id}/photo`,
      headers: { ...bearer(admin.token), ...jpeg.headers },
      payload: jpeg.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const served = await ctx.app.inject({ method: 'GET', url: upload.json().image });
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    const wrongField = multipartPhoto(Buffer.from('x'), 'file');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/vehicles/${vehicle._id}/photo`,
      headers: { ...bearer(admin.token), ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(refused.json().error.fields).toEqual([{ field: 'photo', message: 'Choose a photo to upload' }]);
    expect((await vehicleById(vehicle._id)).image).toBe(upload.json().image);
  });
});
