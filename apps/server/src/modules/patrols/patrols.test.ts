import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull } from 'drizzle-orm';
import type { ApiErrorBody, Notification, Patrol, PatrolDetail, PatrolLogEntry, PatrolTrack, Schedule } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { centreOf, createArea, minutes, person, postStart, scheduleFor, square, startPatrol, type Person } from '../../../test/patrols.ts';
import { locationPoints, patrols } from '../../db/schema/index.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { onDutyTanodIds } from './on-duty.ts';
import { absencesJob } from './absences.job.ts';

let ctx: TestContext;
let admin: Person;
const START = new Date('2026-06-01T00:00:00Z');
const clock = new ManualClock(START);
const silent = { error: (message: string) => expect.fail(message) };

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { SESSION_TTL_HOURS: '2160' } });
  admin = await person(ctx, 'admin');
});
afterAll(() => ctx.close());

let nextLat = 14.0;
/** A fresh area (its own square, so areas never share space) and a schedule of `members` on it. */
async function setup(members: Person[], startsInMs: number, lengthMs = minutes(240)) {
  nextLat += 0.02;
  const lat = nextLat;
  const area = await createArea(ctx, admin, square(lat, 121.0));
  const now = clock.now();
  const schedule = await scheduleFor(ctx, admin, area, members, new Date(now.getTime() + startsInMs), new Date(now.getTime() + startsInMs + lengthMs));
  return { area, schedule, inside: centreOf(lat, 121.0), outside: { lat: lat + 0.005, lng: 121.02 } };
}

function expectRefusal(response: { statusCode: number; json: <T>() => T }, code: string, message: RegExp) {
  expect(response.statusCode).toBe(422);
  expect(response.json<ApiErrorBody>().error).toMatchObject({ code });
  expect(response.json<ApiErrorBody>().error.message).toMatch(message);
}

