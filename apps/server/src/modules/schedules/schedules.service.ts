import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import crypto from 'node:crypto';
import {
  PATROL_LIMITS,
  TICKET_ALPHABET,
  type CreateScheduleInput,
  type Schedule,
  type ScheduleListQuery,
  type ScheduleScope,
  type UpdateScheduleInput,
} from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import type { ScheduleRow } from '../../db/schema/index.ts';
import { inTransaction, type Tx } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { notify, type AfterCommit, type NotifyMessage } from '../notifications/index.ts';
import { getPublicSettings } from '../settings/index.ts';
import { findPatrolArea } from '../patrol-areas/index.ts';
import {
  deleteSchedules,
  findSchedule,
  insertSchedule,
  listMembersOf,
  listOverlapCandidates,
  listPatrolsOfSchedules,
  listSchedules,
  listSeriesFrom,
  listUsersByIds,
  lockSchedules,
  replaceMembers,
  updateScheduleRow,
} from './schedules.repository.ts';
import { presentSchedules } from './schedules.presenter.ts';
import { describeWindow, overlaps, repeatWindows, shiftWindow, type Window } from './shift-times.ts';

const DAY_MS = 86_400_000;

const conflict = (message: MessageDescriptor, field: string) => new AppError('schedule_conflict', message, { fields: [{ field, message }] });
const invalid = (message: MessageDescriptor, field: string) => new AppError('VALIDATION_FAILED', message, { fields: [{ field, message }] });

/** `SCH-` and six characters without look-alikes (the ticket alphabet). */
export function newScheduleCode(): string {
  const bytes = crypto.randomBytes(6);
  return `SCH-${[...bytes].map((byte) => TICKET_ALPHABET[byte % TICKET_ALPHABET.length]).join('')}`;
}

interface Member {
  tanodId: string;
  isLeader: boolean;
}

/**
 * The server's conflict rules (docs/product.md §4.6), checked on every window in order; the
 * first problem is named. Runs inside the schedules lock, so no other write can slip between the
 * check and the insert.
 */
async function assertNoConflicts(
  tx: Tx,
  input: { windows: Window[]; members: Member[]; areaId: string; excludeIds: string[]; timezone: string },
): Promise<void> {
  const { windows, members, timezone } = input;
  for (const window of windows) {
    if (window.endsAt <= window.startsAt) throw conflict(msg`The end must be after the start`, 'endsAt');
  }
  const area = await findPatrolArea(tx, input.areaId);
  if (!area) throw invalid(msg`Choose a patrol area`, 'patrolAreaId');
  const areaName = area.name;
  if (!area.active) throw invalid(msg`${areaName} is retired; choose another area`, 'patrolAreaId');

  const people = new Map((await listUsersByIds(tx, members.map((member) => member.tanodId))).map((user) => [user.id, user]));
  for (const member of members) {
    const person = people.get(member.tanodId);
    if (!person || person.userType !== 'tanod') throw conflict(msg`One of the members is not a tanod account`, 'members');
    const name = `${person.firstName} ${person.lastName}`;
    if (person.status !== 'active') throw conflict(msg`${name} is deactivated and cannot be scheduled`, 'members');
  }

  const candidates = await listOverlapCandidates(tx, {
    from: windows[0]!.startsAt,
    to: new Date(Math.max(...windows.map((window) => window.endsAt.getTime()))),
    tanodIds: members.map((member) => member.tanodId),
    areaId: input.areaId,
    excludeIds: input.excludeIds,
  });
  for (const [index, window] of windows.entries()) {
    const clash = candidates.find((candidate) => overlaps(window, candidate));
    if (!clash) continue;
    const when = describeWindow(clash, timezone);
    const code = clash.code;
    // With a repeat, the message first says which occurrence conflicts.
    const occurrence = describeWindow(window, timezone);
    const number = index + 1;
    const several = windows.length > 1;
    if (clash.tanodId) {
      const person = people.get(clash.tanodId)!;
      const name = `${person.firstName} ${person.lastName}`;
      throw conflict(
        several
          ? msg`The occurrence on ${occurrence} (number ${number}) conflicts: ${name} is already on ${code} (${when})`
          : msg`${name} is already on ${code} (${when})`,
        'members',
      );
    }
    throw conflict(
      several
        ? msg`The occurrence on ${occurrence} (number ${number}) conflicts: ${areaName} is already used by ${code} (${when})`
        : msg`${areaName} is already used by ${code} (${when})`,
      'patrolAreaId',
    );
  }
}

