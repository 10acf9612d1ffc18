import type { PatrolAttendance, Schedule } from '@bantay/shared';
import type { Executor } from '../../db/transaction.ts';
import type { PatrolAreaRow, PatrolRow, ScheduleRow } from '../../db/schema/index.ts';
import { listAreasByIds, listMembersOf, listPatrolsOfSchedules, type MemberWithUser } from './schedules.repository.ts';
import { scheduleStatus } from './shift-times.ts';

interface ScheduleParts {
  members: MemberWithUser[];
  areas: Map<string, PatrolAreaRow>;
  patrols: PatrolRow[];
}

function presentSchedule(row: ScheduleRow, parts: ScheduleParts, now: Date): Schedule {
  const area = parts.areas.get(row.patrolAreaId)!;
  const members = parts.members
    .filter((member) => member.scheduleId === row.id)
    .sort((a, b) => Number(b.isLeader) - Number(a.isLeader) || a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName))
    .map((member) => {
      const patrol = parts.patrols.find((candidate) => candidate.scheduleId === row.id && candidate.tanodId === member.tanodId);
      const attendance: PatrolAttendance = patrol?.attendance ?? 'not_started';
      return {
        _id: member.tanodId,
        firstName: member.firstName,
        lastName: member.lastName,
        profilePicture: member.profilePicture,
        isLeader: member.isLeader,
        attendance,
        patrolId: patrol?.id ?? null,
      };
    });
  return {
    _id: row.id,
    code: row.code,
    shift: row.shift,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: scheduleStatus(row, now),
    patrolArea: { _id: area.id, name: area.name, color: area.color, active: area.active },
    members,
    notes: row.notes,
    seriesId: row.seriesId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Loads what the API shows with schedules (members, areas, attendance) in three queries. */
export async function presentSchedules(db: Executor, rows: ScheduleRow[], now: Date): Promise<Schedule[]> {
  const ids = rows.map((row) => row.id);
  const [members, areas, patrols] = await Promise.all([
    listMembersOf(db, ids),
    listAreasByIds(db, rows.map((row) => row.patrolAreaId)),
    listPatrolsOfSchedules(db, ids),
  ]);
  const parts = { members, areas: new Map(areas.map((area) => [area.id, area])), patrols };
  return rows.map((row) => presentSchedule(row, parts, now));
}