describe('starting a patrol', () => {
  it('is refused too early, after the end, outside the area, and to a non-member, each with its code', async () => {
    const tanod = await person(ctx);
    const { schedule, inside, outside, area } = await setup([tanod], minutes(45));
    expectRefusal(await postStart(ctx, tanod, schedule._id, inside), 'too_early', /30 minutes before the shift/);
    clock.advance(minutes(20));
    expectRefusal(await postStart(ctx, tanod, schedule._id, outside), 'outside_area', new RegExp(`outside ${area.name}`));
    const stranger = await person(ctx);
    expectRefusal(await postStart(ctx, stranger, schedule._id, inside), 'not_a_member', new RegExp(`not a member of ${schedule.code}`));
    clock.advance(minutes(25 + 240));
    expectRefusal(await postStart(ctx, tanod, schedule._id, inside), 'shift_over', new RegExp(`shift of ${schedule.code} is over`));
    clock.set(START);
  });

  it('counts the GPS accuracy as tolerance at the edge of the area', async () => {
    const tanod = await person(ctx);
    const { schedule } = await setup([tanod], 0);
    // About 55 m east of the area's east edge (121.01).
    const nearby = { lat: nextLat + 0.005, lng: 121.0105 };
    expectRefusal(await postStart(ctx, tanod, schedule._id, { ...nearby, accuracy: 20 }), 'outside_area', /outside/);
    const started = await postStart(ctx, tanod, schedule._id, { ...nearby, accuracy: 80 });
    expect(started.statusCode, started.body).toBe(201);
  });

  it('attendance is on time up to 5 minutes after the start and late after, with a moved clock', async () => {
    const [early, onTheDot, late] = [await person(ctx), await person(ctx), await person(ctx)];
    const { schedule, inside } = await setup([early, onTheDot, late], minutes(10));
    clock.advance(minutes(5));
    expect((await startPatrol(ctx, early, schedule._id, inside)).attendance).toBe('on_time');
    clock.advance(minutes(10));
    expect(await startPatrol(ctx, onTheDot, schedule._id, inside)).toMatchObject({ attendance: 'on_time', minutesLate: 5 });
    clock.advance(1000);
    expect(await startPatrol(ctx, late, schedule._id, inside)).toMatchObject({ attendance: 'late', minutesLate: 5, state: 'on_patrol' });
    const again = await postStart(ctx, late, schedule._id, inside);
    expect(again.statusCode).toBe(409);
    clock.set(START);
  });

  it('only tanods start patrols; a missing token or a malformed body is refused', async () => {
    const tanod = await person(ctx);
    const { schedule, inside } = await setup([tanod], 0);
    expect((await postStart(ctx, admin, schedule._id, inside)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/patrols/start', payload: { scheduleId: schedule._id, position: inside } })).statusCode).toBe(401);
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/patrols/start', headers: bearer(tanod.token), payload: { scheduleId: schedule._id, position: { lat: 200, lng: 121 } } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().error.fields?.map((field) => field.field)).toEqual(expect.arrayContaining(['position.lat']));
  });
});

describe('during and after a patrol', () => {
  it('the tanod writes the log, ends the patrol; admins and the tanod read it, other tanods cannot', async () => {
    const [tanod, other] = [await person(ctx), await person(ctx)];
    const { schedule, inside } = await setup([tanod], 0);
    const patrol = await startPatrol(ctx, tanod, schedule._id, inside);
    // A window reaching past what the database holds (year 0000) is an ordinary list, not a 500.
    const wide = await ctx.app.inject({ method: 'GET', url: '/api/patrols?from=0000-01-01T00:00:00Z&to=2100-01-01T00:00:00Z', headers: bearer(tanod.token) });
    expect(wide.statusCode, wide.body).toBe(200);
    expect((wide.json() as { _id: string }[]).map((listed) => listed._id)).toContain(patrol._id);
    const current = await ctx.app.inject({ method: 'GET', url: '/api/patrols/current', headers: bearer(tanod.token) });
    expect(current.json<{ patrol: PatrolDetail }>().patrol._id).toBe(patrol._id);

    const log = await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/log`, headers: bearer(tanod.token), payload: { text: '  Gate of the school is open  ', position: { ...inside, accuracy: 5 } } });
    expect(log.statusCode, log.body).toBe(201);
    expect(log.json<PatrolLogEntry>()).toMatchObject({ text: 'Gate of the school is open', position: { ...inside, accuracy: 5 } });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/log`, headers: bearer(other.token), payload: { text: 'x' } })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/log`, headers: bearer(tanod.token), payload: { text: '   ' } })).statusCode).toBe(400);

    expect((await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/end`, headers: bearer(other.token), payload: { position: { ...inside, accuracy: 5 } } })).statusCode).toBe(404);
    const ended = await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/end`, headers: bearer(tanod.token), payload: { position: { ...inside, accuracy: 5 } } });
    expect(ended.json<PatrolDetail>()).toMatchObject({ state: 'completed', endPosition: { ...inside, accuracy: 5 } });
    const late = await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/log`, headers: bearer(tanod.token), payload: { text: 'after' } });
    expect(late.statusCode).toBe(422);

    const byAdmin = await ctx.app.inject({ method: 'GET', url: `/api/patrols/${patrol._id}`, headers: bearer(admin.token) });
    expect(byAdmin.json<PatrolDetail>().log.map((entry) => entry.text)).toEqual(['Gate of the school is open']);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/patrols/${patrol._id}`, headers: bearer(other.token) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/patrols/${patrol._id}/track`, headers: bearer(other.token) })).statusCode).toBe(404);
    const track = await ctx.app.inject({ method: 'GET', url: `/api/patrols/${patrol._id}/track`, headers: bearer(tanod.token) });
    expect(track.json<PatrolTrack>()).toMatchObject({ patrolId: patrol._id, points: [] });

    const mine = await ctx.app.inject({ method: 'GET', url: `/api/patrols?tanodId=${other.id}`, headers: bearer(tanod.token) });
    expect(mine.json<Patrol[]>().map((item) => item._id)).toEqual([patrol._id]);
    const theirs = await ctx.app.inject({ method: 'GET', url: `/api/patrols?tanodId=${tanod.id}`, headers: bearer(admin.token) });
    expect(theirs.json<Patrol[]>().map((item) => item._id)).toEqual([patrol._id]);
  });

  it('the list measures a track while its patrol runs and keeps the length once it ended', async () => {
    const tanod = await person(ctx);
    const { schedule, inside } = await setup([tanod], 0);
    const patrol = await startPatrol(ctx, tanod, schedule._id, inside);
    // Points straight north, 0.001° apart: each step is one thousandth of a degree along the meridian.
    const step = 6371008.8 * ((0.001 * Math.PI) / 180);
    const walk = async (from: number, count: number) =>
      ctx.deps.db.insert(locationPoints).values(
        Array.from({ length: count }, (_, index) => {
          const at = new Date(clock.now().getTime() + (from + index) * 60_000);
          return { userId: tanod.id, patrolId: patrol._id, at, receivedAt: at, lat: inside.lat + (from + index) * 0.001, lng: inside.lng, accuracy: 5 };
        }),
      );
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: `/api/patrols?tanodId=${tanod.id}`, headers: bearer(admin.token) })).json<Patrol[]>().find((item) => item._id === patrol._id)!;
    const stored = async () => (await ctx.deps.db.select({ meters: patrols.distanceMeters }).from(patrols).where(eq(patrols.id, patrol._id)))[0]!.meters;

    await walk(0, 3);
    expect((await listed()).distanceMeters).toBe(Math.round(2 * step));
    await walk(3, 2);
    expect((await listed()).distanceMeters).toBe(Math.round(4 * step));
    expect(await stored()).toBeNull();

    const ended = await ctx.app.inject({ method: 'POST', url: `/api/patrols/${patrol._id}/end`, headers: bearer(tanod.token), payload: { position: { ...inside, accuracy: 5 } } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await listed()).distanceMeters).toBe(Math.round(4 * step));
    expect(await stored()).toBeCloseTo(4 * step, 3);
    // From now on the stored length is what the list shows, whatever the points say.
    await ctx.deps.db.update(patrols).set({ distanceMeters: 1234.4 }).where(eq(patrols.id, patrol._id));
    expect((await listed()).distanceMeters).toBe(1234);
  });

  it('members who never started are marked absent once, even by two instances at once, and told so', async () => {
    const [present, missing] = [await person(ctx), await person(ctx)];
    const { schedule, inside } = await setup([present, missing], 0, minutes(60));
    await startPatrol(ctx, present, schedule._id, inside);
    clock.advance(minutes(59));
    await runJob(ctx.deps, absencesJob, silent);
    expect(await ctx.deps.db.select().from(patrols).where(eq(patrols.scheduleId, schedule._id))).toHaveLength(1);

    clock.advance(minutes(1));
    await Promise.all([runJob(ctx.deps, absencesJob, silent), runJob(ctx.deps, absencesJob, silent)]);
    await runJob(ctx.deps, absencesJob, silent);
    const rows = await ctx.deps.db.select().from(patrols).where(eq(patrols.scheduleId, schedule._id));
    expect(rows.map((row) => [row.tanodId, row.attendance]).sort()).toEqual([[present.id, 'on_time'], [missing.id, 'absent']].sort());
    const notes = (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(missing.token) })).json<Notification[]>();
    expect(notes.filter((note) => note.message.includes('marked absent')).map((note) => note.message)).toEqual([
      `You were marked absent: the patrol of schedule ${schedule.code} was never started`,
    ]);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/schedules?areaId=${schedule.patrolArea._id}`, headers: bearer(admin.token) });
    expect(view.json<Schedule[]>()[0]!.members.find((member) => member._id === missing.id)?.attendance).toBe('absent');
    clock.set(START);
  });
});

describe('who is on duty for new reports', () => {
  it('tanods on an ongoing schedule or on patrol; everyone active when nobody is', async () => {
    const probe = new Date('2026-07-01T00:00:00Z');
    clock.set(probe);
    try {
      // The patrols earlier tests left running end, so nobody is on duty at this moment.
      await ctx.deps.db.update(patrols).set({ endedAt: probe }).where(isNull(patrols.endedAt));
      // Nobody on duty: every active tanod hears the report.
      const everyone = await onDutyTanodIds(ctx.deps.db, probe);
      const all = await person(ctx);
      expect(await onDutyTanodIds(ctx.deps.db, probe)).toHaveLength(everyone.length + 1);

      const [scheduled, patrolling] = [await person(ctx), await person(ctx)];
      await setup([scheduled], minutes(60));
      const early = await setup([patrolling], minutes(20));
      await startPatrol(ctx, patrolling, early.schedule._id, early.inside);
      // Started 20 minutes early: on duty; the other schedule has not begun.
      expect(await onDutyTanodIds(ctx.deps.db, probe)).toEqual([patrolling.id]);
      clock.advance(minutes(61));
      expect((await onDutyTanodIds(ctx.deps.db, clock.now())).sort()).toEqual([scheduled.id, patrolling.id].sort());
      expect(await onDutyTanodIds(ctx.deps.db, clock.now())).not.toContain(all.id);
    } finally {
      clock.set(START);
    }
  });
});
