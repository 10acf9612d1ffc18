import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/transaction.ts';
import {
  locationPoints,
  patrolAreas,
  patrolLogEntries,
  patrols,
  schedules,
  users,
  type PatrolAreaRow,
  type PatrolLogEntryRow,
  type PatrolRow,
  type ScheduleRow,
} from '../../db/schema/index.ts';

export interface PatrolWithContext {
  patrol: PatrolRow;
  schedule: ScheduleRow;
  area: PatrolAreaRow;
  tanod: { id: string; firstName: string; lastName: string; profilePicture: string | null };
}

function selectWithContext(db: Executor) {
  return db
    .select({
      patrol: patrols,
      schedule: schedules,
      area: patrolAreas,
      tanod: { id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture },
    })
    .from(patrols)
    .innerJoin(schedules, eq(schedules.id, patrols.scheduleId))
    .innerJoin(patrolAreas, eq(patrolAreas.id, schedules.patrolAreaId))
    .innerJoin(users, eq(users.id, patrols.tanodId));
}

export async function findPatrolWithContext(db: Executor, id: string): Promise<PatrolWithContext | undefined> {
  const [row] = await selectWithContext(db).where(eq(patrols.id, id)).limit(1);
  return row;
}

/** The tanod's patrol in progress (started, not ended), if any. */
export async function findActivePatrolOf(db: Executor, tanodId: string): Promise<PatrolWithContext | undefined> {
  const [row] = await selectWithContext(db)
    .where(and(eq(patrols.tanodId, tanodId), isNotNull(patrols.startedAt), isNull(patrols.endedAt)))
    .limit(1);
  return row;
}

/** A listed patrol: its area by name and colour only (a list has no use for the area's outline). */
export type ListedPatrol = Omit<PatrolWithContext, 'area'> & { area: Pick<PatrolAreaRow, 'id' | 'name' | 'color'> };

export async function listPatrolsWithContext(db: Executor, filter: { tanodId?: string; from: Date; to: Date }): Promise<ListedPatrol[]> {
  return db
    .select({
      patrol: patrols,
      schedule: schedules,
      area: { id: patrolAreas.id, name: patrolAreas.name, color: patrolAreas.color },
      tanod: { id: users.id, firstName: users.firstName, lastName: users.lastName, profilePicture: users.profilePicture },
    })
    .from(patrols)
    .innerJoin(schedules, eq(schedules.id, patrols.scheduleId))
    .innerJoin(patrolAreas, eq(patrolAreas.id, schedules.patrolAreaId))
    .innerJoin(users, eq(users.id, patrols.tanodId))
    .where(and(gte(schedules.startsAt, filter.from), lt(schedules.startsAt, filter.to), filter.tanodId ? eq(patrols.tanodId, filter.tanodId) : undefined))
    .orderBy(desc(schedules.startsAt), asc(users.lastName))
    .limit(1000);
}

export async function insertPatrol(db: Executor, values: typeof patrols.$inferInsert): Promise<PatrolRow> {
  const [row] = await db.insert(patrols).values(values).returning();
  return row!;
}

export async function updatePatrol(db: Executor, id: string, values: Partial<typeof patrols.$inferInsert>): Promise<PatrolRow> {
  const [row] = await db.update(patrols).set(values).where(eq(patrols.id, id)).returning();
  return row!;
}

export async function insertLogEntry(db: Executor, values: typeof patrolLogEntries.$inferInsert): Promise<PatrolLogEntryRow> {
  const [row] = await db.insert(patrolLogEntries).values(values).returning();
  return row!;
}

export async function listLogEntries(db: Executor, patrolId: string): Promise<PatrolLogEntryRow[]> {
  return db.select().from(patrolLogEntries).where(eq(patrolLogEntries.patrolId, patrolId)).orderBy(asc(patrolLogEntries.at));
}

export async function listTrackPoints(db: Executor, patrolId: string) {
  return db
    .select({ at: locationPoints.at, lat: locationPoints.lat, lng: locationPoints.lng, accuracy: locationPoints.accuracy, speed: locationPoints.speed, heading: locationPoints.heading })
    .from(locationPoints)
    .where(eq(locationPoints.patrolId, patrolId))
    .orderBy(asc(locationPoints.at));
}

