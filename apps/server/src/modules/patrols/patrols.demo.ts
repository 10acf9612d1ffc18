import crypto from 'node:crypto';
import type { Polygon } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { patrolLogEntries, patrols as patrolsTable, type PatrolAreaRow } from '../../db/schema/index.ts';
import { SeededRandom } from '../../lib/seeded-random.ts';
import { seedDemoScheduleHistory, type DemoSchedule } from '../schedules/schedules.demo.ts';
import { storePoints, type StoredPoint } from '../tracking/tracking.repository.ts';
import { insertLogEntry, insertPatrol } from './patrols.repository.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { seedDemoPatrolAreas } from '../patrol-areas/patrol-areas.demo.ts';
import { seedDemoSchedules } from '../schedules/schedules.demo.ts';

const MINUTE_MS = 60_000;
/** A tanod walks about 1.2 m/s. */
const WALK_METERS_PER_SECOND = 1.2;

/**
 * A believable route inside an area: a loop through its corners pulled 35% towards the middle,
 * walked at 1.2 m/s with a few metres of wobble, starting at `phase` metres along the loop. The
 * demo seed draws past tracks with it and `npm run demo:patrol` keeps the current ones moving.
 */
export function demoWalk(polygon: Polygon, secondsSinceStart: number, phase = 0): { lat: number; lng: number } {
  const ring = polygon.coordinates[0]!.slice(0, -1);
  const middle = ring.reduce((sum, [lng, lat]) => ({ lng: sum.lng + lng / ring.length, lat: sum.lat + lat / ring.length }), { lng: 0, lat: 0 });
  const loop = ring.map(([lng, lat]) => ({ lng: middle.lng + (lng - middle.lng) * 0.65, lat: middle.lat + (lat - middle.lat) * 0.65 }));
  const metersPerDegLat = 111_320;
  const metersPerDegLng = 111_320 * Math.cos((middle.lat * Math.PI) / 180);
  const legs = loop.map((from, index) => {
    const to = loop[(index + 1) % loop.length]!;
    return { from, to, meters: Math.hypot((to.lng - from.lng) * metersPerDegLng, (to.lat - from.lat) * metersPerDegLat) };
  });
  const perimeter = legs.reduce((sum, leg) => sum + leg.meters, 0);
  let along = (phase + secondsSinceStart * WALK_METERS_PER_SECOND) % perimeter;
  let leg = legs[0]!;
  for (const candidate of legs) {
    leg = candidate;
    if (along <= candidate.meters) break;
    along -= candidate.meters;
  }
  const t = leg.meters === 0 ? 0 : Math.min(1, along / leg.meters);
  const wobble = Math.sin(secondsSinceStart / 37) * 3;
  return {
    lat: leg.from.lat + (leg.to.lat - leg.from.lat) * t + wobble / metersPerDegLat,
    lng: leg.from.lng + (leg.to.lng - leg.from.lng) * t + Math.cos(secondsSinceStart / 53) * 3 / metersPerDegLng,
  };
}

function trackOf(userId: string, patrolId: string, polygon: Polygon, from: Date, to: Date, everyMs: number, phase: number): StoredPoint[] {
  const points: StoredPoint[] = [];
  for (let at = from.getTime(); at <= to.getTime(); at += everyMs) {
    const seconds = (at - from.getTime()) / 1000;
    points.push({ userId, patrolId, at: new Date(at), receivedAt: new Date(at + 800), ...demoWalk(polygon, seconds, phase), accuracy: 6 + (seconds % 9), speed: WALK_METERS_PER_SECOND, heading: null });
  }
  return points;
}

const LOG_LINES = [
  'Started at the barangay hall; radio check OK.',
  'Streetlight out near the chapel; reported to the hall.',
  'Group of minors told to go home before curfew.',
  'Gate of the elementary school found open; caretaker called.',
  'All quiet along the creek.',
];

/**
 * Patrols for the demo: every attendance kind on the completed schedules (on time, late, absent)
 * with tracks and logs, and the schedules of `now` on patrol, their tracks up to this minute.
 */
