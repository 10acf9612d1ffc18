import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trip, Vehicle } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { connected, nextEvent, startRealtime, type RealtimeTestServer } from '../../../test/realtime.ts';
import {
  addVehicle,
  requestTrip,
  requestTripOk,
  signedIn,
  tripAction,
  type SignedIn,
} from '../../../test/resources.ts';

// Trip requests, decisions and completion; the vehicle registry is in vehicles.test.ts.

let ctx: TestContext;
let realtime: RealtimeTestServer;
let admin: SignedIn;
let driver: SignedIn;
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
const HOUR = 3_600_000;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  realtime = await startRealtime(ctx);
  admin = await signedIn(ctx, 'admin');
  driver = await signedIn(ctx, 'tanod', { firstName: 'Andres', lastName: 'Mendoza' });
});
afterAll(async () => {
  await realtime.close();
  await ctx.close();
});

const at = (hoursFromNow: number) => new Date(clock.now().getTime() + hoursFromNow * HOUR).toISOString();

function trip(vehicle: Vehicle, from: number, to: number, overrides: Record<string, unknown> = {}) {
  return {
    vehicleId: vehicle._id,
    purpose: 'Roving patrol',
    destination: 'Purok 3',
    startsAt: at(from),
    endsAt: at(to),
    startOdometer: vehicle.odometer,
    ...overrides,
  };
}

async function vehicles(who: SignedIn): Promise<Vehicle[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/vehicles', headers: bearer(who.token) });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function vehicleById(id: string): Promise<Vehicle> {
  return (await vehicles(admin)).find((vehicle) => vehicle._id === id)!;
}

async function approvedTrip(vehicle: Vehicle, from: number, to: number, who = driver): Promise<Trip> {
  const created = await requestTripOk(ctx, who, trip(vehicle, from, to));
  const approved = await tripAction(ctx, admin, created._id, 'approve');
  expect(approved.statusCode, approved.body).toBe(200);
  return approved.json();
}

async function auditActions(entityId: string): Promise<string[]> {
  const result = (await ctx.deps.db.execute(
    sql`select action from audit_entries where entity_id = ${entityId} order by at, created_at`,
  )) as unknown as { rows: { action: string }[] };
  return result.rows.map((row) => row.action);
}

