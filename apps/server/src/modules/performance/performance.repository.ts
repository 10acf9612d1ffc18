import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';

/**
 * Performance figures (docs/product.md §4.10), computed in SQL: one aggregate query per figure family over
 * a set of tanods at once, so ranking every active tanod is a handful of queries whatever their
 * number. A period is the half-open instant range [start, end) of its calendar days in the
 * barangay's time zone; `now` cuts off what has not happened yet.
 */

export interface PeriodWindow {
  start: Date;
  end: Date;
  now: Date;
}

export interface TanodRef {
  id: string;
  firstName: string;
  lastName: string;
  profilePicture: string | null;
  active: boolean;
}

export interface AttendanceFigures {
  scheduled: number;
  attended: number;
  onTime: number;
  latenessMinutesTotal: number;
}
export interface PatrolFigures {
  completed: number;
  hours: number;
  distanceKm: number;
}
export interface IncidentFigures {
  responded: number;
  resolved: number;
  responseMinutesAverage: number | null;
  resolutionMinutesAverage: number | null;
}
export interface RatingFigures {
  count: number;
  average: number | null;
  distribution: [number, number, number, number, number];
}
export interface LoanFigures {
  due: number;
  returnedOnTime: number;
}

type Row = Record<string, unknown>;

async function rows(db: Executor, query: SQL): Promise<Row[]> {
  // Both drivers answer execute() with `rows`, typed differently (stack notes).
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));
const numOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * A uuid[] parameter; the ids come from our own database. Filters use `in (select unnest(…))`, which
 * PostgreSQL hashes, rather than `= any(…)` of a parameter, which it searches linearly per row.
 */
const idArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;
const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

function byTanod<T>(list: Row[], shape: (row: Row) => T): Map<string, T> {
  return new Map(list.map((row) => [String(row.tanod_id), shape(row)]));
}

/** The tanods to rank (every active one) plus any asked for by id, whatever their status. */
export async function listTanods(db: Executor, alsoIds: string[] = []): Promise<TanodRef[]> {
  const list = await rows(
    db,
    sql`select id, first_name, last_name, profile_picture, status = 'active' as active
        from users
        where user_type = 'tanod' and (status = 'active' or id = any(${idArray(alsoIds)}))
        order by last_name, first_name, id`,
  );
  return list.map((row) => ({
    id: String(row.id),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    profilePicture: row.profile_picture === null ? null : String(row.profile_picture),
    active: row.active === true,
  }));
}

/**
 * Shifts that started in the period and are over (or that the tanod already started), with the
 * patrol record of each: attended = on time or late; lateness = start − shift start of late starts.
 */
export async function attendanceFigures(
  db: Executor,
  ids: string[],
  window: PeriodWindow,
): Promise<Map<string, AttendanceFigures>> {
  const list = await rows(db, attendanceSql(ids, window));
  return byTanod(list, (row) => ({
    scheduled: num(row.scheduled),
    attended: num(row.attended),
    onTime: num(row.on_time),
    latenessMinutesTotal: num(row.lateness),
  }));
}

/** The patrols the tanods started in the period: how many ended, hours on patrol, track length. */
export async function patrolFigures(
  db: Executor,
  ids: string[],
  window: PeriodWindow,
): Promise<Map<string, PatrolFigures>> {
  let list = await rows(db, patrolSql(ids, window));
  // Most reads find every ended patrol measured (by an earlier read here or of the patrol list): one
  // statement. Otherwise the lengths are stored first and the figures read again.
  if (list.some((row) => num(row.unmeasured) > 0)) {
    await fillTrackDistances(db, ids, window);
    list = await rows(db, patrolSql(ids, window));
  }
  return byTanod(list, (row) => ({
    completed: num(row.completed),
    hours: num(row.hours),
    distanceKm: num(row.meters) / 1000,
  }));
}

/** Incidents the tanods responded to / resolved in the period, with the mean minutes from the report. */
export async function incidentFigures(
  db: Executor,
  ids: string[],
  window: PeriodWindow,
): Promise<Map<string, IncidentFigures>> {
  const list = await rows(db, incidentSql(ids, window));
  return byTanod(list, (row) => ({
    responded: num(row.responded),
    resolved: num(row.resolved),
    responseMinutesAverage: numOrNull(row.response_minutes),
    resolutionMinutesAverage: numOrNull(row.resolution_minutes),
  }));
}

