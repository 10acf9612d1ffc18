import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TanodDashboard } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident } from '../../../test/incidents-helpers.ts';
import { centreOf, createArea, createSchedule, minutes, person, scheduleFor, square, startPatrol, type Person } from '../../../test/patrols.ts';
import { addItem, borrowOk, returnLoan, signedIn } from '../../../test/resources.ts';
import { latestPositions } from '../../db/schema/index.ts';
import { insertEvaluation } from '../evaluations/evaluations.repository.ts';

// 2026-07-10 08:00 in Manila (UTC+8, no daylight saving).
const clock = new ManualClock(new Date('2026-07-10T00:00:00Z'));
let ctx: TestContext;
let admin: Person;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  admin = await person(ctx, 'admin');
});
afterAll(() => ctx.close());

const dashboard = async (who: { token: string }) => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tanod', headers: bearer(who.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TanodDashboard>();
};

/** Metres north of a point, in degrees of latitude (1° ≈ 111.2 km). */
const north = (point: { lat: number; lng: number }, metres: number) => ({ lat: point.lat + metres / 111_195, lng: point.lng });

describe('the tanod dashboard', () => {
  it('a night shift stays the current shift past midnight in Manila, and the next shift is the one after it', async () => {
    clock.set(new Date('2026-07-10T00:00:00Z'));
    const tanod = await person(ctx);
    const area = await createArea(ctx, admin, square(14.6, 121.1));
    const plan = (shift: 'day' | 'night', day: string) =>
      createSchedule(ctx, admin, { shift, startsAt: `${day}T12:00:00+08:00`, patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: true }] });
    const [dayBefore] = await plan('day', '2026-07-10');
    const [night] = await plan('night', '2026-07-10');
    const [nextDay] = await plan('day', '2026-07-11');

    // 01:00 on 11 July in Manila is still 10 July in UTC: the night shift (18:00–06:00) is under way.
    clock.set(new Date('2026-07-10T17:00:00Z'));
    const atOne = await dashboard(tanod);
    expect(atOne.timezone).toBe('Asia/Manila');
    expect(atOne.today).toBe('2026-07-11');
    expect(atOne.currentShift).toMatchObject({ _id: night!._id, shift: 'night', status: 'ongoing', startsAt: '2026-07-10T10:00:00.000Z', endsAt: '2026-07-10T22:00:00.000Z' });
    expect(atOne.currentShift!.members[0]).toMatchObject({ _id: tanod.id, attendance: 'not_started' });
    expect(atOne.nextShift).toMatchObject({ _id: nextDay!._id, shift: 'day', startsAt: '2026-07-10T22:00:00.000Z' });
    expect([atOne.currentShift!._id, atOne.nextShift!._id]).not.toContain(dayBefore!._id);

    // 05:59: still the night; 06:00: the day shift takes over and nothing follows it.
    clock.set(new Date('2026-07-10T21:59:00Z'));
    expect((await dashboard(tanod)).currentShift?._id).toBe(night!._id);
    clock.set(new Date('2026-07-10T22:00:00Z'));
    const atSix = await dashboard(tanod);
    expect(atSix.currentShift?._id).toBe(nextDay!._id);
    expect(atSix.nextShift).toBeNull();

    // 17:59 on 10 July: the day shift; 18:00: the night takes over.
    clock.set(new Date('2026-07-10T09:59:00Z'));
    const evening = await dashboard(tanod);
    expect(evening.currentShift?._id).toBe(dayBefore!._id);
    expect(evening.nextShift?._id).toBe(night!._id);
    clock.set(new Date('2026-07-10T10:00:00Z'));
    expect((await dashboard(tanod)).currentShift?._id).toBe(night!._id);
    // After the last shift ended, nothing is current or next.
    clock.set(new Date('2026-07-11T10:30:00Z'));
    const none = await dashboard(tanod);
    expect(none.currentShift).toBeNull();
    expect(none.nextShift).toBeNull();
  });

  it('a patrol not yet ended keeps its shift current after the window closes', async () => {
    clock.set(new Date('2026-07-12T00:00:00Z'));
    const tanod = await person(ctx);
    const area = await createArea(ctx, admin, square(14.62, 121.12));
    const shift = await scheduleFor(ctx, admin, area, [tanod], new Date('2026-07-12T01:00:00Z'), new Date('2026-07-12T03:00:00Z'));
    const later = await scheduleFor(ctx, admin, area, [tanod], new Date('2026-07-12T05:00:00Z'), new Date('2026-07-12T07:00:00Z'));
    clock.set(new Date('2026-07-12T01:02:00Z'));
    await startPatrol(ctx, tanod, shift._id, centreOf(14.62, 121.12));

    clock.set(new Date('2026-07-12T03:20:00Z'));
    const overtime = await dashboard(tanod);
    expect(overtime.currentShift).toMatchObject({ _id: shift._id, status: 'completed' });
    expect(overtime.currentShift!.members[0]).toMatchObject({ attendance: 'on_time' });
    expect(overtime.nextShift?._id).toBe(later._id);
    // This month's figures come from the performance service: one past shift, attended on time.
    expect(overtime.month).toMatchObject({
      tanod: { _id: tanod.id },
      period: { kind: 'month', from: '2026-07-01', to: '2026-07-31', label: 'July 2026' },
      scheduledShifts: 1,
      attendedShifts: 1,
      attendanceRate: 1,
      onTimeRate: 1,
    });
    expect(overtime.month).not.toHaveProperty('series');
  });

  it('open incidents nearby are the pending ones within 2 km of the last known position, nearest first; the active one is mine in progress', async () => {
    clock.set(new Date('2026-07-13T00:00:00Z'));
    const tanod = await person(ctx);
    const other = await person(ctx);
    const here = { lat: 9.5, lng: 123.5 };
    await ctx.deps.db.insert(latestPositions).values({ userId: tanod.id, at: clock.now(), lat: here.lat, lng: here.lng, accuracy: 8 });
    const far = await insertTestIncident(ctx, { ...north(here, 1500), type: 'Noise' });
    const near = await insertTestIncident(ctx, { ...north(here, 200), type: 'Theft' });
    const middle = await insertTestIncident(ctx, { ...north(here, 900), type: 'Fire', classification: 'emergency' });
    await insertTestIncident(ctx, { ...north(here, 2600), type: 'Too far' });
    await insertTestIncident(ctx, { ...north(here, 100), status: 'resolved', resolvedAt: clock.now() });
    const mine = await insertTestIncident(ctx, { ...north(here, 50), status: 'in_progress', responderId: tanod.id, respondedAt: clock.now() });
    await insertTestIncident(ctx, { ...north(here, 60), status: 'in_progress', responderId: other.id, respondedAt: clock.now() });

    const body = await dashboard(tanod);
    expect(body.nearby.basis).toBe('position');
    expect(body.nearby.position).toEqual({ lat: here.lat, lng: here.lng, at: clock.now().toISOString() });
    expect(body.nearby.radiusMeters).toBe(2000);
    expect(body.nearby.items.map((item) => item._id)).toEqual([near.id, middle.id, far.id]);
    expect(body.nearby.items.map((item) => item.distanceMeters)).toEqual([200, 900, 1500]);
    expect(body.nearby.items[1]).toMatchObject({ type: 'Fire', classification: 'emergency', status: 'pending', ticket: middle.ticket });
    expect(body.activeIncident).toMatchObject({ _id: mine.id, status: 'in_progress', ticket: mine.ticket });
    // The other tanod has no position: no active incident of theirs shows as mine.
    expect((await dashboard(other)).activeIncident?._id).not.toBe(mine.id);
  });

  it('without a known position, the newest pending incidents show, at most five', async () => {
    clock.set(new Date('2026-07-20T00:00:00Z'));
    const tanod = await person(ctx);
    const made = [];
    for (let i = 0; i < 6; i += 1) {
      clock.advance(minutes(1));
      made.push(await insertTestIncident(ctx, { createdAt: clock.now(), updatedAt: clock.now() }));
    }
    const body = await dashboard(tanod);
    expect(body.nearby.basis).toBe('newest');
    expect(body.nearby.position).toBeNull();
    expect(body.nearby.items.map((item) => item._id)).toEqual(made.slice(1).reverse().map((row) => row.id));
    expect(body.nearby.items.every((item) => item.distanceMeters === null)).toBe(true);
  });

  it('borrowed equipment shows with its due time, overdue first and flagged; returned loans leave the card', async () => {
    clock.set(new Date('2026-07-21T00:00:00Z'));
    const manager = await signedIn(ctx, 'admin');
    const tanod = await signedIn(ctx);
    const radio = await addItem(ctx, manager, { name: 'Dashboard radio' });
    const light = await addItem(ctx, manager, { name: 'Dashboard flashlight', category: 'lighting' });
    const vest = await addItem(ctx, manager, { name: 'Dashboard vest', category: 'protection' });
    const soon = await borrowOk(ctx, tanod, { itemId: radio._id, dueAt: '2026-07-21T02:00:00Z' });
    const later = await borrowOk(ctx, tanod, { itemId: light._id, quantity: 2, dueAt: '2026-07-22T02:00:00Z' });
    const returned = await borrowOk(ctx, tanod, { itemId: vest._id, dueAt: '2026-07-22T03:00:00Z' });
    expect((await returnLoan(ctx, tanod, returned._id)).statusCode).toBe(200);

    clock.set(new Date('2026-07-21T05:00:00Z'));
    const body = await dashboard({ token: tanod.token });
    expect(body.loans).toEqual([
      expect.objectContaining({ _id: soon._id, item: expect.objectContaining({ name: 'Dashboard radio' }), dueAt: '2026-07-21T02:00:00.000Z', isOverdue: true, quantity: 1 }),
      expect.objectContaining({ _id: later._id, item: expect.objectContaining({ name: 'Dashboard flashlight' }), dueAt: '2026-07-22T02:00:00.000Z', isOverdue: false, quantity: 2 }),
    ]);
  });

  it('recent feedback is the latest five ratings an admin has not hidden', async () => {
    clock.set(new Date('2026-07-22T00:00:00Z'));
    const tanod = await person(ctx);
    const ids: string[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const row = await insertEvaluation(ctx.deps.db, {
        tanodId: tanod.id,
        rating: (i % 5) + 1,
        comment: `Comment ${i}`,
        source: 'directory',
        reviewerName: i === 6 ? null : `Rater ${i}`,
        createdAt: new Date(clock.now().getTime() + minutes(i)),
      });
      ids.push(row.id);
    }
    await insertEvaluation(ctx.deps.db, { tanodId: tanod.id, rating: 1, comment: 'Abusive', source: 'directory', hidden: true, createdAt: new Date(clock.now().getTime() + minutes(10)) });

    const body = await dashboard(tanod);
    expect(body.feedback.map((item) => item.comment)).toEqual(['Comment 6', 'Comment 5', 'Comment 4', 'Comment 3', 'Comment 2']);
    expect(body.feedback[0]).toEqual({ _id: ids[5], rating: 2, comment: 'Comment 6', name: null, createdAt: new Date(clock.now().getTime() + minutes(6)).toISOString() });
    expect(body.feedback[1]!.name).toBe('Rater 5');
  });

  it('a tanod with nothing yet gets empty cards, not errors', async () => {
    const tanod = await person(ctx);
    const body = await dashboard(tanod);
    expect(body).toMatchObject({ currentShift: null, nextShift: null, activeIncident: null, loans: [], feedback: [] });
    expect(body.month).toMatchObject({ scheduledShifts: 0, attendanceRate: null, patrolsCompleted: 0, incidentsResponded: 0, ratingAverage: null });
  });

  it('only a tanod has this dashboard: admins, the supadmin and residents are refused, and so is a caller without a token', async () => {
    for (const userType of ['admin', 'supadmin', 'resident'] as const) {
      const who = await person(ctx, userType);
      const response = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tanod', headers: bearer(who.token) });
      expect(response.statusCode, userType).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/tanod' });
    expect(anonymous.statusCode).toBe(401);
  });
});
