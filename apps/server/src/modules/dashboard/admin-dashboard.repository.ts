import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';

/**
 * The admin dashboard's SQL (docs/product.md §4.11): three statements, each over indexes only.
 * - the snapshot: every "now" count in one round trip, each a scalar subquery on a partial or
 *   range index (active patrols, schedules around now, open incidents by status, pending
 *   assistance, open loans by due time, today's schedules);
 * - the period's incidents grouped by barangay day and type, with the response minutes summed,
 *   which feeds both the incidents-over-time chart and the response-time trend;
 * - the period's incidents grouped into heat map cells.
 * The last two read the period by `created_at` (incidents_created_idx) with the columns they need
 * in the index, so they stay index-only scans on a big table (incidents_created_chart_idx).
 */

async function rowsOf<T>(db: Executor, statement: SQL): Promise<T[]> {
  // Both drivers answer execute() with `rows`, typed differently (stack notes).
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

const iso = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Statuses that are not incidents that happened; left out of the charts and the heat map. */
const NOT_INCIDENTS = sql`('rejected', 'false_alarm')`;

export interface Snapshot {
  tanodsTotal: number;
  tanodsOnPatrol: number;
  tanodsOnDuty: number;
  openNormal: number;
  openEmergency: number;
  openPending: number;
  openInProgress: number;
  pendingAssistance: number;
  patrolsScheduled: number;
  patrolsStarted: number;
  patrolsCompleted: number;
  patrolsAbsent: number;
  overdueLoans: number;
  /** The next schedule start or end, or open loan due time, after now; null when none. */
  nextChangeAt: Date | null;
}

type SnapshotRow = { [K in keyof Snapshot]: K extends 'nextChangeAt' ? string | Date | null : number | string };

/** Every "now" figure in one statement. `dayStart`/`dayEnd` bound today in the barangay's zone. */
export async function readSnapshot(db: Executor, now: Date, dayStart: Date, dayEnd: Date): Promise<Snapshot> {
  const at = iso(now);
  const [row] = await rowsOf<SnapshotRow>(
    db,
    sql`
    select
      (select count(*) from users where user_type = 'tanod' and status = 'active') as "tanodsTotal",
      (select count(*) from patrols p join users u on u.id = p.tanod_id
        where p.started_at is not null and p.ended_at is null and u.status = 'active') as "tanodsOnPatrol",
      (select count(distinct m.tanod_id) from schedules s
        join schedule_members m on m.schedule_id = s.id
        join users u on u.id = m.tanod_id
        where s.ends_at > ${at} and s.starts_at <= ${at} and u.status = 'active') as "tanodsOnDuty",
      open.normal as "openNormal",
      open.emergency as "openEmergency",
      open.pending as "openPending",
      open.in_progress as "openInProgress",
      (select count(*) from assistance_requests where status = 'pending') as "pendingAssistance",
      today.scheduled as "patrolsScheduled",
      today.started as "patrolsStarted",
      today.completed as "patrolsCompleted",
      today.absent as "patrolsAbsent",
      (select count(*) from loans where returned_at is null and due_at < ${at}) as "overdueLoans",
      least(
        (select min(starts_at) from schedules where starts_at > ${at}),
        (select min(ends_at) from schedules where ends_at > ${at}),
        (select min(due_at) from loans where returned_at is null and due_at > ${at})
      ) as "nextChangeAt"
    from (
      select
        count(*) filter (where classification = 'normal') as normal,
        count(*) filter (where classification = 'emergency') as emergency,
        count(*) filter (where status = 'pending') as pending,
        count(*) filter (where status = 'in_progress') as in_progress
      from incidents where status in ('pending', 'in_progress')
    ) as open,
    (
      select
        count(*) as scheduled,
        count(p.started_at) as started,
        count(p.ended_at) as completed,
        count(*) filter (where p.attendance = 'absent') as absent
      from schedules s
      join schedule_members m on m.schedule_id = s.id
      left join patrols p on p.schedule_id = s.id and p.tanod_id = m.tanod_id
      where s.starts_at >= ${iso(dayStart)} and s.starts_at < ${iso(dayEnd)}
    ) as today`,
  );
  const r = row!;
  const n = (value: number | string | Date | null) => Number(value ?? 0);
  return {
    tanodsTotal: n(r.tanodsTotal),
    tanodsOnPatrol: n(r.tanodsOnPatrol),
    tanodsOnDuty: n(r.tanodsOnDuty),
    openNormal: n(r.openNormal),
    openEmergency: n(r.openEmergency),
    openPending: n(r.openPending),
    openInProgress: n(r.openInProgress),
    pendingAssistance: n(r.pendingAssistance),
    patrolsScheduled: n(r.patrolsScheduled),
    patrolsStarted: n(r.patrolsStarted),
    patrolsCompleted: n(r.patrolsCompleted),
    patrolsAbsent: n(r.patrolsAbsent),
    overdueLoans: n(r.overdueLoans),
    nextChangeAt: r.nextChangeAt ? new Date(r.nextChangeAt) : null,
  };
}

export interface DayTypeRow {
  /** The barangay day, YYYY-MM-DD. */
  day: string;
  type: string;
  count: number;
  responded: number;
  /** Sum over the responded ones of report → response, in minutes. */
  responseMinutes: number;
}

/** The period's incidents per barangay day and type, with their summed response times. */
export async function incidentsByDayAndType(db: Executor, start: Date, end: Date, timeZone: string): Promise<DayTypeRow[]> {
  // Grouped on the date and formatted once per group: to_char on every row costs several times more.
  const rows = await rowsOf<{ day: string; type: string; count: number | string; responded: number | string; minutes: number | string | null }>(
    db,
    sql`
    select day::text as day, type,
      count(*) as count,
      count(responded_at) as responded,
      sum(extract(epoch from responded_at - created_at) / 60) as minutes
    from (
      select (created_at at time zone ${timeZone})::date as day, type, created_at, responded_at
      from incidents
      where created_at >= ${iso(start)} and created_at < ${iso(end)} and status not in ${NOT_INCIDENTS}
    ) as reported
    group by day, type`,
  );
  return rows.map((row) => ({
    day: row.day,
    type: row.type,
    count: Number(row.count),
    responded: Number(row.responded),
    responseMinutes: Number(row.minutes ?? 0),
  }));
}

export interface HeatCell {
  lat: number;
  lng: number;
  weight: number;
}

/**
 * The period's incidents counted per grid cell of `cellDegrees`, busiest first, at most
 * `limit + 1` rows (the extra one tells the caller the list was cut). Confidential cases stay off
 * the map: a cell of one or two marks a household (docs/decisions/027-confidential-cases.md).
 */
export async function heatCells(db: Executor, start: Date, end: Date, cellDegrees: number, limit: number): Promise<HeatCell[]> {
  const rows = await rowsOf<{ y: number | string; x: number | string; weight: number | string }>(
    db,
    sql`
    select round(lat / ${cellDegrees}::float8) as y, round(lng / ${cellDegrees}::float8) as x, count(*) as weight
    from incidents
    where created_at >= ${iso(start)} and created_at < ${iso(end)} and status not in ${NOT_INCIDENTS} and not confidential
    group by 1, 2
    order by 3 desc, 1, 2
    limit ${limit + 1}`,
  );
  // The centre of the cell, rounded to the cell's precision so no float noise travels.
  const centre = (index: number) => Number((index * cellDegrees).toFixed(6));
  return rows.map((row) => ({ lat: centre(Number(row.y)), lng: centre(Number(row.x)), weight: Number(row.weight) }));
}