describe('trip requests', () => {
  it('only an assigned driver asks, from at least the current odometer, for a vehicle that can be driven', async () => {
    const vehicle = await addVehicle(ctx, admin, { name: 'Rescue Van', odometer: 2000, driverIds: [driver.user.id] });
    const stranger = await signedIn(ctx, 'tanod');
    expect((await requestTrip(ctx, stranger, trip(vehicle, 1, 3))).statusCode).toBe(403);
    expect((await requestTrip(ctx, admin, trip(vehicle, 1, 3))).statusCode).toBe(403);

    const low = await requestTrip(ctx, driver, trip(vehicle, 1, 3, { startOdometer: 1999 }));
    expect(low.statusCode).toBe(409);
    expect(low.json().error).toMatchObject({
      message: "The start odometer cannot be below Rescue Van's reading of 2000 km",
      fields: [{ field: 'startOdometer' }],
    });
    const backwards = await requestTrip(ctx, driver, trip(vehicle, 3, 1));
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.fields).toEqual([{ field: 'endsAt', message: 'The trip must end after it starts' }]);
    const past = await requestTrip(ctx, driver, trip(vehicle, -3, -1));
    expect(past.json().error.fields).toEqual([{ field: 'endsAt', message: 'The trip must end in the future' }]);

    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/vehicles/${vehicle._id}`,
      headers: bearer(admin.token),
      payload: { status: 'maintenance' },
    });
    const inMaintenance = await requestTrip(ctx, driver, trip(vehicle, 1, 3));
    expect(inMaintenance.statusCode).toBe(409);
    expect(inMaintenance.json().error.message).toBe('Rescue Van is in maintenance');

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/trips?vehicleId=${vehicle._id}`,
      headers: bearer(admin.token),
    });
    expect(list.json()).toEqual([]);
  });

  it('an overlapping approved trip answers 409 vehicle_booked naming it', async () => {
    const vehicle = await addVehicle(ctx, admin, { name: 'Patrol Car', driverIds: [driver.user.id] });
    await approvedTrip(vehicle, 2, 4);
    const clash = await requestTrip(ctx, driver, trip(vehicle, 3, 5));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('vehicle_booked');
    expect(clash.json().error.message).toMatch(
      /^Patrol Car is already booked from Jun 1, 2026, 10:00 to Jun 1, 2026, 12:00 for "Roving patrol" \(Andres Mendoza\)$/,
    );
    // Back to back is fine.
    expect((await requestTrip(ctx, driver, trip(vehicle, 4, 6))).statusCode).toBe(201);
  });

  it('two overlapping approvals at once: exactly one wins, the other gets vehicle_booked', async () => {
    const second = await signedIn(ctx, 'tanod');
    const vehicle = await addVehicle(ctx, admin, { driverIds: [driver.user.id, second.user.id] });
    const requests = [
      await requestTripOk(ctx, driver, trip(vehicle, 10, 14)),
      await requestTripOk(ctx, second, trip(vehicle, 12, 16)),
      await requestTripOk(ctx, driver, trip(vehicle, 13, 15)),
      // Every pair overlaps (all cover 13:00–13:30), so only one can ever be approved.
      await requestTripOk(ctx, second, trip(vehicle, 11, 13.5)),
    ];
    const responses = await Promise.all(requests.map((request) => tripAction(ctx, admin, request._id, 'approve')));
    expect(responses.map((r) => r.statusCode).filter((status) => status === 200)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode !== 200).map((r) => r.json().error.code)).toEqual([
      'vehicle_booked',
      'vehicle_booked',
      'vehicle_booked',
    ]);
    const approved = await ctx.app.inject({
      method: 'GET',
      url: `/api/trips?vehicleId=${vehicle._id}&status=approved`,
      headers: bearer(admin.token),
    });
    expect(approved.json()).toHaveLength(1);
  });

  it('admins approve and reject with a reason; the driver is told; tanods cannot decide', async () => {
    const vehicle = await addVehicle(ctx, admin, { driverIds: [driver.user.id] });
    const request = await requestTripOk(ctx, driver, trip(vehicle, 20, 22));
    expect((await tripAction(ctx, driver, request._id, 'approve')).statusCode).toBe(403);
    const noReason = await tripAction(ctx, admin, request._id, 'reject', { reason: '  ' });
    expect(noReason.json().error.fields).toEqual([{ field: 'reason', message: 'Give a reason' }]);
    const rejected = await tripAction(ctx, admin, request._id, 'reject', { reason: 'Needed for the fiesta' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejectionReason: 'Needed for the fiesta',
      decidedBy: { _id: admin.user.id },
    });
    expect((await tripAction(ctx, admin, request._id, 'approve')).statusCode).toBe(409);
    const told = (await ctx.deps.db.execute(
      sql`select message from notifications where user_id = ${driver.user.id} and kind = 'trip.rejected'`,
    )) as unknown as { rows: { message: string }[] };
    expect(told.rows.map((row) => row.message)).toEqual([
      expect.stringMatching(/was rejected: Needed for the fiesta$/),
    ]);
    expect(await auditActions(request._id)).toEqual(['reject']);
  });

  it('completing moves the odometer, frees the vehicle, and a repair condition sends it to maintenance', async () => {
    const vehicle = await addVehicle(ctx, admin, { odometer: 3000, driverIds: [driver.user.id] });
    const first = await approvedTrip(vehicle, 1, 2);
    clock.advance(HOUR + 60_000);
    expect((await vehicleById(vehicle._id)).status).toBe('in_use');
    const stranger = await signedIn(ctx, 'tanod');
    expect(
      (await tripAction(ctx, stranger, first._id, 'complete', { endOdometer: 3050, condition: 'good' })).statusCode,
    ).toBe(403);
    const notForward = await tripAction(ctx, driver, first._id, 'complete', { endOdometer: 3000, condition: 'good' });
    expect(notForward.statusCode).toBe(400);
    expect(notForward.json().error.fields).toEqual([{ field: 'endOdometer', message: 'More than 3000 km' }]);
    const done = await tripAction(ctx, driver, first._id, 'complete', {
      endOdometer: 3042,
      condition: 'good',
      notes: 'Full tank',
    });
    expect(done.json()).toMatchObject({
      status: 'completed',
      endOdometer: 3042,
      distance: 42,
      condition: 'good',
      notes: 'Full tank',
    });
    expect(await vehicleById(vehicle._id)).toMatchObject({ odometer: 3042, status: 'available' });
    expect(
      (await tripAction(ctx, driver, first._id, 'complete', { endOdometer: 3100, condition: 'good' })).statusCode,
    ).toBe(409);

    const low = await requestTrip(ctx, driver, trip(vehicle, 1, 2, { startOdometer: 3041 }));
    expect(low.statusCode).toBe(409);
    const second = await approvedTrip({ ...vehicle, odometer: 3042 }, 1, 2);
    const broken = await tripAction(ctx, admin, second._id, 'complete', {
      endOdometer: 3060,
      condition: 'needs_repair',
      notes: 'Brakes squeal',
    });
    expect(broken.statusCode).toBe(200);
    expect(await vehicleById(vehicle._id)).toMatchObject({ odometer: 3060, status: 'maintenance' });
    expect(await auditActions(second._id)).toEqual(['approve', 'complete']);
  });

  it('the driver cancels a pending or approved trip; a cancelled trip cannot be completed', async () => {
    const vehicle = await addVehicle(ctx, admin, { driverIds: [driver.user.id] });
    const request = await approvedTrip(vehicle, 30, 31);
    const stranger = await signedIn(ctx, 'tanod');
    expect((await tripAction(ctx, stranger, request._id, 'cancel')).statusCode).toBe(403);
    expect((await tripAction(ctx, driver, request._id, 'cancel')).json()).toMatchObject({ status: 'cancelled' });
    expect(
      (await tripAction(ctx, driver, request._id, 'complete', { endOdometer: 9999, condition: 'good' })).statusCode,
    ).toBe(409);
    expect((await tripAction(ctx, driver, request._id, 'cancel')).statusCode).toBe(409);
    // The slot is free again.
    expect((await requestTrip(ctx, driver, trip(vehicle, 30, 31))).statusCode).toBe(201);
  });

  it('a tanod lists only their own trips, pending first', async () => {
    const me = await signedIn(ctx, 'tanod');
    const other = await signedIn(ctx, 'tanod');
    const vehicle = await addVehicle(ctx, admin, { driverIds: [me.user.id, other.user.id] });
    const done = await approvedTrip(vehicle, 40, 41, me);
    const pending = await requestTripOk(ctx, me, trip(vehicle, 50, 51));
    await requestTripOk(ctx, other, trip(vehicle, 60, 61));
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/trips', headers: bearer(me.token) });
    expect((mine.json() as Trip[]).map((t) => [t._id, t.status])).toEqual([
      [pending._id, 'pending'],
      [done._id, 'approved'],
    ]);
    const peek = await ctx.app.inject({
      method: 'GET',
      url: `/api/trips?driverId=${other.user.id}`,
      headers: bearer(me.token),
    });
    expect(peek.statusCode).toBe(403);
  });
});

