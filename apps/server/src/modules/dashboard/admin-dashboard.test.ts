import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDashboard } from '@bantay/shared';
import { bearer, createUser, ManualClock, signIn, createTestContext, type TestContext } from '../../../test/harness.ts';
import { insertTestIncident } from '../../../test/incidents-helpers.ts';
import { square } from '../../../test/patrols.ts';
import {
  assistanceRequests,
  inventoryItems,
  loans,
  patrolAreas,
  patrols,
  scheduleMembers,
  schedules,
  type UserRow,
} from '../../db/schema/index.ts';

/**
 * A hand-computed barangay on 2026-06-15, 10:00 in Manila (02:00 UTC). Manila is UTC+8, so a
 * Manila day D runs from D-1 16:00Z to D 16:00Z.
 */
const NOW = new Date('2026-06-15T02:00:00Z');
const at = (iso: string) => new Date(iso);

let ctx: TestContext;
let admin: UserRow;
let supadmin: UserRow;
let a: UserRow;
let b: UserRow;
let c: UserRow;
let gone: UserRow;
let tokens: Record<'admin' | 'supadmin' | 'tanod' | 'resident', string>;

async function schedule(code: string, startsAt: string, endsAt: string, areaId: string, members: UserRow[]): Promise<string> {
  const [row] = await ctx.deps.db
    .insert(schedules)
    .values({ code, shift: 'custom', startsAt: at(startsAt), endsAt: at(endsAt), patrolAreaId: areaId })
    .returning();
  await ctx.deps.db.insert(scheduleMembers).values(members.map((m, i) => ({ scheduleId: row!.id, tanodId: m.id, isLeader: i === 0 })));
  return row!.id;
}

async function dashboard(query = '', token = tokens.admin) {
  return ctx.app.inject({ method: 'GET', url: `/api/dashboard/admin${query}`, headers: bearer(token) });
}

