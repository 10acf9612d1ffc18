import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LivePosition, Notification, PatrolTrack, RealtimeAck, TrackingPointInput, TrackingPointsAck, TrackingPosition, TrackingState, TrackingStatus } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { connected, disconnected, nextEvent, startRealtime, type RealtimeTestServer, type TestSocket } from '../../../test/realtime.ts';
import { centreOf, createArea, minutes, person, scheduleFor, square, startPatrol, type Person } from '../../../test/patrols.ts';
import { latestPositions, locationPoints } from '../../db/schema/index.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { trackRetentionJob } from './retention.job.ts';
import { storePoints } from './tracking.repository.ts';

let ctx: TestContext;
let server: RealtimeTestServer;
let admin: Person;
const START = new Date('2026-06-01T00:00:00Z');
const clock = new ManualClock(START);
const silent = { error: (message: string) => expect.fail(message) };

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { SESSION_TTL_HOURS: '2160' } });
  server = await startRealtime(ctx);
  admin = await person(ctx, 'admin');
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

const open = (who: Person): Promise<TestSocket> => connected(server.client(who.token));

function send(socket: TestSocket, points: unknown): Promise<TrackingPointsAck> {
  return new Promise((resolve) => socket.emit('tracking:points', points as TrackingPointInput[], resolve));
}

function watch(socket: TestSocket): Promise<RealtimeAck> {
  return new Promise((resolve) => socket.emit('tracking:watch', resolve));
}

/** Everything of `event` a socket receives from now on. */
function collect<E extends 'tracking:position' | 'tracking:status'>(socket: TestSocket, event: E) {
  const seen: (E extends 'tracking:position' ? TrackingPosition : TrackingStatus)[] = [];
  socket.on(event, ((payload: never) => seen.push(payload)) as never);
  return seen;
}

const point = (at: Date, where: { lat: number; lng: number }, accuracy = 8): TrackingPointInput => ({ at: at.toISOString(), ...where, accuracy });

let nextLat = 14.0;
/** A tanod on patrol in a fresh area since the clock's now. */
async function onPatrol() {
  nextLat += 0.02;
  const lat = nextLat;
  const tanod = await person(ctx);
  const area = await createArea(ctx, admin, square(lat, 121.0));
  const now = clock.now();
  const schedule = await scheduleFor(ctx, admin, area, [tanod], now, new Date(now.getTime() + minutes(240)));
  const inside = centreOf(lat, 121.0);
  const patrol = await startPatrol(ctx, tanod, schedule._id, inside);
  return { tanod, area, schedule, patrol, inside, outside: { lat: lat + 0.005, lng: 121.03 } };
}

async function track(patrolId: string): Promise<PatrolTrack> {
  return (await ctx.app.inject({ method: 'GET', url: `/api/patrols/${patrolId}/track`, headers: bearer(admin.token) })).json<PatrolTrack>();
}