describe('live trip updates', () => {
  it('trip:updated reaches the admins and the driver after each step, not other tanods', async () => {
    const bystander = await signedIn(ctx, 'tanod');
    const vehicle = await addVehicle(ctx, admin, { driverIds: [driver.user.id, bystander.user.id] });
    const adminSocket = await connected(realtime.client(admin.token));
    const driverSocket = await connected(realtime.client(driver.token));
    const bystanderSocket = await connected(realtime.client(bystander.token));
    const bystanderFirst = nextEvent(bystanderSocket, 'trip:updated');

    const adminHearsRequest = nextEvent(adminSocket, 'trip:updated');
    const request = await requestTripOk(ctx, driver, trip(vehicle, 70, 72));
    expect(await adminHearsRequest).toEqual({ _id: request._id, id: request._id, updatedAt: request.updatedAt });

    // The driver also hears of their own request; that event may still be on its way.
    const driverHearsApproval = nextEvent(
      driverSocket,
      'trip:updated',
      (change) => change.updatedAt !== request.updatedAt,
    );
    clock.advance(60_000);
    const approved = (await tripAction(ctx, admin, request._id, 'approve')).json() as Trip;
    expect(await driverHearsApproval).toEqual({ _id: request._id, id: request._id, updatedAt: approved.updatedAt });

    // The bystander's first trip event is about their own request: they heard nothing of the others.
    const own = await requestTripOk(ctx, bystander, trip(vehicle, 80, 81));
    expect((await bystanderFirst)._id).toBe(own._id);
  });
});