async function dashboardOk(query = ''): Promise<AdminDashboard> {
  const response = await dashboard(query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestContext({ clock: new ManualClock(NOW) });
  admin = await createUser(ctx, { userType: 'admin' });
  supadmin = await createUser(ctx, { userType: 'supadmin' });
  a = await createUser(ctx);
  b = await createUser(ctx);
  c = await createUser(ctx);
  gone = await createUser(ctx, { status: 'deactivated' });
  const resident = await createUser(ctx, { userType: 'resident', phoneNumber: '+639170000001' });
  tokens = {
    admin: await signIn(ctx, admin),
    supadmin: await signIn(ctx, supadmin),
    tanod: await signIn(ctx, a),
    resident: await signIn(ctx, resident),
  };

  const [area] = await ctx.deps.db.insert(patrolAreas).values({ name: 'Purok 1', color: '#2563eb', polygon: square(14.7, 121.0) }).returning();
  // Today's day shift, covering now: A on patrol, B not started, the deactivated tanod listed.
  const day = await schedule('SCH-DAY001', '2026-06-14T22:00:00Z', '2026-06-15T10:00:00Z', area!.id, [a, b, gone]);
  // Last night's shift (started yesterday): C completed it. Not today's, not on duty.
  const night = await schedule('SCH-NGT001', '2026-06-14T10:00:00Z', '2026-06-14T22:00:00Z', area!.id, [c]);
  // Today's early custom shift from Manila midnight: B completed it, C was absent.
  const early = await schedule('SCH-ERL001', '2026-06-14T16:00:00Z', '2026-06-14T21:00:00Z', area!.id, [b, c]);
  // Tonight's shift, not begun.
  await schedule('SCH-TNT001', '2026-06-15T10:00:00Z', '2026-06-15T22:00:00Z', area!.id, [c]);
  await ctx.deps.db.insert(patrols).values([
    { scheduleId: day, tanodId: a.id, attendance: 'on_time', startedAt: at('2026-06-14T22:01:00Z') },
    { scheduleId: night, tanodId: c.id, attendance: 'late', startedAt: at('2026-06-14T10:20:00Z'), endedAt: at('2026-06-14T22:00:00Z') },
    { scheduleId: early, tanodId: b.id, attendance: 'on_time', startedAt: at('2026-06-14T16:00:00Z'), endedAt: at('2026-06-14T21:00:00Z') },
    { scheduleId: early, tanodId: c.id, attendance: 'absent' },
  ]);

  const [item] = await ctx.deps.db.insert(inventoryItems).values({ name: 'Radio', category: 'communication', total: 5 }).returning();
  await ctx.deps.db.insert(loans).values([
    // Overdue: open, due yesterday.
    { itemId: item!.id, borrowerId: a.id, quantity: 1, borrowedAt: at('2026-06-13T00:00:00Z'), dueAt: at('2026-06-14T00:00:00Z') },
    // Open, due at 13:00 Manila: the next change.
    { itemId: item!.id, borrowerId: b.id, quantity: 1, borrowedAt: at('2026-06-15T00:00:00Z'), dueAt: at('2026-06-15T05:00:00Z') },
    // Returned late: not overdue any more.
    {
      itemId: item!.id,
      borrowerId: c.id,
      quantity: 1,
      borrowedAt: at('2026-06-10T00:00:00Z'),
      dueAt: at('2026-06-11T00:00:00Z'),
      returnedAt: at('2026-06-12T00:00:00Z'),
      returnCondition: 'good',
    },
  ]);

  const backup = { requesterId: a.id, lat: 14.705, lng: 121.005, reason: 'Crowd' };
  await ctx.deps.db.insert(assistanceRequests).values([backup, backup, { ...backup, status: 'approved' as const }]);

  const minutes = (iso: string, n: number) => new Date(at(iso).getTime() + n * 60_000);
  // Jun 15 09:00 Manila, pending, normal.
  await insertTestIncident(ctx, { type: 'Theft', createdAt: at('2026-06-15T01:00:00Z'), lat: 14.73561, lng: 121.04981 });
  // Jun 14 23:30 Manila (the 14th, though the 15th in no zone east of it), responded in 10 minutes.
  await insertTestIncident(ctx, {
    type: 'Theft',
    classification: 'emergency',
    status: 'in_progress',
    responderId: a.id,
    createdAt: at('2026-06-14T15:30:00Z'),
    respondedAt: minutes('2026-06-14T15:30:00Z', 10),
    lat: 14.7357,
    lng: 121.0499,
  });
  // Jun 15 00:30 Manila (still the 14th in UTC), responded in 20 minutes, resolved.
  await insertTestIncident(ctx, {
    type: 'Fire',
    classification: 'emergency',
    status: 'resolved',
    responderId: b.id,
    createdAt: at('2026-06-14T16:30:00Z'),
    respondedAt: minutes('2026-06-14T16:30:00Z', 20),
    resolvedAt: minutes('2026-06-14T16:30:00Z', 60),
    lat: 14.74,
    lng: 121.06,
  });
  // Not incidents: a false alarm and a rejected report, today.
  await insertTestIncident(ctx, { type: 'Theft', status: 'false_alarm', createdAt: at('2026-06-15T00:00:00Z') });
  await insertTestIncident(ctx, { type: 'Noise', status: 'rejected', createdAt: at('2026-06-15T00:10:00Z') });
  // Jun 12, before the custom period below; in the month.
  await insertTestIncident(ctx, { type: 'Theft', status: 'resolved', createdAt: at('2026-06-12T10:00:00Z'), lat: 14.72, lng: 121.03 });
  // Jun 13 10:00 Manila, responded in 30 minutes.
  await insertTestIncident(ctx, {
    type: 'Noise',
    status: 'resolved',
    responderId: c.id,
    createdAt: at('2026-06-13T02:00:00Z'),
    respondedAt: minutes('2026-06-13T02:00:00Z', 30),
    lat: 14.74,
    lng: 121.06,
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/dashboard/admin', () => {
  it("counts now's tanods, open incidents, pending backup, today's patrols and overdue loans", async () => {
    const body = await dashboardOk('?period=custom&from=2026-06-13&to=2026-06-15');
    expect(body.timeZone).toBe('Asia/Manila');
    expect(body.generatedAt).toBe(NOW.toISOString());
    expect(body.tanods).toEqual({ onPatrol: 1, onDuty: 2, total: 3 });
    expect(body.openIncidents).toEqual({ total: 2, byClassification: { normal: 1, emergency: 1 }, pending: 1, inProgress: 1 });
    expect(body.pendingAssistance).toBe(2);
    // Day shift: A, B and the deactivated member; early: B and C; tonight: C.
    expect(body.patrolsToday).toEqual({ scheduled: 6, started: 2, completed: 1, absent: 1 });
    expect(body.overdueLoans).toBe(1);
    // The open loan falls due at 05:00Z, before the day shift ends (10:00Z) and tonight's starts.
    expect(body.nextChangeAt).toBe('2026-06-15T05:00:00.000Z');
  });

  it('charts the period per Manila day and type, leaving out false alarms and rejected reports', async () => {
    const body = await dashboardOk('?period=custom&from=2026-06-13&to=2026-06-15');
    expect(body.period).toMatchObject({ kind: 'custom', from: '2026-06-13', to: '2026-06-15' });
    expect(body.incidentsOverTime).toEqual({
      bucket: 'day',
      types: [
        { type: 'Theft', count: 2 },
        { type: 'Fire', count: 1 },
        { type: 'Noise', count: 1 },
      ],
      points: [
        { date: '2026-06-13', byType: { Noise: 1 }, total: 1 },
        { date: '2026-06-14', byType: { Theft: 1 }, total: 1 },
        { date: '2026-06-15', byType: { Theft: 1, Fire: 1 }, total: 2 },
      ],
    });
    expect(body.responseTrend).toEqual([
      { date: '2026-06-13', averageMinutes: 30, responded: 1 },
      { date: '2026-06-14', averageMinutes: 10, responded: 1 },
      { date: '2026-06-15', averageMinutes: 20, responded: 1 },
    ]);
  });

  it('aggregates the heat map into ~50 m cells, busiest first', async () => {
    const body = await dashboardOk('?period=custom&from=2026-06-13&to=2026-06-15');
    expect(body.heatmap).toEqual({
      cellDegrees: 0.0005,
      truncated: false,
      points: [
        { lat: 14.7355, lng: 121.05, weight: 2 },
        { lat: 14.74, lng: 121.06, weight: 2 },
      ],
    });
  });

  it('defaults to the calendar month, one bucket per day, empty days included', async () => {
    const body = await dashboardOk();
    expect(body.period).toMatchObject({ kind: 'month', from: '2026-06-01', to: '2026-06-30', label: 'June 2026' });
    expect(body.incidentsOverTime.points).toHaveLength(30);
    expect(body.incidentsOverTime.points.reduce((sum, point) => sum + point.total, 0)).toBe(5);
    expect(body.incidentsOverTime.points.find((point) => point.date === '2026-06-12')).toEqual({ date: '2026-06-12', byType: { Theft: 1 }, total: 1 });
    expect(body.responseTrend.find((point) => point.date === '2026-06-12')).toEqual({ date: '2026-06-12', averageMinutes: null, responded: 0 });
  });

  it('charts a quarter per week: Monday buckets, the first clipped to the period start', async () => {
    const body = await dashboardOk('?period=quarter');
    expect(body.period).toMatchObject({ from: '2026-04-01', to: '2026-06-30' });
    const { bucket, points } = body.incidentsOverTime;
    expect(bucket).toBe('week');
    // 2026-04-01 is a Wednesday; then every Monday from 6 April to 29 June.
    expect(points[0]!.date).toBe('2026-04-01');
    expect(points[1]!.date).toBe('2026-04-06');
    expect(points.at(-1)!.date).toBe('2026-06-29');
    expect(points).toHaveLength(14);
    // 8–14 June: the 12th, 13th and 14th; 15–21 June: the two of the 15th.
    expect(points.find((point) => point.date === '2026-06-08')!.total).toBe(3);
    expect(points.find((point) => point.date === '2026-06-15')!.total).toBe(2);
    const weekTrend = body.responseTrend.find((point) => point.date === '2026-06-08')!;
    expect(weekTrend).toEqual({ date: '2026-06-08', averageMinutes: 20, responded: 2 });
  });

  it("lists the top performers in the performance ranking's order, active tanods only", async () => {
    const query = '?period=custom&from=2026-06-13&to=2026-06-15';
    const body = await dashboardOk(query);
    const ranking = await ctx.app.inject({ method: 'GET', url: `/api/performance${query}`, headers: bearer(tokens.admin) });
    expect(ranking.statusCode).toBe(200);
    const ranked = (ranking.json() as { items: { tanod: { _id: string }; rank: number; score: number }[] }).items;
    expect(body.topPerformers).toHaveLength(3);
    expect(body.topPerformers.map((p) => p.tanod._id)).toEqual(ranked.slice(0, 3).map((item) => item.tanod._id));
    expect(body.topPerformers.map((p) => p.rank)).toEqual(ranked.slice(0, 3).map((item) => item.rank));
    expect(new Set(body.topPerformers.map((p) => p.tanod._id))).toEqual(new Set([a.id, b.id, c.id]));
  });

  it('answers the supadmin too', async () => {
    const response = await dashboard('', tokens.supadmin);
    expect(response.statusCode).toBe(200);
  });

  it('refuses a tanod and a resident (403) and a caller without a token (401)', async () => {
    expect((await dashboard('', tokens.tanod)).statusCode).toBe(403);
    expect((await dashboard('', tokens.resident)).statusCode).toBe(403);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/dashboard/admin' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a custom period without its dates, naming the field', async () => {
    const response = await dashboard('?period=custom&to=2026-06-15');
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('from');
    const unknown = await dashboard('?period=decade');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('period');
  });
});