async function timezoneOf(deps: AppDeps): Promise<string> {
  return (await getPublicSettings(deps)).timezone;
}

function listRange(query: { from?: string; to?: string }, now: Date): { from: Date; to: Date } {
  const from = query.from ? new Date(query.from) : new Date(now.getTime() - 7 * DAY_MS);
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + 42 * DAY_MS);
  if (to <= from) throw invalid(msg`to must be after from`, 'to');
  // A range past the year 9999 (from 9999-12-31 plus the default 42 days) would reach the database
  // as "+010000-…", which PostgreSQL cannot read: refused here instead of failing there.
  if (to.getUTCFullYear() > 9999) throw invalid(msg`The range must end before the year 10000`, 'to');
  if (to.getTime() - from.getTime() > PATROL_LIMITS.scheduleRangeMaxDays * DAY_MS) {
    const days = PATROL_LIMITS.scheduleRangeMaxDays;
    throw invalid(msg`The range may span at most ${days} days`, 'to');
  }
  return { from, to };
}

export async function listSchedulesFor(deps: AppDeps, query: ScheduleListQuery): Promise<Schedule[]> {
  const now = deps.clock.now();
  const rows = await listSchedules(deps.db, { ...listRange(query, now), tanodId: query.tanodId, areaId: query.areaId });
  return presentSchedules(deps.db, rows, now);
}

export async function listMySchedules(deps: AppDeps, actor: Actor, query: { from?: string; to?: string }): Promise<Schedule[]> {
  const now = deps.clock.now();
  const rows = await listSchedules(deps.db, { ...listRange(query, now), tanodId: actor.id });
  return presentSchedules(deps.db, rows, now);
}

/**
 * "SCH-7K3F9Q (Purok 1, Mon 25 Nov 06:00–18:00)", or the first of a series and its count, in the
 * language being written (decision 029: notifyMembers builds it once per language).
 */
function describeSchedules(rows: ScheduleRow[], areaName: string, timezone: string): string {
  const first = rows[0]!;
  const code = first.code;
  const window = describeWindow(first, timezone);
  const more = rows.length - 1;
  if (more === 0) return `${code} (${areaName}, ${window})`;
  return t`${code} (${areaName}, ${window}) and ${plural(more, { one: '# more occurrence', other: '# more occurrences' })}`;
}

async function notifyMembers(
  deps: AppDeps,
  tx: Tx,
  afterCommit: AfterCommit,
  tanodIds: string[],
  message: NotifyMessage,
  scheduleId: string,
): Promise<void> {
  if (tanodIds.length === 0) return;
  await notify(deps, tx, afterCommit, { userIds: tanodIds }, { message, kind: 'schedule.changed', entity: { type: 'schedule', id: scheduleId } });
}

function publishChanged(deps: AppDeps, afterCommit: AfterCommit, rows: { id: string; updatedAt: Date }[]): void {
  afterCommit(() => {
    for (const row of rows) deps.events.publish('schedule.updated', { id: row.id, updatedAt: row.updatedAt });
  });
}