describe('live positions reach the admins watching the map, and nobody else', () => {
  it("tanod A's points reach the admins' live map sockets, never another tanod's", async () => {
    const { tanod, patrol, inside } = await onPatrol();
    const other = await person(ctx);
    const [adminSocket, tanodSocket, otherSocket] = await Promise.all([open(admin), open(tanod), open(other)]);
    expect(await watch(adminSocket)).toEqual({ ok: true });
    expect(await watch(otherSocket)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const heardByOther = collect(otherSocket, 'tracking:position');
    const heardByTanod = collect(tanodSocket, 'tracking:position');

    const arrival = nextEvent(adminSocket, 'tracking:position', (position) => position.userId === tanod.id);
    const at = new Date(clock.now().getTime() + 1000);
    expect(await send(tanodSocket, [point(at, inside)])).toEqual({ accepted: 1, rejected: 0 });
    expect(await arrival).toEqual({ userId: tanod.id, patrolId: patrol._id, at: at.toISOString(), ...inside, accuracy: 8, speed: null, heading: null });

    // A later event proves the earlier one had its chance to reach the others.
    const marker = nextEvent(adminSocket, 'tracking:position', (position) => position.at === new Date(at.getTime() + 1000).toISOString());
    await send(tanodSocket, [point(new Date(at.getTime() + 1000), inside)]);
    await marker;
    await new Promise<void>((resolve) => otherSocket.emit('joinNotificationRoom', () => resolve()));
    expect(heardByOther).toEqual([]);
    expect(heardByTanod).toEqual([]);

    const live = await ctx.app.inject({ method: 'GET', url: '/api/tracking/live', headers: bearer(admin.token) });
    expect(live.json<LivePosition[]>().find((item) => item.userId === tanod.id)).toMatchObject({ patrolId: patrol._id, at: new Date(at.getTime() + 1000).toISOString() });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/tracking/live', headers: bearer(tanod.token) })).statusCode).toBe(403);
  });

  it('a point sent twice is stored once (an offline queue replayed), and a late point never moves the marker back', async () => {
    const { tanod, patrol, inside } = await onPatrol();
    const [adminSocket, tanodSocket] = await Promise.all([open(admin), open(tanod)]);
    await watch(adminSocket);
    const positions = collect(adminSocket, 'tracking:position');
    const base = clock.now().getTime();
    const batch = [point(new Date(base + 2000), inside), point(new Date(base + 4000), { ...inside, lat: inside.lat + 0.0001 })];
    expect(await send(tanodSocket, batch)).toEqual({ accepted: 2, rejected: 0 });
    expect(await send(tanodSocket, batch)).toEqual({ accepted: 2, rejected: 0 });
    // An offline point from before: stored in the track, but the live marker stays on the newest.
    expect(await send(tanodSocket, [point(new Date(base + 1000), inside)])).toEqual({ accepted: 1, rejected: 0 });
    const marker = nextEvent(adminSocket, 'tracking:position', (position) => position.at === new Date(base + 6000).toISOString());
    await send(tanodSocket, [point(new Date(base + 6000), inside)]);
    await marker;
    expect(positions.map((position) => position.at)).toEqual([base + 4000, base + 6000].map((ms) => new Date(ms).toISOString()));
    expect((await track(patrol._id)).points.map((item) => item.at)).toEqual([1000, 2000, 4000, 6000].map((ms) => new Date(base + ms).toISOString()));
    expect((await track(patrol._id)).points).toHaveLength(4);
  });

  it('bad points are rejected one by one; a malformed batch is refused whole', async () => {
    const { tanod, patrol, inside } = await onPatrol();
    const socket = await open(tanod);
    const now = clock.now().getTime();
    const ack = await send(socket, [
      point(new Date(now + 1000), inside),
      point(new Date(now + minutes(10)), inside),
      { at: new Date(now).toISOString(), lat: 123, lng: 121, accuracy: 5 },
      { at: 'yesterday', lat: 14, lng: 121, accuracy: 5 },
    ]);
    expect(ack).toEqual({ accepted: 1, rejected: 3 });
    expect(await send(socket, { lat: 14 })).toMatchObject({ accepted: 0, error: { code: 'VALIDATION_FAILED' } });
    expect((await track(patrol._id)).points).toHaveLength(1);
  });
});

describe('no tracking off duty', () => {
  it('points from a tanod who is not on duty are refused and not stored', async () => {
    const tanod = await person(ctx);
    const socket = await open(tanod);
    expect(await send(socket, [point(clock.now(), { lat: 14.5, lng: 121 })])).toMatchObject({ accepted: 0, error: { code: 'not_on_duty' } });
    expect(await ctx.deps.db.select().from(locationPoints).where(eq(locationPoints.userId, tanod.id))).toEqual([]);
    const on = await ctx.app.inject({ method: 'PUT', url: '/api/tracking/me', headers: bearer(tanod.token), payload: { isTracking: true } });
    expect(on.statusCode).toBe(422);
    expect(on.json<{ error: { code: string } }>().error.code).toBe('not_on_duty');
  });

  it('during a shift the tanod may switch tracking on without a patrol; the switch tells every tab', async () => {
    const tanod = await person(ctx);
    nextLat += 0.02;
    const area = await createArea(ctx, admin, square(nextLat, 121.0));
    const now = clock.now();
    await scheduleFor(ctx, admin, area, [tanod], now, new Date(now.getTime() + minutes(60)));
    const socket = await open(tanod);
    const status = nextEvent(socket, 'tracking:status', (item) => item.userId === tanod.id);
    const on = await ctx.app.inject({ method: 'PUT', url: '/api/tracking/me', headers: bearer(tanod.token), payload: { isTracking: true } });
    expect(on.json<TrackingState>()).toEqual({ isTracking: true, patrolId: null, isSwitchedOn: true });
    expect(await status).toMatchObject({ isTracking: true, patrolId: null });
    expect(await send(socket, [point(now, centreOf(nextLat, 121))])).toEqual({ accepted: 1, rejected: 0 });

    await ctx.app.inject({ method: 'PUT', url: '/api/tracking/me', headers: bearer(tanod.token), payload: { isTracking: false } });
    expect(await send(socket, [point(new Date(now.getTime() + 1000), centreOf(nextLat, 121))])).toMatchObject({ error: { code: 'not_on_duty' } });
  });

  it('a revoked session stops the stream', async () => {
    const { tanod, inside } = await onPatrol();
    const socket = await open(tanod);
    expect((await send(socket, [point(clock.now(), inside)])).accepted).toBe(1);
    const closed = disconnected(socket);
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(tanod.token) });
    expect(logout.statusCode).toBeLessThan(300);
    expect(await closed).toBe('io server disconnect');
    expect(socket.connected).toBe(false);
  });

  it('each socket has a budget of points per minute', async () => {
    const { tanod } = await onPatrol();
    const socket = await open(tanod);
    // Invalid points cost the budget too, without touching the database.
    const junk = Array.from({ length: 100 }, () => ({ at: 'x', lat: 0, lng: 0, accuracy: 0 }));
    for (let i = 0; i < 20; i += 1) expect((await send(socket, junk)).error).toBeUndefined();
    expect(await send(socket, junk)).toMatchObject({ accepted: 0, error: { code: 'RATE_LIMITED' } });
  });

  it("the budget's minute is the server clock's: a new minute gives a new budget", async () => {
    const { tanod } = await onPatrol();
    const socket = await open(tanod);
    const junk = Array.from({ length: 100 }, () => ({ at: 'x', lat: 0, lng: 0, accuracy: 0 }));
    for (let i = 0; i < 20; i += 1) expect((await send(socket, junk)).error).toBeUndefined();
    expect(await send(socket, junk)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    const before = clock.now();
    clock.advance(59_000);
    expect(await send(socket, junk)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    clock.advance(1_000);
    try {
      expect((await send(socket, junk)).error).toBeUndefined();
    } finally {
      clock.set(before);
    }
  });
});

describe('out of the area', () => {
  it('more than 5 minutes outside notifies the admins once per excursion', async () => {
    const { tanod, area, inside, outside } = await onPatrol();
    const socket = await open(tanod);
    const base = clock.now().getTime();
    clock.advance(minutes(60));
    const at = (minute: number) => new Date(base + minutes(minute));
    const alerts = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(admin.token) }))
        .json<Notification[]>()
        .filter((note) => note.message === `Patrol alert: ${tanod.firstName} ${tanod.lastName} has been outside ${area.name} for more than 5 minutes`);

    await send(socket, [point(at(1), inside), point(at(2), outside), point(at(5), outside)]);
    expect(await alerts()).toHaveLength(0);
    await send(socket, [point(at(7), outside)]);
    await send(socket, [point(at(8), outside), point(at(12), outside)]);
    expect(await alerts()).toHaveLength(1);
    // Back inside ends the excursion; a short one says nothing; a long one alerts again.
    await send(socket, [point(at(13), inside), point(at(14), outside), point(at(16), inside)]);
    expect(await alerts()).toHaveLength(1);
    await send(socket, [point(at(20), outside), point(at(24), outside), point(at(26), outside)]);
    expect(await alerts()).toHaveLength(2);
    clock.set(START);
  });
});

