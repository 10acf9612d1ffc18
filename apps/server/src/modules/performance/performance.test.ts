import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PerformanceList, TanodPerformance } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { metresAlongMeridian, seedPerformanceFixture, type PerformanceFixture } from '../../../test/performance.ts';

let ctx: TestContext;
let f: PerformanceFixture;
// 2027-01-10 12:00 in Manila: January 2026 is long past, and 2027 has just begun.
const clock = new ManualClock(new Date('2027-01-10T04:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock });
  f = await seedPerformanceFixture(ctx);
});
afterAll(() => ctx.close());

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const JANUARY = 'period=custom&from=2026-01-01&to=2026-01-31';

async function tanodFigures(tanodId: string, query: string, token = f.admin.token): Promise<TanodPerformance> {
  const response = await get(`/api/performance/${tanodId}?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('every figure against the hand-computed fixture', () => {
  it('January 2026 (Manila): Ana', async () => {
    const { series, ...figures } = await tanodFigures(f.ana.id, JANUARY);
    expect(figures).toEqual({
      tanod: { _id: f.ana.id, firstName: 'Ana', lastName: 'Reyes', profilePicture: null },
      period: { kind: 'custom', from: '2026-01-01', to: '2026-01-31', label: '1 Jan 2026 – 31 Jan 2026' },
      // S1 on time, S2 late by 10 min, S3 absent, S4 (Jan 31 23:30) on time: 3 of 4, 2 of 3 on time, 10/3 min.
      scheduledShifts: 4,
      attendedShifts: 3,
      attendanceRate: 0.75,
      onTimeRate: 0.6667,
      averageLatenessMinutes: 3.3,
      // 8 h + 7 h 50 min + 4 h; 0.02° + 0.005° of latitude along tracks (tracking off patrol not counted).
      patrolsCompleted: 3,
      hoursPatrolled: 19.83,
      distanceKm: Math.round(metresAlongMeridian(0.025) / 10) / 100,
      // Responded in 6, 10, 20 min; resolved in 60 and 120 min. Feb 1 00:10's response is February's.
      incidentsResponded: 3,
      incidentsResolved: 2,
      averageResponseMinutes: 12,
      averageResolutionMinutes: 90,
      // 5, 4, 4 (the hidden 1 is not counted; Feb 1 00:30's 3 is February's).
      ratingAverage: 4.33,
      ratingCount: 3,
      ratingDistribution: [0, 0, 0, 2, 1],
      // Due Jan 5 returned early, Jan 12 returned an hour late, Jan 20 never returned.
      loansDue: 3,
      loansReturnedOnTime: 1,
      onTimeReturnRate: 0.3333,
      // 30×0.75 + 10×2/3 + 20×(13/3−1)/4 + 10×1/3 + 15×1 + 15×1 = 79.17 of 100.
      score: 79.2,
      rank: 1,
      rankOf: 3,
      tiedWith: 0,
      percentile: 100,
    });
    expect(figures.distanceKm).toBe(2.78);
    expect(series).toHaveLength(31);
    expect(series[0]).toEqual({ date: '2026-01-01', hoursPatrolled: 0, incidentsResponded: 0, incidentsResolved: 0 });
    expect(
      series.filter((point) => point.hoursPatrolled || point.incidentsResponded || point.incidentsResolved),
    ).toEqual([
      { date: '2026-01-05', hoursPatrolled: 8, incidentsResponded: 1, incidentsResolved: 1 },
      { date: '2026-01-12', hoursPatrolled: 7.83, incidentsResponded: 1, incidentsResolved: 1 },
      { date: '2026-01-31', hoursPatrolled: 4, incidentsResponded: 1, incidentsResolved: 0 },
    ]);
  });

  it('January 2026: Ben and Carlo, and the ranking of every active tanod', async () => {
    const response = await get(`/api/performance?${JANUARY}`, f.admin.token);
    expect(response.statusCode).toBe(200);
    const list: PerformanceList = response.json();
    expect(list.period).toEqual({
      kind: 'custom',
      from: '2026-01-01',
      to: '2026-01-31',
      label: '1 Jan 2026 – 31 Jan 2026',
    });
    // Dina is deactivated: not ranked, not listed.
    expect(
      list.items.map((item) => [item.tanod.firstName, item.rank, item.rankOf, item.percentile, item.score]),
    ).toEqual([
      ['Ana', 1, 3, 100, 79.2],
      // Absent once (0 of 30), rated 2 (0.25 of 20), 2 of Ana's 5 incidents (0.4 of 15), no hours (0 of 15): 11 / 80.
      ['Ben', 2, 3, 50, 13.8],
      // Nothing to rate but effort, and there was none.
      ['Carlo', 3, 3, 0, 0],
    ]);
    expect(list.items[1]).toMatchObject({
      scheduledShifts: 1,
      attendedShifts: 0,
      attendanceRate: 0,
      onTimeRate: null,
      averageLatenessMinutes: null,
      incidentsResponded: 1,
      incidentsResolved: 1,
      averageResponseMinutes: 30,
      averageResolutionMinutes: 60,
      ratingAverage: 2,
      ratingDistribution: [0, 1, 0, 0, 0],
      loansDue: 0,
      onTimeReturnRate: null,
    });
    expect(list.items[2]).toMatchObject({
      scheduledShifts: 0,
      attendanceRate: null,
      hoursPatrolled: 0,
      distanceKm: 0,
      ratingAverage: null,
      ratingCount: 0,
      averageResponseMinutes: null,
    });
    expect(list.items[0]).not.toHaveProperty('series');
  });

  it('February 2026: what crossed midnight of Jan 31 in Manila belongs here', async () => {
    const { series, ...figures } = await tanodFigures(f.ana.id, 'period=custom&from=2026-02-01&to=2026-02-28');
    expect(figures).toMatchObject({
      scheduledShifts: 1,
      attendedShifts: 1,
      attendanceRate: 1,
      onTimeRate: 1,
      averageLatenessMinutes: 0,
      patrolsCompleted: 1,
      hoursPatrolled: 4,
      distanceKm: Math.round(metresAlongMeridian(0.003) / 10) / 100,
      incidentsResponded: 1,
      incidentsResolved: 1,
      averageResponseMinutes: 30,
      averageResolutionMinutes: 80,
      ratingAverage: 3,
      ratingCount: 1,
      ratingDistribution: [0, 0, 1, 0, 0],
      loansDue: 1,
      loansReturnedOnTime: 1,
      onTimeReturnRate: 1,
    });
    expect(figures.distanceKm).toBe(0.33);
    expect(series[0]).toEqual({ date: '2026-02-01', hoursPatrolled: 4, incidentsResponded: 1, incidentsResolved: 1 });
  });

  it('the year edge: 2026-12-31 16:30Z is 2027 in Manila', async () => {
    const december = await tanodFigures(f.ana.id, 'period=custom&from=2026-12-01&to=2026-12-31');
    expect(december).toMatchObject({
      scheduledShifts: 0,
      attendanceRate: null,
      patrolsCompleted: 0,
      hoursPatrolled: 0,
      incidentsResponded: 1,
      averageResponseMinutes: 50,
      incidentsResolved: 0,
      averageResolutionMinutes: null,
    });
    const year = await tanodFigures(f.ana.id, 'period=year');
    expect(year.period).toEqual({ kind: 'year', from: '2027-01-01', to: '2027-12-31', label: '2027' });
    // The shift of Jan 20 is still ahead: not counted as missed.
    expect(year).toMatchObject({
      scheduledShifts: 1,
      attendedShifts: 1,
      attendanceRate: 1,
      onTimeRate: 1,
      patrolsCompleted: 1,
      hoursPatrolled: 4,
      distanceKm: 0,
      incidentsResponded: 0,
      averageResponseMinutes: null,
      incidentsResolved: 1,
      averageResolutionMinutes: 90,
      ratingAverage: null,
      loansDue: 0,
      onTimeReturnRate: null,
    });
    // Longer than 62 days: weekly buckets, the first starting with the period.
    expect(year.series).toHaveLength(53);
    expect(year.series[0]).toEqual({
      date: '2027-01-01',
      hoursPatrolled: 4,
      incidentsResponded: 0,
      incidentsResolved: 1,
    });
    expect(year.series[1]!.date).toBe('2027-01-04');
    const month = await tanodFigures(f.ana.id, 'period=month');
    expect(month.period).toEqual({ kind: 'month', from: '2027-01-01', to: '2027-01-31', label: 'January 2027' });
    expect(month).toMatchObject({ scheduledShifts: 1, patrolsCompleted: 1, incidentsResolved: 1 });
    expect(month.series).toHaveLength(31);
  });

  it('a patrol in progress counts its hours and track so far, and stores no distance yet', async () => {
    const carlo = await tanodFigures(f.carlo.id, 'period=week');
    expect(carlo.period).toEqual({ kind: 'week', from: '2027-01-04', to: '2027-01-10', label: 'Week of 4 Jan 2027' });
    expect(carlo).toMatchObject({
      scheduledShifts: 1,
      attendedShifts: 1,
      patrolsCompleted: 0,
      hoursPatrolled: 1,
      distanceKm: Math.round(metresAlongMeridian(0.002) / 10) / 100,
    });
    expect(carlo.distanceKm).toBe(0.22);
    await tanodFigures(f.ana.id, JANUARY);
    const stored = await ctx.deps.db.execute(
      sql`select distance_meters from patrols where tanod_id = ${f.carlo.id}::uuid or (tanod_id = ${f.ana.id}::uuid and attendance = 'late')`,
    );
    const distances = (stored as unknown as { rows: { distance_meters: number | null }[] }).rows.map(
      (row) => row.distance_meters,
    );
    // Ana's late patrol of Jan 12 (no track) was stored as 0 by the January read; Carlo's active one not at all.
    expect(distances.sort()).toEqual([0, null]);
  });

  it('a period when nobody did anything: every active tanod shares 1st place, says so, and has no percentile', async () => {
    const response = await get('/api/performance?period=custom&from=2025-06-01&to=2025-06-30', f.admin.token);
    expect(response.statusCode).toBe(200);
    const list: PerformanceList = response.json();
    expect(list.items.map((item) => [item.rank, item.rankOf, item.tiedWith, item.percentile, item.score])).toEqual([
      [1, 3, 2, null, 0],
      [1, 3, 2, null, 0],
      [1, 3, 2, null, 0],
    ]);
  });

  it('month is the default period', async () => {
    expect((await tanodFigures(f.ana.id, '')).period.label).toBe('January 2027');
  });
});

describe('who may see what', () => {
  it('a tanod sees their own figures only; admins and the supadmin see anyone', async () => {
    expect((await get(`/api/performance/${f.ana.id}?${JANUARY}`, f.ana.token)).statusCode).toBe(200);
    const other = await get(`/api/performance/${f.ben.id}?${JANUARY}`, f.ana.token);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe('FORBIDDEN');
    expect((await get(`/api/performance?${JANUARY}`, f.ana.token)).statusCode).toBe(403);
    expect((await get(`/api/performance/${f.ben.id}?${JANUARY}`, f.supadmin.token)).statusCode).toBe(200);
    expect((await get(`/api/performance?${JANUARY}`, f.supadmin.token)).statusCode).toBe(200);
  });

  it('no token is 401', async () => {
    expect((await get(`/api/performance/${f.ana.id}`)).statusCode).toBe(401);
    expect((await get('/api/performance')).statusCode).toBe(401);
  });

  it('a deactivated tanod keeps their figures for admins, unranked', async () => {
    const dina = await tanodFigures(f.dina.id, JANUARY);
    expect(dina).toMatchObject({ rank: null, percentile: null, rankOf: 3, scheduledShifts: 0 });
  });

  it('unknown tanods and non-tanods are 404', async () => {
    expect((await get(`/api/performance/${crypto.randomUUID()}`, f.admin.token)).statusCode).toBe(404);
    expect((await get(`/api/performance/${f.admin.id}`, f.admin.token)).statusCode).toBe(404);
  });

  it('bad periods are 400 naming the field', async () => {
    const fieldsOf = async (query: string) => {
      const response = await get(`/api/performance/${f.ana.id}?${query}`, f.ana.token);
      expect(response.statusCode).toBe(400);
      return response.json().error.fields.map((field: { field: string }) => field.field);
    };
    expect(await fieldsOf('period=decade')).toEqual(['period']);
    expect(await fieldsOf('period=custom&to=2026-01-31')).toEqual(['from']);
    expect(await fieldsOf('period=custom&from=2026-02-01&to=2026-01-31')).toEqual(['to']);
    expect(await fieldsOf('period=custom&from=2025-01-01&to=2026-06-30')).toEqual(['to']);
    expect(await fieldsOf('period=custom&from=January&to=2026-01-31')).toEqual(['from']);
    const list = await get('/api/performance?period=custom', f.admin.token);
    expect(list.statusCode).toBe(400);
    expect(list.json().error.fields.map((field: { field: string }) => field.field)).toEqual(['from', 'to']);
  });
});

it('the OpenAPI document lists the performance routes', async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  expect(Object.keys(response.json().paths)).toEqual(
    expect.arrayContaining(['/api/performance', '/api/performance/{tanodId}', '/api/performance/report']),
  );
});