/** `POST /api/schedules`: one schedule, or one per occurrence of a repeat, all or none. */
export async function createSchedules(deps: AppDeps, actor: Actor, input: CreateScheduleInput): Promise<Schedule[]> {
  const timezone = await timezoneOf(deps);
  const now = deps.clock.now();
  if (input.shift === 'custom' && !input.endsAt) throw invalid(msg`Choose when the shift ends`, 'endsAt');
  const first = shiftWindow(input.shift, new Date(input.startsAt), input.endsAt ? new Date(input.endsAt) : undefined, timezone);
  let windows = [first];
  if (input.repeat) {
    windows = repeatWindows(first, input.repeat, timezone, PATROL_LIMITS.repeatMaxOccurrences);
    if (windows.length === 0) throw invalid(msg`None of the chosen weekdays falls between the start and the last day`, 'repeat');
    if (windows.length > PATROL_LIMITS.repeatMaxOccurrences) {
      const max = PATROL_LIMITS.repeatMaxOccurrences;
      throw invalid(msg`A repeat may create at most ${max} schedules; choose an earlier last day`, 'repeat.until');
    }
  }
  const members = input.members.length === 1 ? [{ ...input.members[0]!, isLeader: true }] : input.members;
  const seriesId = windows.length > 1 ? crypto.randomUUID() : null;

  const created = await inTransaction(deps.db, async (tx, afterCommit) => {
    await lockSchedules(tx);
    await assertNoConflicts(tx, { windows, members, areaId: input.patrolAreaId, excludeIds: [], timezone });
    const rows: ScheduleRow[] = [];
    for (const window of windows) {
      let row: ScheduleRow | undefined;
      for (let attempt = 0; !row && attempt < 5; attempt += 1) {
        row = await insertSchedule(tx, {
          code: newScheduleCode(),
          shift: input.shift,
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          patrolAreaId: input.patrolAreaId,
          seriesId,
          notes: input.notes || null,
          createdAt: now,
          updatedAt: now,
        });
      }
      if (!row) throw new Error('could not draw a free schedule code in 5 attempts');
      await replaceMembers(tx, row.id, members);
      rows.push(row);
    }
    const area = (await findPatrolArea(tx, input.patrolAreaId))!;
    // Each tanod reads it in their language (decision 029): the text is built once per language.
    const added = () => {
      const what = describeSchedules(rows, area.name, timezone);
      return msg`You were added to patrol schedule ${what}`;
    };
    await notifyMembers(deps, tx, afterCommit, members.map((member) => member.tanodId), added, rows[0]!.id);
    await appendAuditEntry(tx, {
      actor,
      action: 'create',
      entity: 'schedule',
      entityId: rows[0]!.id,
      after: { codes: rows.map((row) => row.code), areaId: input.patrolAreaId, members: members.map((member) => member.tanodId) },
      at: now,
    });
    publishChanged(deps, afterCommit, rows);
    return rows;
  });
  return presentSchedules(deps.db, created, now);
}

/** The schedules an edit or delete with this scope acts on: one, or it and the later ones of its series. */
async function scopedSchedules(tx: Tx, target: ScheduleRow, scope: ScheduleScope): Promise<ScheduleRow[]> {
  if (scope === 'one' || !target.seriesId) return [target];
  return listSeriesFrom(tx, target.seriesId, target.startsAt);
}

