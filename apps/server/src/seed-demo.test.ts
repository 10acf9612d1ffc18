import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INCIDENT_TYPES } from './modules/settings/settings.service.ts';
import { ManualClock, createTestContext, type TestContext } from '../test/harness.ts';
import { seedDemoSettings } from './modules/settings/settings.demo.ts';
import { seedDemoStaff } from './modules/users/users.demo.ts';
import { seedDemoResidents } from './modules/residents/residents.demo.ts';
import { seedDemoIncidents } from './modules/incidents/incidents.demo.ts';
import { seedDemoAssistance } from './modules/assistance/assistance.demo.ts';
import { seedDemoInventory } from './modules/inventory/inventory.demo.ts';
import { seedDemoVehicles } from './modules/vehicles/vehicles.demo.ts';
import { seedDemoPatrolData } from './modules/patrols/patrols.demo.ts';
import { seedDemoAudit } from './modules/audit/audit.demo.ts';

// The demo's 90 days of history: every chart and figure of the dashboards and the
// performance pages has something in each month of the last quarter. Runs the seeders that make
// the history in seed-demo.ts's order, twice (the second run adds nothing).
const NOW = new Date('2026-06-10T04:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: new ManualClock(NOW) });
});
afterAll(() => ctx.close());

async function seedAll() {
  await seedDemoSettings(ctx.deps);
  await seedDemoStaff(ctx.deps);
  const residentIds = await seedDemoResidents(ctx.deps);
  await seedDemoIncidents(ctx.deps, residentIds);
  await seedDemoAssistance(ctx.deps);
  await seedDemoInventory(ctx.deps);
  await seedDemoVehicles(ctx.deps);
  await seedDemoPatrolData(ctx.deps);
  await seedDemoAudit(ctx.deps);
}

/** Rows of a query, on both drivers. */
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await ctx.deps.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Which 30-day slice of the last 90 days a timestamp column falls in: 0 (latest) … 2 (oldest). */
const slice = (column: string) =>
  sql.raw(`floor(extract(epoch from (timestamptz '${NOW.toISOString()}' - ${column})) / 86400 / 30)::int`);

async function counts() {
  return rows<{ name: string; count: number }>(sql`
    select 'incidents' as name, count(*)::int as count from incidents union all
    select 'events', count(*)::int from incident_events union all
    select 'evaluations', count(*)::int from evaluations union all
    select 'schedules', count(*)::int from schedules union all
    select 'patrols', count(*)::int from patrols union all
    select 'points', count(*)::int from location_points union all
    select 'assistance', count(*)::int from assistance_requests union all
    select 'loans', count(*)::int from loans union all
    select 'trips', count(*)::int from trips union all
    select 'audit', count(*)::int from audit_entries`);
}