async function seedDemoPatrols(deps: AppDeps, areas: PatrolAreaRow[], schedules: { fortnight: DemoSchedule[]; now: DemoSchedule[] }): Promise<void> {
  const now = deps.clock.now();
  const polygonOf = new Map(areas.map((area) => [area.id, area.polygon]));
  let turn = 0;
  for (const { row, members } of schedules.fortnight) {
    if (row.endsAt > now) continue;
    for (const member of members) {
      turn += 1;
      const kind = ['on_time', 'on_time', 'late', 'on_time', 'absent'][turn % 5] as 'on_time' | 'late' | 'absent';
      if (kind === 'absent') {
        await insertPatrol(deps.db, { scheduleId: row.id, tanodId: member.tanodId, attendance: 'absent', createdAt: row.endsAt, updatedAt: row.endsAt });
        continue;
      }
      const startedAt = new Date(row.startsAt.getTime() + (kind === 'late' ? 17 : -4) * MINUTE_MS);
      const endedAt = new Date(row.endsAt.getTime() + 3 * MINUTE_MS);
      const polygon = polygonOf.get(row.patrolAreaId)!;
      const first = demoWalk(polygon, 0, turn * 150);
      const last = demoWalk(polygon, (endedAt.getTime() - startedAt.getTime()) / 1000, turn * 150);
      const patrol = await insertPatrol(deps.db, {
        scheduleId: row.id,
        tanodId: member.tanodId,
        attendance: kind,
        startedAt,
        endedAt,
        startLat: first.lat,
        startLng: first.lng,
        startAccuracy: 8,
        endLat: last.lat,
        endLng: last.lng,
        endAccuracy: 9,
        createdAt: startedAt,
        updatedAt: endedAt,
      });
      await storePoints(deps.db, trackOf(member.tanodId, patrol.id, polygon, startedAt, endedAt, MINUTE_MS, turn * 150));
      for (const [index, text] of [LOG_LINES[0]!, LOG_LINES[1 + (turn % 4)]!].entries()) {
        const at = new Date(startedAt.getTime() + (index * 3 + 1) * 60 * MINUTE_MS);
        await insertLogEntry(deps.db, { patrolId: patrol.id, at, text, ...demoWalk(polygon, (at.getTime() - startedAt.getTime()) / 1000, turn * 150), accuracy: 7 });
      }
    }
  }

  for (const { row, members } of schedules.now) {
    const polygon = polygonOf.get(row.patrolAreaId)!;
    for (const member of members) {
      const startedAt = new Date(row.startsAt.getTime() + 2 * MINUTE_MS);
      const start = demoWalk(polygon, 0);
      const patrol = await insertPatrol(deps.db, {
        scheduleId: row.id,
        tanodId: member.tanodId,
        attendance: 'on_time',
        startedAt,
        startLat: start.lat,
        startLng: start.lng,
        startAccuracy: 7,
        createdAt: startedAt,
        updatedAt: startedAt,
      });
      // Phase 0, so `npm run demo:patrol` continues the same walk from the start time.
      const points = trackOf(member.tanodId, patrol.id, polygon, startedAt, now, 30_000, 0);
      await storePoints(deps.db, points);
      await insertLogEntry(deps.db, { patrolId: patrol.id, at: new Date(startedAt.getTime() + MINUTE_MS), text: LOG_LINES[0]!, ...start, accuracy: 7 });
    }
  }
}

/** How each demo tanod (tanod1 … tanod5) keeps time in the history: chance of being late, of being absent. */
const HABITS = [
  { late: 0.06, absent: 0.02 },
  { late: 0.14, absent: 0.05 },
  { late: 0.26, absent: 0.1 },
  { late: 0.1, absent: 0.03 },
  { late: 0.3, absent: 0.13 },
];

/**
 * The 90 days before the fortnight: a patrol per member of every past schedule, on time, late
 * (6–45 minutes) or absent by each tanod's habits, with a track (a point every 3 minutes) and
 * two log lines each. Deterministic (seeded), inserted in bulk.
 */