/** `PATCH /api/schedules/{id}?scope=one|future`. */
export async function updateSchedules(deps: AppDeps, actor: Actor, id: string, scope: ScheduleScope, input: UpdateScheduleInput): Promise<Schedule[]> {
  const timezone = await timezoneOf(deps);
  const now = deps.clock.now();
  const updated = await inTransaction(deps.db, async (tx, afterCommit) => {
    await lockSchedules(tx);
    const target = await findSchedule(tx, id);
    if (!target) throw notFound(msg`Schedule not found`);
    const code = target.code;
    if (target.endsAt <= now) throw new AppError('UNPROCESSABLE', msg`${code} is completed and cannot be changed`);
    const targets = (await scopedSchedules(tx, target, scope)).filter((row) => row.endsAt > now);

    // A new time moves every targeted occurrence by the same amount and gives it the same length.
    const shift = input.shift ?? target.shift;
    const timesChanged = input.shift !== undefined || input.startsAt !== undefined || input.endsAt !== undefined;
    const moved = shiftWindow(
      shift,
      input.startsAt ? new Date(input.startsAt) : target.startsAt,
      input.endsAt ? new Date(input.endsAt) : target.endsAt,
      timezone,
    );
    const delta = moved.startsAt.getTime() - target.startsAt.getTime();
    const length = moved.endsAt.getTime() - moved.startsAt.getTime();
    const windowOf = (row: ScheduleRow): Window => {
      if (!timesChanged) return row;
      const startsAt = new Date(row.startsAt.getTime() + delta);
      return { startsAt, endsAt: new Date(startsAt.getTime() + length) };
    };

    const oldMembers = await listMembersOf(tx, targets.map((row) => row.id));
    const targetMembers = oldMembers.filter((member) => member.scheduleId === target.id);
    const members: Member[] = input.members
      ? input.members.length === 1
        ? [{ ...input.members[0]!, isLeader: true }]
        : input.members
      : targetMembers.map(({ tanodId, isLeader }) => ({ tanodId, isLeader }));
    const areaId = input.patrolAreaId ?? target.patrolAreaId;

    const patrols = await listPatrolsOfSchedules(tx, targets.map((row) => row.id));
    if (input.members) {
      const kept = new Set(members.map((member) => member.tanodId));
      const started = patrols.find((patrol) => !kept.has(patrol.tanodId));
      if (started) throw conflict(msg`A member who already has a patrol record on this schedule cannot be removed`, 'members');
    }
    if (timesChanged && patrols.some((patrol) => patrol.startedAt)) {
      throw conflict(msg`The times of a schedule whose patrol has started cannot change`, 'startsAt');
    }

    await assertNoConflicts(tx, { windows: targets.map(windowOf), members, areaId, excludeIds: targets.map((row) => row.id), timezone });

    const rows: ScheduleRow[] = [];
    for (const row of targets) {
      const window = windowOf(row);
      rows.push(
        await updateScheduleRow(tx, row.id, {
          shift,
          startsAt: window.startsAt,
          endsAt: window.endsAt,
          patrolAreaId: areaId,
          ...(input.notes === undefined ? {} : { notes: input.notes || null }),
          // A moved schedule deserves a fresh reminder.
          ...(timesChanged ? { reminderSentAt: null } : {}),
          updatedAt: now,
        }),
      );
      if (input.members) await replaceMembers(tx, row.id, members);
    }

    const area = (await findPatrolArea(tx, areaId))!;
    const describe = () => describeSchedules(rows, area.name, timezone);
    const before = new Set(targetMembers.map((member) => member.tanodId));
    const after = new Set(members.map((member) => member.tanodId));
    const added = [...after].filter((tanodId) => !before.has(tanodId));
    const removed = [...before].filter((tanodId) => !after.has(tanodId));
    const stayed = [...after].filter((tanodId) => before.has(tanodId));
    // Each tanod reads it in their language (decision 029): the text is built once per language.
    await notifyMembers(deps, tx, afterCommit, added, () => {
      const what = describe();
      return msg`You were added to patrol schedule ${what}`;
    }, target.id);
    await notifyMembers(deps, tx, afterCommit, removed, () => {
      const what = describe();
      return msg`You were removed from patrol schedule ${what}`;
    }, target.id);
    await notifyMembers(deps, tx, afterCommit, stayed, () => {
      const what = describe();
      return msg`Your patrol schedule changed: ${what}`;
    }, target.id);
    await appendAuditEntry(tx, {
      actor,
      action: 'update',
      entity: 'schedule',
      entityId: target.id,
      before: { startsAt: target.startsAt.toISOString(), endsAt: target.endsAt.toISOString(), areaId: target.patrolAreaId, members: [...before] },
      after: { scope, codes: rows.map((row) => row.code), areaId, members: [...after] },
      at: now,
    });
    publishChanged(deps, afterCommit, rows);
    return rows;
  });
  return presentSchedules(deps.db, updated, now);
}

/** `DELETE /api/schedules/{id}?scope=one|future`: schedules with patrol records stay (history). */
export async function deleteSchedulesInScope(deps: AppDeps, actor: Actor, id: string, scope: ScheduleScope): Promise<string[]> {
  const timezone = await timezoneOf(deps);
  const now = deps.clock.now();
  return inTransaction(deps.db, async (tx, afterCommit) => {
    await lockSchedules(tx);
    const target = await findSchedule(tx, id);
    if (!target) throw notFound(msg`Schedule not found`);
    const targets = await scopedSchedules(tx, target, scope);
    const patrols = await listPatrolsOfSchedules(tx, targets.map((row) => row.id));
    if (patrols.length > 0) {
      const code = targets.find((row) => row.id === patrols[0]!.scheduleId)!.code;
      throw new AppError('CONFLICT', msg`${code} has patrol records and cannot be deleted`);
    }
    const members = await listMembersOf(tx, targets.map((row) => row.id));
    const area = await findPatrolArea(tx, target.patrolAreaId);
    const upcoming = targets.filter((row) => row.endsAt > now);
    await deleteSchedules(tx, targets.map((row) => row.id));
    if (upcoming.length > 0) {
      const tanodIds = [...new Set(members.filter((member) => upcoming.some((row) => row.id === member.scheduleId)).map((member) => member.tanodId))];
      const cancelled = () => {
        const what = describeSchedules(upcoming, area?.name ?? t`area`, timezone);
        return msg`Patrol schedule cancelled: ${what}`;
      };
      await notifyMembers(deps, tx, afterCommit, tanodIds, cancelled, target.id);
    }
    await appendAuditEntry(tx, { actor, action: 'delete', entity: 'schedule', entityId: target.id, before: { scope, codes: targets.map((row) => row.code) }, at: now });
    publishChanged(deps, afterCommit, targets.map((row) => ({ id: row.id, updatedAt: now })));
    return targets.map((row) => row.id);
  });
}
