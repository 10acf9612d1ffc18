import crypto from 'node:crypto';
import type { ScheduleShift } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { PatrolAreaRow, ScheduleRow } from '../../db/schema/index.ts';
import { scheduleMembers, schedules as schedulesTable } from '../../db/schema/index.ts';
import { insertSchedule, replaceMembers } from './schedules.repository.ts';
import { newScheduleCode } from './schedules.service.ts';
import { localDay, overlaps, shiftWindow, type Window } from './shift-times.ts';

const DAY_MS = 86_400_000;
/** The history runs from this many days back up to the fortnight (which starts a week back). */
const DEMO_HISTORY_DAYS = 90;
const HISTORY_UNTIL_DAYS = 8;
const HOUR_MS = 3_600_000;

export interface DemoSchedule {
  row: ScheduleRow;
  members: { tanodId: string; isLeader: boolean }[];
}

interface Plan {
  shift: ScheduleShift;
  areaIndex: number;
  /** Tanod indexes into the demo tanods; the first is the leader. */
  team: number[];
  weekdays: number[];
  seriesId: string | null;
  notes: string | null;
}

/**
 * The weekly plan of the demo: day shifts in Purok 1 on Mon/Wed/Fri (a repeating series), nights
 * in Purok 3 on Tue/Thu/Sat, day shifts in Purok 2 on Tue/Thu and nights in Purok 4 on Sundays. At
 * most one day and one night shift fall on a date, so no two plans ever overlap, whoever walks them.
 */
function demoPlans(seriesId: string | null): Plan[] {
  return [
    { shift: 'day', areaIndex: 0, team: [0, 1], weekdays: [1, 3, 5], seriesId, notes: 'Market and school route; check the footbridge.' },
    { shift: 'night', areaIndex: 2, team: [3, 4], weekdays: [2, 4, 6], seriesId: null, notes: null },
    { shift: 'day', areaIndex: 1, team: [2], weekdays: [2, 4], seriesId: null, notes: 'Chapel and basketball court.' },
    { shift: 'night', areaIndex: 3, team: [0, 2], weekdays: [0], seriesId: null, notes: null },
  ];
}

/**
 * A fortnight of schedules around now (a week back, a week ahead) that respect every conflict
 * rule: day shifts in Purok 1 as a repeating Mon/Wed/Fri series, nights in Purok 3, single day
 * shifts elsewhere; plus the two schedules on patrol right now (`nowTeams`), which the others
 * make room for.
 */
export async function seedDemoSchedules(
  deps: AppDeps,
  areas: PatrolAreaRow[],
  tanodIds: string[],
  nowTeams: { areaIndex: number; team: number[] }[],
): Promise<{ fortnight: DemoSchedule[]; now: DemoSchedule[] }> {
  const now = deps.clock.now();
  const timezone = 'Asia/Manila';
  const plans = demoPlans(crypto.randomUUID());
  const taken: { window: Window; tanodIds: string[]; areaId: string }[] = [];
  const clashes = (window: Window, team: string[], areaId: string) =>
    taken.some((other) => overlaps(window, other.window) && (other.areaId === areaId || other.tanodIds.some((id) => team.includes(id))));

  async function create(window: Window, shift: ScheduleShift, areaIndex: number, team: number[], seriesId: string | null, notes: string | null): Promise<DemoSchedule | null> {
    const members = team.map((index, position) => ({ tanodId: tanodIds[index]!, isLeader: position === 0 }));
    const areaId = areas[areaIndex]!.id;
    if (clashes(window, members.map((member) => member.tanodId), areaId)) return null;
    const row = await insertSchedule(deps.db, {
      code: newScheduleCode(),
      shift,
      ...window,
      patrolAreaId: areaId,
      seriesId,
      notes,
      // Past and current schedules need no reminder any more.
      reminderSentAt: window.startsAt.getTime() - 30 * 60_000 <= now.getTime() ? now : null,
      createdAt: new Date(now.getTime() - 8 * DAY_MS),
      updatedAt: new Date(now.getTime() - 8 * DAY_MS),
    });
    if (!row) return null;
    await replaceMembers(deps.db, row.id, members);
    taken.push({ window, tanodIds: members.map((member) => member.tanodId), areaId });
    return { row, members };
  }

  const current: DemoSchedule[] = [];
  for (const { areaIndex, team } of nowTeams) {
    const startsAt = new Date(Math.floor((now.getTime() - 2 * HOUR_MS) / 60_000) * 60_000);
    const created = await create({ startsAt, endsAt: new Date(startsAt.getTime() + 8 * HOUR_MS) }, 'custom', areaIndex, team, null, 'Roving patrol (demo: `npm run demo:patrol` moves them).');
    if (created) current.push(created);
  }
  const fortnight: DemoSchedule[] = [];
  for (let offset = -7; offset <= 7; offset += 1) {
    const day = new Date(now.getTime() + offset * DAY_MS);
    const weekday = localDay(day, timezone).weekday;
    for (const plan of plans) {
      if (!plan.weekdays.includes(weekday)) continue;
      const window = shiftWindow(plan.shift, day, undefined, timezone);
      const created = await create(window, plan.shift, plan.areaIndex, plan.team, plan.seriesId, plan.notes);
      if (created) fortnight.push(created);
    }
  }
  return { fortnight, now: current };
}

/**
 * The past before the fortnight: the same weekly plan from DEMO_HISTORY_DAYS back until a week
 * before the fortnight, with the teams rotating every two weeks so every tanod walks every purok,
 * inserted in bulk. Returns the schedules with their members, oldest first.
 */
export async function seedDemoScheduleHistory(deps: AppDeps, areas: PatrolAreaRow[], tanodIds: string[]): Promise<DemoSchedule[]> {
  const now = deps.clock.now();
  const timezone = 'Asia/Manila';
  const plans = demoPlans(null);
  const planned: { values: typeof schedulesTable.$inferInsert; team: string[] }[] = [];
  for (let offset = -DEMO_HISTORY_DAYS; offset <= -HISTORY_UNTIL_DAYS; offset += 1) {
    const day = new Date(now.getTime() + offset * DAY_MS);
    const weekday = localDay(day, timezone).weekday;
    const rotation = Math.floor((offset + DEMO_HISTORY_DAYS) / 14);
    for (const plan of plans) {
      if (!plan.weekdays.includes(weekday)) continue;
      const window = shiftWindow(plan.shift, day, undefined, timezone);
      const createdAt = new Date(window.startsAt.getTime() - 10 * DAY_MS);
      planned.push({
        values: { id: crypto.randomUUID(), code: newScheduleCode(), shift: plan.shift, ...window, patrolAreaId: areas[plan.areaIndex]!.id, notes: plan.notes, reminderSentAt: new Date(window.startsAt.getTime() - 30 * 60_000), createdAt, updatedAt: createdAt },
        team: plan.team.map((index) => tanodIds[(index + rotation) % tanodIds.length]!),
      });
    }
  }
  if (planned.length === 0) return [];
  const rows = await deps.db.insert(schedulesTable).values(planned.map((plan) => plan.values)).returning();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const result = planned.map(({ values, team }) => ({ row: byId.get(values.id!)!, members: team.map((tanodId, position) => ({ tanodId, isLeader: position === 0 })) }));
  await deps.db.insert(scheduleMembers).values(result.flatMap(({ row, members }) => members.map((member) => ({ scheduleId: row.id, ...member }))));
  return result;
}