async function seedDemoPatrolHistory(deps: AppDeps, areas: PatrolAreaRow[], history: DemoSchedule[], tanodIds: string[]): Promise<void> {
  const random = new SeededRandom(11);
  const polygonOf = new Map(areas.map((area) => [area.id, area.polygon]));
  const rows: (typeof patrolsTable.$inferInsert)[] = [];
  const logs: (typeof patrolLogEntries.$inferInsert)[] = [];
  const tracks: StoredPoint[] = [];
  for (const [turn, { row, members }] of history.entries()) {
    const polygon = polygonOf.get(row.patrolAreaId)!;
    for (const member of members) {
      const habits = HABITS[tanodIds.indexOf(member.tanodId)] ?? HABITS[0]!;
      const id = crypto.randomUUID();
      if (random.chance(habits.absent)) {
        rows.push({ id, scheduleId: row.id, tanodId: member.tanodId, attendance: 'absent', createdAt: row.endsAt, updatedAt: row.endsAt });
        continue;
      }
      const late = random.chance(habits.late);
      const startedAt = new Date(row.startsAt.getTime() + (late ? random.int(6, 45) : -random.int(0, 8)) * MINUTE_MS);
      const endedAt = new Date(row.endsAt.getTime() + random.int(-10, 5) * MINUTE_MS);
      const phase = random.int(0, 2000);
      const seconds = (endedAt.getTime() - startedAt.getTime()) / 1000;
      const first = demoWalk(polygon, 0, phase);
      const last = demoWalk(polygon, seconds, phase);
      rows.push({
        id,
        scheduleId: row.id,
        tanodId: member.tanodId,
        attendance: late ? 'late' : 'on_time',
        startedAt,
        endedAt,
        startLat: first.lat,
        startLng: first.lng,
        startAccuracy: 8,
        endLat: last.lat,
        endLng: last.lng,
        endAccuracy: 9,
        createdAt: startedAt,
        updatedAt: endedAt,
      });
      tracks.push(...trackOf(member.tanodId, id, polygon, startedAt, endedAt, 3 * MINUTE_MS, phase));
      for (const [index, text] of [LOG_LINES[0]!, LOG_LINES[1 + (turn % 4)]!].entries()) {
        const at = new Date(startedAt.getTime() + (index * random.int(2, 8) + 1) * 60 * MINUTE_MS);
        logs.push({ patrolId: id, at, text, ...demoWalk(polygon, (at.getTime() - startedAt.getTime()) / 1000, phase), accuracy: 7 });
      }
    }
  }
  for (let index = 0; index < rows.length; index += 500) await deps.db.insert(patrolsTable).values(rows.slice(index, index + 500));
  for (let index = 0; index < logs.length; index += 500) await deps.db.insert(patrolLogEntries).values(logs.slice(index, index + 500));
  await storePoints(deps.db, tracks);
}

/** The demo tanods on patrol right now (usernames), with the purok each walks. */
export const DEMO_ON_PATROL = [
  { username: 'tanod2', areaIndex: 1 },
  { username: 'tanod5', areaIndex: 3 },
] as const;

/**
 * The patrols demo: four puroks covering the boundary, a fortnight of schedules with a repeating
 * series, past patrols with tracks and every attendance kind, and two tanods on patrol now; and
 * 90 days of patrol history before that fortnight, for the dashboards and performance.
 * Runs after the demo staff exist; does nothing when the puroks were already there.
 */
export async function seedDemoPatrolData(deps: AppDeps): Promise<void> {
  const { areas, created } = await seedDemoPatrolAreas(deps);
  if (!created) return;
  const tanodIds: string[] = [];
  for (const username of ['tanod1', 'tanod2', 'tanod3', 'tanod4', 'tanod5']) tanodIds.push((await findUserByUsername(deps.db, username))!.id);
  const schedules = await seedDemoSchedules(
    deps,
    areas,
    tanodIds,
    DEMO_ON_PATROL.map(({ username, areaIndex }) => ({ areaIndex, team: [Number(username.slice(-1)) - 1] })),
  );
  await seedDemoPatrols(deps, areas, schedules);
  await seedDemoPatrolHistory(deps, areas, await seedDemoScheduleHistory(deps, areas, tanodIds), tanodIds);
}
