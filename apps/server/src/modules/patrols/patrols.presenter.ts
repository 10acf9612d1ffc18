import { PATROL_LIMITS, type Patrol, type PatrolLogEntry, type PatrolState } from '@bantay/shared';
import type { PatrolLogEntryRow } from '../../db/schema/index.ts';
import type { ListedPatrol } from './patrols.repository.ts';

const position = (lat: number | null, lng: number | null, accuracy: number | null) => (lat === null || lng === null ? null : { lat, lng, accuracy });

export function presentPatrol({ patrol, schedule, area, tanod }: ListedPatrol, distanceMeters: number): Patrol {
  const state: PatrolState = patrol.attendance === 'absent' ? 'absent' : patrol.endedAt ? 'completed' : 'on_patrol';
  const minutesLate = patrol.startedAt
    ? Math.max(0, Math.round((patrol.startedAt.getTime() - schedule.startsAt.getTime()) / 60_000))
    : null;
  return {
    _id: patrol.id,
    tanod: { _id: tanod.id, firstName: tanod.firstName, lastName: tanod.lastName, profilePicture: tanod.profilePicture },
    schedule: { _id: schedule.id, code: schedule.code, shift: schedule.shift, startsAt: schedule.startsAt.toISOString(), endsAt: schedule.endsAt.toISOString() },
    patrolArea: { _id: area.id, name: area.name, color: area.color },
    state,
    attendance: patrol.attendance,
    minutesLate,
    startedAt: patrol.startedAt?.toISOString() ?? null,
    endedAt: patrol.endedAt?.toISOString() ?? null,
    startPosition: position(patrol.startLat, patrol.startLng, patrol.startAccuracy),
    endPosition: position(patrol.endLat, patrol.endLng, patrol.endAccuracy),
    distanceMeters: Math.round(distanceMeters),
  };
}

export function presentLogEntry(row: PatrolLogEntryRow): PatrolLogEntry {
  return { _id: row.id, patrolId: row.patrolId, at: row.at.toISOString(), text: row.text, position: position(row.lat, row.lng, row.accuracy) };
}

/** The accuracy counted as tolerance at most, so a fix "somewhere within 5 km" cannot start a patrol. */
export const MAX_ACCURACY_TOLERANCE_METERS = 100;

export const lateAfter = (startsAt: Date) => new Date(startsAt.getTime() + PATROL_LIMITS.lateAfterMs);
