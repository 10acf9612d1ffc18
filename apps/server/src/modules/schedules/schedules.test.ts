import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, CreateScheduleRequest, Notification, Schedule } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { createArea, createSchedule, minutes, person, postSchedule, scheduleFor, type Person } from '../../../test/patrols.ts';
import { runJob } from '../../jobs/scheduler.ts';
import { updateUser } from '../users/users.repository.ts';
import { scheduleRemindersJob } from './schedule-reminders.job.ts';

let ctx: TestContext;
let admin: Person;
// 08:00 in Manila on Monday 1 June 2026; tests move it.
const clock = new ManualClock(new Date('2026-06-01T00:00:00Z'));
const silent = { error: (message: string) => expect.fail(message) };

beforeAll(async () => {
  // Sessions outlive the clock's jumps of a few weeks.
  ctx = await createTestContext({ clock, env: { SESSION_TTL_HOURS: '2160' } });
  admin = await person(ctx, 'admin');
});
afterAll(() => ctx.close());

const at = (iso: string) => new Date(iso);

async function notificationsOf(who: Person): Promise<Notification[]> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who.token) });
  return response.json<Notification[]>();
}

function expectConflict(response: { statusCode: number; json: <T>() => T }, message: RegExp, field: string) {
  expect(response.statusCode).toBe(409);
  const { error } = response.json<ApiErrorBody>();
  expect(error.code).toBe('schedule_conflict');
  expect(error.message).toMatch(message);
  expect(error.fields?.[0]?.field).toBe(field);
}

describe('day and night shifts follow the Manila clock', () => {
  it('a day shift is 06:00–18:00 and a night shift runs 18:00 to 06:00 the next day, in Manila', async () => {
    const area = await createArea(ctx, admin);
    const tanod = await person(ctx);
    // 23:30 UTC on 9 June is already 07:30 on 10 June in Manila: the shift belongs to 10 June.
    const [day] = await createSchedule(ctx, admin, { shift: 'day', startsAt: '2026-06-09T23:30:00Z', patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: false }] });
    expect(day).toMatchObject({ startsAt: '2026-06-09T22:00:00.000Z', endsAt: '2026-06-10T10:00:00.000Z', status: 'upcoming' });
    expect(day!.members).toEqual([expect.objectContaining({ _id: tanod.id, isLeader: true, attendance: 'not_started' })]);
    expect(day!.code).toMatch(/^SCH-[2-9A-Z]{6}$/);

    const [night] = await createSchedule(ctx, admin, { shift: 'night', startsAt: '2026-06-10T12:00:00+08:00', patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: true }] });
    expect(night).toMatchObject({ startsAt: '2026-06-10T10:00:00.000Z', endsAt: '2026-06-10T22:00:00.000Z' });
  });

  it('status is derived from the clock: upcoming, ongoing across midnight, completed', async () => {
    const area = await createArea(ctx, admin);
    const tanod = await person(ctx);
    const [night] = await createSchedule(ctx, admin, { shift: 'night', startsAt: '2026-06-20T09:00:00+08:00', patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: true }] });
    const statusAt = async (iso: string) => {
      clock.set(at(iso));
      const response = await ctx.app.inject({ method: 'GET', url: `/api/schedules?from=2026-06-20T00:00:00Z&to=2026-06-22T00:00:00Z&areaId=${area._id}`, headers: bearer(admin.token) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Schedule[]>().find((item) => item._id === night!._id)?.status;
    };
    try {
      expect(await statusAt('2026-06-20T17:59:00+08:00')).toBe('upcoming');
      expect(await statusAt('2026-06-21T00:30:00+08:00')).toBe('ongoing');
      expect(await statusAt('2026-06-21T06:00:00+08:00')).toBe('completed');
    } finally {
      clock.set(at('2026-06-01T00:00:00Z'));
    }
  });
});

