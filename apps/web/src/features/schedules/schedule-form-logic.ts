import { t } from '@lingui/core/macro';
import type { CreateScheduleRequest, Schedule, ScheduleShift, UpdateScheduleRequest } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { isoToZonedParts, zonedToIso } from '@/lib/zoned-time.ts';

/** The schedule form's values, as the inputs hold them (wall-clock times in the barangay's zone). */
export interface ScheduleFormValues {
  shift: ScheduleShift;
  /** Day of a day or night shift, or the start day of a custom one (`yyyy-MM-dd`). */
  startDay: string;
  startTime: string;
  endDay: string;
  endTime: string;
  patrolAreaId: string;
  members: { tanodId: string; isLeader: boolean }[];
  repeat: boolean;
  weekdays: number[];
  until: string;
  notes: string;
}

type ScheduleField = 'shift' | 'period' | 'area' | 'members' | 'repeat' | 'notes' | 'form';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

export function emptyValues(day: string): ScheduleFormValues {
  return {
    shift: 'day',
    startDay: day,
    startTime: '06:00',
    endDay: day,
    endTime: '18:00',
    patrolAreaId: '',
    members: [],
    repeat: false,
    weekdays: [],
    until: '',
    notes: '',
  };
}

export function valuesFromSchedule(schedule: Schedule, timeZone: string): ScheduleFormValues {
  const start = isoToZonedParts(schedule.startsAt, timeZone);
  const end = isoToZonedParts(schedule.endsAt, timeZone);
  return {
    shift: schedule.shift,
    startDay: start.day,
    startTime: start.time,
    endDay: end.day,
    endTime: end.time,
    patrolAreaId: schedule.patrolArea._id,
    members: schedule.members.map((member) => ({ tanodId: member._id, isLeader: member.isLeader })),
    repeat: false,
    weekdays: [],
    until: '',
    notes: schedule.notes ?? '',
  };
}

/**
 * Checks the browser can make before asking the server, which checks again and decides conflicts.
 * The messages are in the language on screen when the form is sent.
 */
export function checkValues(values: ScheduleFormValues): ScheduleErrors {
  const errors: ScheduleErrors = {};
  if (!values.startDay) errors.period = t`Choose the day`;
  else if (values.shift === 'custom') {
    if (!values.startTime || !values.endDay || !values.endTime) errors.period = t`Choose the start and the end`;
    else if (`${values.endDay}T${values.endTime}` <= `${values.startDay}T${values.startTime}`) errors.period = t`The end must be after the start`;
  }
  if (!values.patrolAreaId) errors.area = t`Choose a patrol area`;
  if (values.members.length === 0) errors.members = t`Choose at least one member`;
  else if (values.members.length >= 2 && values.members.filter((member) => member.isLeader).length !== 1) {
    errors.members = t`Choose exactly one team leader`;
  }
  if (values.repeat) {
    if (values.weekdays.length === 0) errors.repeat = t`Choose at least one weekday`;
    else if (!values.until) errors.repeat = t`Choose the last day of the repeat`;
    else if (values.until < values.startDay) errors.repeat = t`The last day must not be before the first`;
  }
  return errors;
}

function startsAt(values: ScheduleFormValues, timeZone: string): string {
  // Day and night shifts take their hours from the server; noon names the calendar day safely.
  return zonedToIso(values.startDay, values.shift === 'custom' ? values.startTime : '12:00', timeZone);
}

/** A single member leads on their own; otherwise the chosen leader. */
function membersOf(values: ScheduleFormValues) {
  return values.members.map((member) => ({ tanodId: member.tanodId, isLeader: values.members.length === 1 ? true : member.isLeader }));
}

export function toCreateRequest(values: ScheduleFormValues, timeZone: string): CreateScheduleRequest {
  return {
    shift: values.shift,
    startsAt: startsAt(values, timeZone),
    endsAt: values.shift === 'custom' ? zonedToIso(values.endDay, values.endTime, timeZone) : undefined,
    patrolAreaId: values.patrolAreaId,
    members: membersOf(values),
    notes: values.notes.trim() || undefined,
    repeat: values.repeat ? { weekdays: [...values.weekdays].sort(), until: values.until } : undefined,
  };
}

export function toUpdateRequest(values: ScheduleFormValues, timeZone: string): UpdateScheduleRequest {
  const body: UpdateScheduleRequest = {
    shift: values.shift,
    startsAt: startsAt(values, timeZone),
    patrolAreaId: values.patrolAreaId,
    members: membersOf(values),
    notes: values.notes.trim() || null,
  };
  if (values.shift === 'custom') body.endsAt = zonedToIso(values.endDay, values.endTime, timeZone);
  return body;
}

/** Which form field a server field path belongs to. */
function fieldOf(path: string): ScheduleField {
  const head = path.split('.')[0] ?? '';
  if (head === 'startsAt' || head === 'endsAt') return 'period';
  if (head === 'patrolAreaId') return 'area';
  if (head === 'members' || head === 'shift' || head === 'repeat' || head === 'notes') return head;
  return 'form';
}

/**
 * The server's refusal next to the field it is about: a conflict names the other schedule and the
 * tanod (members) or the area, with `fields` pointing at it; other refusals go by their fields.
 */
export function serverErrors(error: unknown): ScheduleErrors {
  if (!(error instanceof ApiError)) return { form: t`Could not save the schedule. Try again.` };
  if (error.fields.length === 0) {
    return { [error.code === 'schedule_conflict' ? 'period' : 'form']: error.message };
  }
  const errors: ScheduleErrors = {};
  for (const field of error.fields) errors[fieldOf(field.field)] ??= field.message;
  return errors;
}
