import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trip, Vehicle } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { query } from '../../../test/incidents-helpers.ts';
import { addVehicle, requestTrip, requestTripOk, signedIn, type SignedIn } from '../../../test/resources.ts';

let ctx: TestContext;
let admin: SignedIn;
let driver: SignedIn;
let vehicle: Vehicle;
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
const HOUR = 3_600_000;
let slot = 0;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await signedIn(ctx, 'admin');
  driver = await signedIn(ctx, 'tanod');
  vehicle = await addVehicle(ctx, admin, { name: 'Ambulance', type: 'ambulance', driverIds: [driver.user.id] });
});
afterAll(() => ctx.close());

/** A trip in a slot of its own, so no two requests of this file overlap. */
function trip(overrides: Record<string, unknown> = {}) {
  slot += 3;
  return {
    vehicleId: vehicle._id,
    purpose: 'Patient transfer',
    destination: 'East Avenue Medical Center',
    startsAt: new Date(clock.now().getTime() + slot * HOUR).toISOString(),
    endsAt: new Date(clock.now().getTime() + (slot + 2) * HOUR).toISOString(),
    startOdometer: vehicle.odometer,
    ...overrides,
  };
}

describe('a trip’s destination on the map', () => {
  it('a driver may pick the destination’s point; it is stored and shown with the trip to the driver and the admins', async () => {
    // A hospital in the city, outside any barangay boundary: trips may leave the barangay.
    const point = { lat: 14.6425, lng: 121.0453 };
    const created = await requestTripOk(ctx, driver, trip({ destinationPoint: point }));
    expect(created).toMatchObject({ destination: 'East Avenue Medical Center', destinationPoint: point });
    const [row] = await query<{ destination_lat: number; destination_lng: number }>(
      ctx,
      sql`select destination_lat, destination_lng from trips where id = ${created._id}`,
    );
    expect(row).toEqual({ destination_lat: point.lat, destination_lng: point.lng });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/trips', headers: bearer(admin.token) });
    expect(list.json<Trip[]>().find((item) => item._id === created._id)?.destinationPoint).toEqual(point);
  });

  it('the point is optional: without it (or with null) the trip has none', async () => {
    expect((await requestTripOk(ctx, driver, trip())).destinationPoint).toBeNull();
    expect((await requestTripOk(ctx, driver, trip({ destinationPoint: null }))).destinationPoint).toBeNull();
  });

  it.each([
    [{ lat: 91, lng: 121 }, 'destinationPoint.lat', 'Latitude must be between -90 and 90'],
    [{ lat: 14.6, lng: -181 }, 'destinationPoint.lng', 'Longitude must be between -180 and 180'],
    [{ lat: 14.6 }, 'destinationPoint.lng', 'Longitude must be a number'],
    [{ lat: '14.6', lng: 121 }, 'destinationPoint.lat', 'Latitude must be a number'],
  ])('a point off the globe or half given is a 400 naming the field (%j)', async (destinationPoint, field, message) => {
    const response = await requestTrip(ctx, driver, trip({ destinationPoint }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toContainEqual({ field, message });
  });

  it('the database refuses half a point too, whatever writes it', async () => {
    const created = await requestTripOk(ctx, driver, trip({ destinationPoint: { lat: 14.65, lng: 121.05 } }));
    await expect(ctx.deps.db.execute(sql`update trips set destination_lng = null where id = ${created._id}`)).rejects.toThrow();
  });
});
