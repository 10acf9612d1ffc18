import { plural, t } from '@lingui/core/macro';
import { createReportDocument, drawFooters, drawReportHeader, loadLogo } from '../../lib/pdf/document.ts';
import { drawTable } from '../../lib/pdf/tables.ts';
import { drawParagraph, drawWrappedTable } from '../../lib/pdf/wrapped-table.ts';
import { currentLocale } from '../../lib/i18n.ts';
import { formatInZone, nextDay } from '../../lib/time-zone.ts';
import type { Roster, RosterLine } from './roster.service.ts';
import { storedImageReader, type FileStore } from '../files/index.ts';

/** "Monday, June 1, 2026" ("Lunes, Hunyo 1, 2026") for a calendar day `YYYY-MM-DD`. */
function longDay(day: string): string {
  return formatInZone('UTC', new Date(`${day}T12:00:00Z`), 'EEEE, MMMM d, yyyy', currentLocale());
}

function shortDay(day: string): string {
  return formatInZone('UTC', new Date(`${day}T12:00:00Z`), 'EEE, MMM d', currentLocale());
}

function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}

/** Shifts, hours and leader turns per tanod over the period, by name. */
function perTanod(lines: RosterLine[]) {
  const tally = new Map<string, { shifts: number; hours: number; leader: number }>();
  for (const line of lines) {
    for (const name of [line.leader, ...line.members].filter(Boolean)) {
      const entry = tally.get(name) ?? { shifts: 0, hours: 0, leader: 0 };
      entry.shifts += 1;
      entry.hours += line.hours;
      if (name === line.leader) entry.leader += 1;
      tally.set(name, entry);
    }
  }
  return [...tally.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, entry]) => [name, entry.shifts, Math.round(entry.hours * 10) / 10, entry.leader]);
}

/**
 * The roster as an A4 landscape PDF to post on the wall: the shifts by day (area, hours, team
 * leader, members, notes, every name in full), the days without a shift, and each tanod's shifts,
 * hours and turns as team leader. Written in the request's language, days included (decision 029).
 */
export async function renderRosterPdf(roster: Roster, files: FileStore): Promise<Buffer> {
  const logo = await loadLogo(roster.barangay.logo, storedImageReader(files));
  const { from, to, timeZone } = roster;
  const title = t`Duty roster`;
  const { doc, bytes } = createReportDocument({ title: t`Duty roster ${from} to ${to}`, author: roster.barangay.name, createdAt: roster.generatedAt });
  const scope = roster.scope.length > 0 ? ` · ${roster.scope.join(' · ')}` : '';
  const first = longDay(from);
  const last = longDay(to);
  const generated = formatInZone(timeZone, roster.generatedAt, undefined, currentLocale());
  const shifts = roster.lines.length;
  drawReportHeader(doc, roster.barangay, logo, `${title}${scope}`, [
    t`${first} to ${last} (${timeZone}) · ${plural(shifts, { one: '# shift', other: '# shifts' })}`,
    t`Generated at ${generated} (${timeZone})`,
  ]);
  const days = daysOf(roster.from, roster.to);
  const empty = days.filter((day) => !roster.lines.some((line) => line.day === day));
  if (roster.lines.length === 0) {
    drawParagraph(doc, t`No shifts are scheduled on these days.`, { muted: true, italic: true });
  } else {
    const emptyDays = empty.map(shortDay).join('; ');
    if (empty.length > 0) drawParagraph(doc, t`No shift on ${emptyDays}.`, { muted: true });
    // One table, the day named on its first shift: a week fits a page or two, a month a handful.
    drawWrappedTable(doc, {
      header: [t`Day`, t`Shift`, t`Time`, t`Area`, t`Schedule`, t`Team leader`, t`Members`, t`Notes`],
      weights: [1.05, 0.6, 1.35, 1.2, 1.0, 1.3, 2.6, 1.7],
      grouped: true,
      rows: roster.lines.map((line, index) => [
        index > 0 && roster.lines[index - 1]!.day === line.day ? '' : shortDay(line.day),
        line.shift,
        `${line.start}–${line.end}`,
        line.area,
        line.code,
        line.leader || '—',
        line.members.join(', ') || '—',
        line.notes,
      ]),
    });
    drawTable(doc, { title: t`Shifts per tanod`, header: [t`Tanod`, t`Shifts`, t`Hours`, t`As team leader`], numeric: [false, true, true, true], rows: perTanod(roster.lines) });
  }
  const barangay = roster.barangay.name;
  drawFooters(doc, t`${barangay} · Duty roster · ${from} to ${to}`);
  doc.end();
  return bytes;
}