describe('every conflict is refused on the server, naming the other schedule', () => {
  it('a tanod on two overlapping schedules', async () => {
    const [areaA, areaB] = [await createArea(ctx, admin), await createArea(ctx, admin)];
    const tanod = await person(ctx);
    const first = await scheduleFor(ctx, admin, areaA, [tanod], at('2026-06-11T08:00:00+08:00'), at('2026-06-11T12:00:00+08:00'));
    const response = await postSchedule(ctx, admin, {
      shift: 'custom',
      startsAt: '2026-06-11T11:00:00+08:00',
      endsAt: '2026-06-11T15:00:00+08:00',
      patrolAreaId: areaB._id,
      members: [{ tanodId: tanod.id, isLeader: true }],
    });
    expectConflict(response, new RegExp(`${tanod.firstName} ${tanod.lastName} is already on ${first.code}`), 'members');
    // Back to back is fine: the end is exclusive.
    await scheduleFor(ctx, admin, areaB, [tanod], at('2026-06-11T12:00:00+08:00'), at('2026-06-11T14:00:00+08:00'));
  });

  it('an area on two overlapping schedules', async () => {
    const area = await createArea(ctx, admin);
    const first = await scheduleFor(ctx, admin, area, [await person(ctx)], at('2026-06-12T08:00:00+08:00'), at('2026-06-12T12:00:00+08:00'));
    const response = await postSchedule(ctx, admin, {
      shift: 'custom',
      startsAt: '2026-06-12T07:00:00+08:00',
      endsAt: '2026-06-12T09:00:00+08:00',
      patrolAreaId: area._id,
      members: [{ tanodId: (await person(ctx)).id, isLeader: true }],
    });
    expectConflict(response, new RegExp(`${area.name} is already used by ${first.code}`), 'patrolAreaId');
  });

  it('an end that is not after the start', async () => {
    const area = await createArea(ctx, admin);
    const response = await postSchedule(ctx, admin, {
      shift: 'custom',
      startsAt: '2026-06-13T08:00:00+08:00',
      endsAt: '2026-06-13T08:00:00+08:00',
      patrolAreaId: area._id,
      members: [{ tanodId: (await person(ctx)).id, isLeader: true }],
    });
    expectConflict(response, /end must be after the start/, 'endsAt');
  });

  it('a deactivated tanod', async () => {
    const area = await createArea(ctx, admin);
    const tanod = await person(ctx);
    await updateUser(ctx.deps.db, tanod.id, { status: 'deactivated' });
    const response = await postSchedule(ctx, admin, { shift: 'day', startsAt: '2026-06-14T08:00:00+08:00', patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: true }] });
    expectConflict(response, new RegExp(`${tanod.firstName} ${tanod.lastName} is deactivated`), 'members');
  });

  it('two or more members need exactly one leader; bad bodies name the field', async () => {
    const area = await createArea(ctx, admin);
    const [a, b] = [await person(ctx), await person(ctx)];
    const noLeader = await postSchedule(ctx, admin, {
      shift: 'day',
      startsAt: '2026-06-15T08:00:00+08:00',
      patrolAreaId: area._id,
      members: [{ tanodId: a.id, isLeader: false }, { tanodId: b.id, isLeader: false }],
    });
    expect(noLeader.statusCode).toBe(400);
    expect(noLeader.json<ApiErrorBody>().error.fields?.[0]).toMatchObject({ field: 'members', message: 'Choose exactly one team leader' });
    const noEnd = await postSchedule(ctx, admin, { shift: 'custom', startsAt: '2026-06-15T08:00:00+08:00', patrolAreaId: area._id, members: [{ tanodId: a.id, isLeader: true }] });
    expect(noEnd.json<ApiErrorBody>().error.fields?.[0]?.field).toBe('endsAt');
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/schedules', headers: bearer(admin.token), payload: { shift: 'morning' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('a repeat checks every occurrence and names the first that conflicts (the fourth), creating none', async () => {
    const area = await createArea(ctx, admin);
    const tanod = await person(ctx);
    // Mon/Wed/Fri from Mon 6 July: occurrences 6, 8, 10, 13 July … the 13th is taken.
    const blocker = await scheduleFor(ctx, admin, await createArea(ctx, admin), [tanod], at('2026-07-13T10:00:00+08:00'), at('2026-07-13T11:00:00+08:00'));
    const response = await postSchedule(ctx, admin, {
      shift: 'day',
      startsAt: '2026-07-06T06:00:00+08:00',
      patrolAreaId: area._id,
      members: [{ tanodId: tanod.id, isLeader: true }],
      repeat: { weekdays: [1, 3, 5], until: '2026-07-31' },
    });
    expectConflict(response, new RegExp(`occurrence on Mon 13 Jul 06:00–18:00 \\(number 4\\) conflicts: .*already on ${blocker.code}`), 'members');
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/schedules?from=2026-07-01T00:00:00Z&to=2026-08-01T00:00:00Z&areaId=${area._id}`, headers: bearer(admin.token) });
    expect(listed.json<Schedule[]>()).toEqual([]);
  });

  it('tanods, residents and strangers cannot create, change, delete or list all schedules', async () => {
    const area = await createArea(ctx, admin);
    const tanod = await person(ctx);
    const resident = await person(ctx, 'resident');
    const body: CreateScheduleRequest = { shift: 'day', startsAt: '2026-06-16T08:00:00+08:00', patrolAreaId: area._id, members: [{ tanodId: tanod.id, isLeader: true }] };
    expect((await postSchedule(ctx, tanod, body)).statusCode).toBe(403);
    expect((await postSchedule(ctx, resident, body)).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/schedules', payload: body })).statusCode).toBe(401);
    const [schedule] = await createSchedule(ctx, admin, body);
    expect((await ctx.app.inject({ method: 'PATCH', url: `/api/schedules/${schedule!._id}`, headers: bearer(tanod.token), payload: { notes: 'x' } })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/schedules/${schedule!._id}`, headers: bearer(tanod.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/schedules', headers: bearer(tanod.token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/schedules/mine', headers: bearer(admin.token) })).statusCode).toBe(403);
  });
});