/** The points of several patrols, each patrol's in time order (the tracks' GeoJSON). */
export async function listTrackPointsOf(db: Executor, patrolIds: readonly string[]) {
  if (patrolIds.length === 0) return [];
  return db
    .select({ patrolId: locationPoints.patrolId, lat: locationPoints.lat, lng: locationPoints.lng })
    .from(locationPoints)
    .where(inArray(locationPoints.patrolId, [...patrolIds]))
    .orderBy(asc(locationPoints.patrolId), asc(locationPoints.at));
}

/** Track length per patrol in metres (haversine between consecutive points), in one query. */
export async function trackDistances(db: Executor, patrolIds: string[]): Promise<Map<string, number>> {
  if (patrolIds.length === 0) return new Map();
  const rows = await db.execute<{ patrol_id: string; meters: number | string | null }>(sql`
    select patrol_id, sum(
      2 * 6371008.8 * asin(sqrt(
        power(sin(radians(lat - prev_lat) / 2), 2) +
        cos(radians(prev_lat)) * cos(radians(lat)) * power(sin(radians(lng - prev_lng) / 2), 2)
      ))
    ) as meters
    from (
      select patrol_id, lat, lng,
        lag(lat) over (partition by patrol_id order by at) as prev_lat,
        lag(lng) over (partition by patrol_id order by at) as prev_lng
      from ${locationPoints}
      where ${inArray(locationPoints.patrolId, patrolIds)}
    ) as steps
    where prev_lat is not null
    group by patrol_id`);
  // Both drivers answer execute() with `rows`, typed differently (stack notes).
  const list = (rows as unknown as { rows: { patrol_id: string; meters: number | string | null }[] }).rows;
  return new Map(list.map((row) => [row.patrol_id, Number(row.meters ?? 0)]));
}

/**
 * Keeps the measured length of ended patrols (patrols.distance_meters), so the next read sums
 * nothing: a track does not change once its patrol ended (points are tagged with a patrol only
 * while it is active). A patrol still under way is left unmeasured.
 */
export async function storeTrackDistances(db: Executor, distances: Map<string, number>): Promise<void> {
  if (distances.size === 0) return;
  await db.execute(sql`
    update ${patrols} set distance_meters = measured.meters
    from (select unnest(${`{${[...distances.keys()].join(',')}}`}::uuid[]) as id, unnest(${`{${[...distances.values()].join(',')}}`}::float8[]) as meters) as measured
    where ${patrols.id} = measured.id and ${patrols.endedAt} is not null and ${patrols.distanceMeters} is null`);
}

/**
 * Marks every member who never started a schedule that ended in (since, now] as absent. The
 * unique (schedule, tanod) pair makes it safe against a second instance and a late start: the
 * insert that comes second does nothing. Returns the rows it created.
 */
export async function insertAbsences(db: Executor, now: Date, since: Date): Promise<{ id: string; scheduleId: string; tanodId: string; code: string }[]> {
  const result = await db.execute<{ id: string; schedule_id: string; tanod_id: string }>(sql`
    insert into patrols (schedule_id, tanod_id, attendance, created_at, updated_at)
    select sm.schedule_id, sm.tanod_id, 'absent', ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
    from schedule_members sm
    join schedules s on s.id = sm.schedule_id
    where s.ends_at <= ${now.toISOString()}::timestamptz and s.ends_at > ${since.toISOString()}::timestamptz
      and not exists (select 1 from patrols p where p.schedule_id = sm.schedule_id and p.tanod_id = sm.tanod_id)
    on conflict do nothing
    returning id, schedule_id, tanod_id`);
  const list = (result as unknown as { rows: { id: string; schedule_id: string; tanod_id: string }[] }).rows;
  if (list.length === 0) return [];
  const codes = new Map(
    (await db.select({ id: schedules.id, code: schedules.code }).from(schedules).where(inArray(schedules.id, [...new Set(list.map((row) => row.schedule_id))]))).map(
      (row) => [row.id, row.code],
    ),
  );
  return list.map((row) => ({ id: row.id, scheduleId: row.schedule_id, tanodId: row.tanod_id, code: codes.get(row.schedule_id) ?? '' }));
}

/** Tanods (active accounts) on a patrol in progress. */
export async function listTanodsOnPatrol(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: patrols.tanodId })
    .from(patrols)
    .innerJoin(users, eq(users.id, patrols.tanodId))
    .where(and(isNotNull(patrols.startedAt), isNull(patrols.endedAt), eq(users.status, 'active')));
  return rows.map((row) => row.id);
}
