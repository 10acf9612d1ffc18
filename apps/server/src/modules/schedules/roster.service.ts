import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { ROSTER_CSV_HEADER, type RosterQuery, type ScheduleShift } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { forbidden } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { currentLocale, translate } from '../../lib/i18n.ts';
import { dayIn, formatInZone, nextDay, startOfDayIn } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { getPublicSettings } from '../settings/index.ts';
import { findPatrolArea } from '../patrol-areas/index.ts';
import { findUserById } from '../users/index.ts';
import { renderRosterPdf } from './roster-pdf.ts';
import { listAreasByIds, listMembersOf, listSchedules } from './schedules.repository.ts';

/**
 * The duty roster (docs/decisions/019-incident-evidence-and-printouts.md): the shifts that start on
 * the chosen days, with area, hours, team leader and members, as CSV or a printable PDF. Not
 * audited, like the resources report: it holds names and hours every member sees on /Schedule.
 */

export interface RosterLine {
  /** The start's calendar day in the barangay's time zone, `YYYY-MM-DD`. */
  day: string;
  weekday: string;
  shift: string;
  start: string;
  /** `HH:mm`, with "(next day)" or the date when the shift ends on a later day. */
  end: string;
  hours: number;
  area: string;
  code: string;
  leader: string;
  /** The other members, by last name. */
  members: string[];
  notes: string;
}

export interface Roster {
  barangay: { name: string; abbreviation: string; logo: string | null };
  from: string;
  to: string;
  timeZone: string;
  generatedAt: Date;
  /** What the roster is narrowed to ("Purok 1", "Juan Dela Cruz"), if anything. */
  scope: string[];
  lines: RosterLine[];
}

export interface RosterFile {
  fileName: string;
  contentType: string;
  body: Buffer | string;
}

/** The roster is a document for the one who asked: its words and weekdays in the request's language (decision 029). */
const SHIFT_LABELS: Record<ScheduleShift, MessageDescriptor> = { day: msg`Day`, night: msg`Night`, custom: msg`Custom` };

function clock(timeZone: string, at: Date): string {
  return formatInZone(timeZone, at, 'HH:mm');
}

function endLabel(timeZone: string, startsAt: Date, endsAt: Date): string {
  const startDay = dayIn(timeZone, startsAt);
  const endDay = dayIn(timeZone, endsAt);
  if (endDay === startDay) return clock(timeZone, endsAt);
  const end = clock(timeZone, endsAt);
  if (endDay === nextDay(startDay)) return t`${end} (next day)`;
  return `${endDay} ${clock(timeZone, endsAt)}`;
}

const person = (member: { firstName: string; lastName: string }) => `${member.firstName} ${member.lastName}`;

/** Admins see every shift; a tanod their own (another tanod's id is refused, not quietly ignored). */
function tanodFilter(actor: Actor, query: RosterQuery): string | undefined {
  if (actor.userType === 'admin' || actor.userType === 'supadmin') return query.tanodId;
  if (actor.userType !== 'tanod') throw forbidden();
  if (query.tanodId && query.tanodId !== actor.id) throw forbidden(msg`A tanod prints their own roster only.`);
  return actor.id;
}

async function buildRoster(deps: AppDeps, actor: Actor, query: RosterQuery): Promise<Roster> {
  const tanodId = tanodFilter(actor, query);
  const settings = await getPublicSettings(deps);
  const timeZone = settings.timezone;
  const start = startOfDayIn(timeZone, query.from);
  const end = startOfDayIn(timeZone, nextDay(query.to));
  // Overlapping the days, then only those starting in them: a night shift belongs to the day it begins.
  const rows = (await listSchedules(deps.db, { from: start, to: end, tanodId, areaId: query.areaId })).filter((row) => row.startsAt >= start);
  const [members, areas] = await Promise.all([
    listMembersOf(
      deps.db,
      rows.map((row) => row.id),
    ),
    listAreasByIds(
      deps.db,
      rows.map((row) => row.patrolAreaId),
    ),
  ]);
  const areaNames = new Map(areas.map((area) => [area.id, area.name]));
  const lines = rows.map((row): RosterLine => {
    const crew = members
      .filter((member) => member.scheduleId === row.id)
      .sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
    const leader = crew.find((member) => member.isLeader);
    return {
      day: dayIn(timeZone, row.startsAt),
      weekday: formatInZone(timeZone, row.startsAt, 'EEE', currentLocale()),
      shift: translate(SHIFT_LABELS[row.shift]),
      start: clock(timeZone, row.startsAt),
      end: endLabel(timeZone, row.startsAt, row.endsAt),
      hours: Math.round(((row.endsAt.getTime() - row.startsAt.getTime()) / 3_600_000) * 10) / 10,
      area: areaNames.get(row.patrolAreaId) ?? t`Unknown area`,
      code: row.code,
      leader: leader ? person(leader) : '',
      members: crew.filter((member) => member !== leader).map(person),
      notes: row.notes ?? '',
    };
  });
  lines.sort((a, b) => a.day.localeCompare(b.day) || a.start.localeCompare(b.start) || a.area.localeCompare(b.area));

  const scope: string[] = [];
  if (query.areaId) scope.push((await findPatrolArea(deps.db, query.areaId))?.name ?? t`Unknown area`);
  if (tanodId) {
    const tanod = await findUserById(deps.db, tanodId);
    scope.push(tanod ? person(tanod) : t`Unknown tanod`);
  }
  return {
    barangay: { name: settings.name, abbreviation: settings.abbreviation, logo: settings.logo },
    from: query.from,
    to: query.to,
    timeZone,
    generatedAt: deps.clock.now(),
    scope,
    lines,
  };
}

function rosterCsv(roster: Roster): string {
  return toCsv([
    ROSTER_CSV_HEADER,
    ...roster.lines.map((line) => [line.day, line.weekday, line.shift, line.start, line.end, line.area, line.code, line.leader, line.members.join('; '), line.notes]),
  ]);
}

/** `GET /api/schedules/roster.csv` and `.pdf`. */
export async function generateRoster(deps: AppDeps, actor: Actor, query: RosterQuery, format: 'csv' | 'pdf'): Promise<RosterFile> {
  const roster = await buildRoster(deps, actor, query);
  const fileName = `roster-${query.from}-to-${query.to}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', body: rosterCsv(roster) };
  return { fileName, contentType: 'application/pdf', body: await renderRosterPdf(roster, deps.files) };
}