describe('repeats, edits and deletes with scope one or future', () => {
  async function series(tanod: Person) {
    const area = await createArea(ctx, admin);
    const schedules = await createSchedule(ctx, admin, {
      shift: 'night',
      startsAt: '2026-08-03T18:00:00+08:00',
      patrolAreaId: area._id,
      members: [{ tanodId: tanod.id, isLeader: true }],
      repeat: { weekdays: [1, 4], until: '2026-08-20' },
    });
    return { area, schedules };
  }

  it('a repeat creates one schedule per chosen weekday up to the last day, in one series', async () => {
    const tanod = await person(ctx);
    const { schedules } = await series(tanod);
    // Mon 3, Thu 6, Mon 10, Thu 13, Mon 17, Thu 20 August.
    expect(schedules.map((item) => item.startsAt)).toEqual(
      ['03', '06', '10', '13', '17', '20'].map((day) => `2026-08-${day}T10:00:00.000Z`),
    );
    expect(new Set(schedules.map((item) => item.seriesId)).size).toBe(1);
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/schedules/mine?from=2026-08-01T00:00:00Z&to=2026-09-01T00:00:00Z', headers: bearer(tanod.token) });
    expect(mine.json<Schedule[]>().map((item) => item._id)).toEqual(schedules.map((item) => item._id));
  });

  it('scope=one changes one occurrence; scope=future moves it and every later one by the same amount', async () => {
    const tanod = await person(ctx);
    const { schedules } = await series(tanod);
    const one = await ctx.app.inject({ method: 'PATCH', url: `/api/schedules/${schedules[1]!._id}?scope=one`, headers: bearer(admin.token), payload: { notes: 'Bring the radio' } });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json<{ schedules: Schedule[] }>().schedules.map((item) => item.notes)).toEqual(['Bring the radio']);

    const future = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/schedules/${schedules[3]!._id}?scope=future`,
      headers: bearer(admin.token),
      payload: { shift: 'custom', startsAt: '2026-08-13T20:00:00+08:00', endsAt: '2026-08-14T02:00:00+08:00' },
    });
    expect(future.statusCode, future.body).toBe(200);
    expect(future.json<{ schedules: Schedule[] }>().schedules.map((item) => [item.startsAt, item.endsAt])).toEqual([
      ['2026-08-13T12:00:00.000Z', '2026-08-13T18:00:00.000Z'],
      ['2026-08-17T12:00:00.000Z', '2026-08-17T18:00:00.000Z'],
      ['2026-08-20T12:00:00.000Z', '2026-08-20T18:00:00.000Z'],
    ]);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/schedules/mine?from=2026-08-01T00:00:00Z&to=2026-09-01T00:00:00Z', headers: bearer(tanod.token) });
    expect(all.json<Schedule[]>()[2]!.startsAt).toBe('2026-08-10T10:00:00.000Z');
  });

  it('an edit that would conflict is refused and changes nothing', async () => {
    const tanod = await person(ctx);
    const { schedules } = await series(tanod);
    // The morning of 17 August is free until the series moves there.
    const other = await scheduleFor(ctx, admin, await createArea(ctx, admin), [tanod], at('2026-08-17T02:00:00+08:00'), at('2026-08-17T04:00:00+08:00'));
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/schedules/${schedules[0]!._id}?scope=future`,
      headers: bearer(admin.token),
      payload: { notes: 'changed', shift: 'custom', startsAt: '2026-08-03T01:00:00+08:00', endsAt: '2026-08-03T05:00:00+08:00' },
    });
    expectConflict(response, new RegExp(`already on ${other.code}`), 'members');
    const after = await ctx.app.inject({ method: 'GET', url: '/api/schedules/mine?from=2026-08-01T00:00:00Z&to=2026-09-01T00:00:00Z', headers: bearer(tanod.token) });
    expect(after.json<Schedule[]>().filter((item) => item.notes === 'changed')).toEqual([]);
  });

  it('delete with scope=one removes one occurrence, scope=future the rest of the series', async () => {
    const tanod = await person(ctx);
    const { schedules } = await series(tanod);
    const one = await ctx.app.inject({ method: 'DELETE', url: `/api/schedules/${schedules[0]!._id}`, headers: bearer(admin.token) });
    expect(one.json()).toEqual({ deletedIds: [schedules[0]!._id] });
    const rest = await ctx.app.inject({ method: 'DELETE', url: `/api/schedules/${schedules[3]!._id}?scope=future`, headers: bearer(admin.token) });
    expect(rest.json<{ deletedIds: string[] }>().deletedIds).toEqual(schedules.slice(3).map((item) => item._id));
    const left = await ctx.app.inject({ method: 'GET', url: '/api/schedules/mine?from=2026-08-01T00:00:00Z&to=2026-09-01T00:00:00Z', headers: bearer(tanod.token) });
    expect(left.json<Schedule[]>().map((item) => item._id)).toEqual([schedules[1]!._id, schedules[2]!._id]);
    const bad = await ctx.app.inject({ method: 'DELETE', url: `/api/schedules/${schedules[1]!._id}?scope=all`, headers: bearer(admin.token) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('members hear about their schedules', () => {
  it('members are notified when added, changed and removed', async () => {
    const area = await createArea(ctx, admin);
    const [a, b] = [await person(ctx), await person(ctx)];
    const schedule = await scheduleFor(ctx, admin, area, [a], at('2026-06-25T08:00:00+08:00'), at('2026-06-25T12:00:00+08:00'));
    expect((await notificationsOf(a))[0]?.message).toBe(`You were added to patrol schedule ${schedule.code} (${area.name}, Thu 25 Jun 08:00–12:00)`);
    await ctx.app.inject({
      method: 'PATCH',
      url: `/api/schedules/${schedule._id}`,
      headers: bearer(admin.token),
      payload: { members: [{ tanodId: b.id, isLeader: true }] },
    });
    const messages = async (who: Person) => (await notificationsOf(who)).map((item) => item.message);
    expect(await messages(a)).toContainEqual(expect.stringMatching(/^You were removed from patrol schedule/));
    expect(await messages(b)).toEqual([expect.stringMatching(/^You were added to patrol schedule/)]);
    await ctx.app.inject({ method: 'PATCH', url: `/api/schedules/${schedule._id}`, headers: bearer(admin.token), payload: { notes: 'Meet at the hall' } });
    expect(await messages(b)).toContainEqual(expect.stringMatching(/^Your patrol schedule changed/));
    expect(await messages(a)).toHaveLength(2);
  });

  it('the 30-minute reminder goes out once, even from two instances at the same moment', async () => {
    const area = await createArea(ctx, admin);
    const tanod = await person(ctx);
    const schedule = await scheduleFor(ctx, admin, area, [tanod], at('2026-06-02T18:00:00+08:00'), at('2026-06-02T22:00:00+08:00'));
    try {
      clock.set(at('2026-06-02T17:29:00+08:00'));
      await runJob(ctx.deps, scheduleRemindersJob, silent);
      expect((await notificationsOf(tanod)).filter((item) => item.message.startsWith('Reminder'))).toEqual([]);
      clock.advance(minutes(2));
      await Promise.all([runJob(ctx.deps, scheduleRemindersJob, silent), runJob(ctx.deps, scheduleRemindersJob, silent)]);
      await runJob(ctx.deps, scheduleRemindersJob, silent);
      const reminders = (await notificationsOf(tanod)).filter((item) => item.message.startsWith('Reminder'));
      expect(reminders.map((item) => item.message)).toEqual([`Reminder: your patrol schedule ${schedule.code} in ${area.name} starts soon (Tue 2 Jun 18:00–22:00)`]);
    } finally {
      clock.set(at('2026-06-01T00:00:00Z'));
    }
  });
});