describe('the demo history', () => {
  it('fills each month of the last 90 days: incidents of every type with times, patrols and tracks, ratings, backup, loans and trips', async () => {
    const started = performance.now();
    await seedAll();
    const seconds = (performance.now() - started) / 1000;
    const before = await counts();
    await seedAll();
    expect(await counts()).toEqual(before);
    console.log(
      `demo seeded in ${seconds.toFixed(1)} s:`,
      Object.fromEntries(before.map((row) => [row.name, row.count])),
    );

    // Incidents: every type, both classifications and every closed status, in each month, with
    // report → response → resolution times that are plausible (minutes, not days).
    const incidents = await rows<{
      month: number;
      types: number;
      classes: number;
      statuses: string;
      count: number;
      response: number;
      resolution: number;
    }>(sql`
      select ${slice('created_at')} as month, count(distinct type)::int as types, count(distinct classification)::int as classes,
        string_agg(distinct status::text, ',' order by status::text) as statuses, count(*)::int as count,
        avg(extract(epoch from responded_at - created_at) / 60)::float8 as response,
        avg(extract(epoch from resolved_at - created_at) / 60) filter (where status = 'resolved')::float8 as resolution
      from incidents where created_at > ${NOW}::timestamptz - interval '90 days' group by 1 order by 1`);
    expect(incidents.map((row) => row.month)).toEqual([0, 1, 2]);
    for (const row of incidents) {
      expect(row.count).toBeGreaterThan(60);
      expect(row.classes).toBe(2);
      expect(row.statuses).toContain('false_alarm,');
      expect(row.statuses).toContain('rejected,resolved');
      expect(row.response).toBeGreaterThan(3);
      expect(row.response).toBeLessThan(40);
      expect(row.resolution).toBeGreaterThan(row.response);
      expect(row.resolution).toBeLessThan(180);
    }
    // The response-time trend improves over the quarter.
    expect(incidents[0]!.response).toBeLessThan(incidents[2]!.response);
    const [types] = await rows<{ types: number }>(sql`select count(distinct type)::int as types from incidents`);
    expect(types!.types).toBe(DEFAULT_INCIDENT_TYPES.length);
    // Every closed incident has its closing step on the timeline.
    const [unclosed] = await rows<{ count: number }>(sql`
      select count(*)::int as count from incidents i where i.status in ('resolved', 'rejected', 'false_alarm')
        and not exists (select 1 from incident_events e where e.incident_id = i.id and e.kind::text = i.status::text)`);
    expect(unclosed!.count).toBe(0);

    // Patrols: on time, late and absent in each month, for all five tanods, with tracks.
    const patrols = await rows<{ month: number; kinds: string; tanods: number; points: number }>(sql`
      select ${slice('s.starts_at')} as month, string_agg(distinct p.attendance::text, ',' order by p.attendance::text) as kinds,
        count(distinct p.tanod_id)::int as tanods,
        (select count(*)::int from location_points l where l.patrol_id = any(array_agg(p.id))) as points
      from patrols p join schedules s on s.id = p.schedule_id
      where s.starts_at > ${NOW}::timestamptz - interval '90 days' and s.ends_at < ${NOW}::timestamptz group by 1 order by 1`);
    expect(patrols.map((row) => row.month)).toEqual([0, 1, 2]);
    for (const row of patrols) {
      expect(row.kinds).toBe('absent,late,on_time');
      expect(row.tanods).toBe(5);
      expect(row.points).toBeGreaterThan(5000);
    }

    // Ratings (ticket and directory) for every tanod in each month.
    const ratings = await rows<{ month: number; tanods: number; sources: string }>(sql`
      select ${slice('created_at')} as month, count(distinct tanod_id)::int as tanods, string_agg(distinct source::text, ',' order by source::text) as sources
      from evaluations where created_at > ${NOW}::timestamptz - interval '90 days' group by 1 order by 1`);
    expect(ratings).toEqual([0, 1, 2].map((month) => ({ month, tanods: 5, sources: 'directory,ticket' })));

    // Backup requests in each month, most completed.
    const assistance = await rows<{ month: number; statuses: string }>(sql`
      select ${slice('created_at')} as month, string_agg(distinct status::text, ',' order by status::text) as statuses
      from assistance_requests where created_at > ${NOW}::timestamptz - interval '90 days' group by 1 order by 1`);
    expect(assistance.map((row) => row.month)).toEqual([0, 1, 2]);
    for (const row of assistance) expect(row.statuses).toContain('completed');

    // Loans returned on time and late in each month; trips completed on both vehicles in each month,
    // odometers running on without a gap into the demo's week.
    const loans = await rows<{ month: number; onTime: number; late: number }>(sql`
      select ${slice('borrowed_at')} as month, count(*) filter (where returned_at <= due_at)::int as "onTime", count(*) filter (where returned_at > due_at)::int as late
      from loans where borrowed_at > ${NOW}::timestamptz - interval '90 days' group by 1 order by 1`);
    expect(loans.map((row) => row.month)).toEqual([0, 1, 2]);
    for (const row of loans) {
      expect(row.onTime).toBeGreaterThan(row.late);
      expect(row.late).toBeGreaterThan(0);
    }
    const [overdue] = await rows<{ count: number }>(
      sql`select count(*)::int as count from loans where returned_at is null and due_at < ${NOW}::timestamptz`,
    );
    expect(overdue!.count).toBeGreaterThan(0);
    const trips = await rows<{ month: number; vehicles: number }>(sql`
      select ${slice('starts_at')} as month, count(distinct vehicle_id)::int as vehicles
      from trips where status = 'completed' and starts_at > ${NOW}::timestamptz - interval '90 days' and starts_at < ${NOW}::timestamptz group by 1 order by 1`);
    expect(trips).toEqual([0, 1, 2].map((month) => ({ month, vehicles: 2 })));
    const [gaps] = await rows<{ count: number }>(sql`
      select count(*)::int as count from (
        select end_odometer, lead(start_odometer) over (partition by vehicle_id order by starts_at) as next_start
        from trips where status = 'completed') t
      where next_start is not null and next_start <> end_odometer`);
    expect(gaps!.count).toBe(0);

    // The supadmin's audit log tells how the demo barangay came to be: its people, settings, areas
    // and the reports the admin closed without a response.
    const audit = await rows<{ action: string; entity: string; count: number }>(sql`
      select action, entity, count(*)::int as count from audit_entries group by 1, 2 order by 1, 2`);
    const auditCount = (action: string, entity: string) =>
      audit.find((row) => row.action === action && row.entity === entity)?.count ?? 0;
    expect(auditCount('create', 'user')).toBe(6);
    expect(auditCount('update', 'settings')).toBe(1);
    expect(auditCount('create', 'patrol_area')).toBe(4);
    expect(auditCount('false_alarm', 'incident') + auditCount('reject', 'incident')).toBeGreaterThan(0);
  }, 120_000);
});