/** Visible ratings received in the period (an admin's hidden ones are not counted, docs/product.md §4.9). */
export async function ratingFigures(
  db: Executor,
  ids: string[],
  window: PeriodWindow,
): Promise<Map<string, RatingFigures>> {
  const list = await rows(db, ratingSql(ids, window));
  return byTanod(list, (row) => ({
    count: num(row.n),
    average: numOrNull(row.average),
    distribution: [num(row.r1), num(row.r2), num(row.r3), num(row.r4), num(row.r5)],
  }));
}

/** Loans that fell due in the period (already due, or returned), and how many came back by their due time. */
export async function loanFigures(
  db: Executor,
  ids: string[],
  window: PeriodWindow,
): Promise<Map<string, LoanFigures>> {
  const list = await rows(db, loanSql(ids, window));
  return byTanod(list, (row) => ({ due: num(row.due), returnedOnTime: num(row.on_time) }));
}

/** The family queries, exported so the bench can EXPLAIN exactly what runs. */
const attendanceSql = (ids: string[], window: PeriodWindow): SQL =>
  sql`select sm.tanod_id,
          count(*) as scheduled,
          count(*) filter (where p.attendance in ('on_time', 'late')) as attended,
          count(*) filter (where p.attendance = 'on_time') as on_time,
          coalesce(sum(date_part('epoch', p.started_at - s.starts_at) / 60) filter (where p.attendance = 'late'), 0) as lateness
        from schedule_members sm
        join schedules s on s.id = sm.schedule_id
        left join patrols p on p.schedule_id = sm.schedule_id and p.tanod_id = sm.tanod_id
        where sm.tanod_id in (select unnest(${idArray(ids)}))
          and s.starts_at >= ${at(window.start)} and s.starts_at < ${at(window.end)} and s.starts_at <= ${at(window.now)}
          and (s.ends_at <= ${at(window.now)} or p.started_at is not null)
        group by sm.tanod_id`;

/**
 * The haversine length in metres of one patrol's track, as a scalar subquery over its points in
 * time order (the `(patrol_id, at)` index); 0 without two points.
 */
const trackMetersOf = (patrolId: SQL): SQL =>
  sql`(select coalesce(sum(
        2 * 6371008.8 * asin(sqrt(
          power(sin(radians(lat - prev_lat) / 2), 2) +
          cos(radians(prev_lat)) * cos(radians(lat)) * power(sin(radians(lng - prev_lng) / 2), 2)
        ))), 0)
      from (
        select lat, lng, lag(lat) over (order by at) as prev_lat, lag(lng) over (order by at) as prev_lng
        from location_points where patrol_id = ${patrolId}
      ) as steps
      where prev_lat is not null)`;

/**
 * Stores the track length of the ended patrols of the period that have none yet (patrols ended
 * before the column existed were filled by its migration; rows written straight into the
 * database, like the demo's and the bench's, get theirs here once). A track does not change once
 * its patrol ended: points are tagged with a patrol only while it is active.
 */
async function fillTrackDistances(db: Executor, ids: string[], window: PeriodWindow): Promise<void> {
  await db.execute(sql`
    update patrols p set distance_meters = ${trackMetersOf(sql`p.id`)}
    where p.tanod_id in (select unnest(${idArray(ids)})) and p.distance_meters is null and p.ended_at is not null
      and p.started_at >= ${at(window.start)} and p.started_at < ${at(window.end)}`);
}

/**
 * Ended patrols use their stored track length; the few active ones (the partial unique index of
 * one active patrol per tanod) are measured now, apart, so the planner never prices a track walk
 * per row of the whole period (which also tipped PostgreSQL into JIT-compiling the query).
 * `materialized`: inlined, the walk of the active tracks ran again for every tanod row it was
 * joined to (five walks for five tanods in the demo's plan).
 */
const patrolSql = (ids: string[], window: PeriodWindow): SQL =>
  sql`with period_patrols as (
        select id, tanod_id, started_at, ended_at, distance_meters
        from patrols
        where tanod_id in (select unnest(${idArray(ids)}))
          and started_at >= ${at(window.start)} and started_at < ${at(window.end)} and started_at <= ${at(window.now)}
      ),
      active as materialized (
        select p.tanod_id, sum(${trackMetersOf(sql`p.id`)}) as meters
        from patrols p
        where p.tanod_id in (select unnest(${idArray(ids)})) and p.started_at is not null and p.ended_at is null
          and p.started_at >= ${at(window.start)} and p.started_at < ${at(window.end)} and p.started_at <= ${at(window.now)}
        group by p.tanod_id
      ),
      totals as (
        select tanod_id,
          count(*) filter (where ended_at is not null) as completed,
          sum(date_part('epoch', coalesce(ended_at, ${at(window.now)}) - started_at)) / 3600 as hours,
          coalesce(sum(distance_meters), 0) as meters,
          count(*) filter (where ended_at is not null and distance_meters is null) as unmeasured
        from period_patrols
        group by tanod_id
      )
      select t.tanod_id, t.completed, t.hours, t.meters + coalesce(a.meters, 0) as meters, t.unmeasured
      from totals t left join active a on a.tanod_id = t.tanod_id`;