describe('storing', () => {
  it('a backlog larger than one statement is stored whole and the latest point is the newest', async () => {
    const { tanod, patrol, inside } = await onPatrol();
    const base = clock.now().getTime();
    const points = Array.from({ length: 4500 }, (_, index) => ({
      userId: tanod.id,
      patrolId: patrol._id,
      at: new Date(base + index * 1000),
      receivedAt: clock.now(),
      ...inside,
      accuracy: 5,
      speed: null,
      heading: null,
    }));
    expect(await storePoints(ctx.deps.db, points.toReversed())).toEqual([tanod.id]);
    expect(await storePoints(ctx.deps.db, points)).toEqual([]);
    expect((await track(patrol._id)).points).toHaveLength(4500);
    const [latest] = await ctx.deps.db.select().from(latestPositions).where(eq(latestPositions.userId, tanod.id));
    expect(latest?.at).toEqual(new Date(base + 4499 * 1000));
  });
});

describe('retention', () => {
  it('points older than TRACK_RETENTION_DAYS are deleted', async () => {
    const { tanod, inside } = await onPatrol();
    const socket = await open(tanod);
    await send(socket, [point(new Date(clock.now().getTime() + 1000), inside)]);
    // Sessions do not last 180 days, so the points are read from the table.
    const pointsOf = () => ctx.deps.db.select().from(locationPoints).where(eq(locationPoints.userId, tanod.id));
    clock.advance(ctx.deps.config.trackRetentionDays * 86_400_000 - minutes(1));
    await runJob(ctx.deps, trackRetentionJob, silent);
    expect(await pointsOf()).toHaveLength(1);
    clock.advance(minutes(2));
    await runJob(ctx.deps, trackRetentionJob, silent);
    expect(await pointsOf()).toHaveLength(0);
    clock.set(START);
  });
});