/**
 * Responses by responder and resolutions by resolver in the period (each on its partial time
 * index; a long period reads most of the table anyway). Minutes in double precision (`date_part`),
 * not `extract`'s numeric, which is slower to average.
 */
const incidentSql = (ids: string[], window: PeriodWindow): SQL =>
  sql`with responded as (
        select responder_id as tanod_id, count(*) as n, avg(date_part('epoch', responded_at - created_at) / 60) as minutes
        from incidents
        where responder_id in (select unnest(${idArray(ids)}))
          and responded_at >= ${at(window.start)} and responded_at < ${at(window.end)}
        group by responder_id
      ),
      resolved as (
        select resolved_by_id as tanod_id, count(*) as n, avg(date_part('epoch', resolved_at - created_at) / 60) as minutes
        from incidents
        where resolved_by_id in (select unnest(${idArray(ids)}))
          and resolved_at >= ${at(window.start)} and resolved_at < ${at(window.end)}
        group by resolved_by_id
      )
      select coalesce(a.tanod_id, b.tanod_id) as tanod_id,
        a.n as responded, a.minutes as response_minutes, b.n as resolved, b.minutes as resolution_minutes
      from responded a full join resolved b on a.tanod_id = b.tanod_id`;

const ratingSql = (ids: string[], window: PeriodWindow): SQL =>
  sql`select tanod_id, count(*) as n, avg(rating) as average,
          count(*) filter (where rating = 1) as r1, count(*) filter (where rating = 2) as r2,
          count(*) filter (where rating = 3) as r3, count(*) filter (where rating = 4) as r4,
          count(*) filter (where rating = 5) as r5
        from evaluations
        where tanod_id in (select unnest(${idArray(ids)})) and not hidden
          and created_at >= ${at(window.start)} and created_at < ${at(window.end)}
        group by tanod_id`;

const loanSql = (ids: string[], window: PeriodWindow): SQL =>
  sql`select borrower_id as tanod_id, count(*) as due,
          count(*) filter (where returned_at is not null and returned_at <= due_at) as on_time
        from loans
        where borrower_id in (select unnest(${idArray(ids)}))
          and due_at >= ${at(window.start)} and due_at < ${at(window.end)}
          and (due_at <= ${at(window.now)} or returned_at is not null)
        group by borrower_id`;

export interface SeriesRow {
  date: string;
  hours: number;
  responded: number;
  resolved: number;
}

/**
 * One tanod's chart: hours on patrol (by the day the patrol started), incidents responded and
 * resolved, per calendar day or per week (Monday) in the barangay's time zone.
 */
export async function seriesFigures(
  db: Executor,
  tanodId: string,
  window: PeriodWindow,
  timeZone: string,
  weekly: boolean,
): Promise<SeriesRow[]> {
  const unit = weekly ? sql.raw(`'week'`) : sql.raw(`'day'`);
  const bucket = (column: SQL) => sql`to_char(date_trunc(${unit}, ${column} at time zone ${timeZone}), 'YYYY-MM-DD')`;
  const list = await rows(
    db,
    sql`with events as (
          select ${bucket(sql`started_at`)} as bucket,
            date_part('epoch', coalesce(ended_at, ${at(window.now)}) - started_at) / 3600 as hours, 0 as responded, 0 as resolved
          from patrols
          where tanod_id = ${tanodId}::uuid
            and started_at >= ${at(window.start)} and started_at < ${at(window.end)} and started_at <= ${at(window.now)}
          union all
          select ${bucket(sql`responded_at`)}, 0, 1, 0 from incidents
          where responder_id = ${tanodId}::uuid and responded_at >= ${at(window.start)} and responded_at < ${at(window.end)}
          union all
          select ${bucket(sql`resolved_at`)}, 0, 0, 1 from incidents
          where resolved_by_id = ${tanodId}::uuid and resolved_at >= ${at(window.start)} and resolved_at < ${at(window.end)}
        )
        select bucket, sum(hours) as hours, sum(responded) as responded, sum(resolved) as resolved
        from events group by bucket order by bucket`,
  );
  return list.map((row) => ({
    date: String(row.bucket),
    hours: num(row.hours),
    responded: num(row.responded),
    resolved: num(row.resolved),
  }));
}
