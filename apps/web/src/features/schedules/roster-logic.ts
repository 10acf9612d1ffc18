import { rosterQuerySchema, type ReportFormat } from '@bantay/shared';
import { formatZoned } from '@/lib/zoned-time.ts';

/** The roster export's periods (calendar days `YYYY-MM-DD` in the barangay's time zone). */

export type RosterPeriodKind = 'week' | 'month' | 'custom';

export interface RosterPeriod {
  from: string;
  to: string;
}

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);

/** The seven days from `firstDay` (the week the calendar shows). */
export function weekPeriod(firstDay: string): RosterPeriod {
  const end = utc(firstDay);
  end.setUTCDate(end.getUTCDate() + 6);
  return { from: firstDay, to: iso(end) };
}

/** The calendar month holding `day`, first to last day. */
export function monthPeriod(day: string): RosterPeriod {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return { from: `${day.slice(0, 7)}-01`, to: iso(new Date(Date.UTC(year, month, 0))) };
}

/** "June 2026" for the month holding `day`. */
export function monthLabel(day: string): string {
  return formatZoned(utc(`${day.slice(0, 7)}-01`), 'MMMM yyyy', 'UTC');
}

/** "Jun 1 – 7, 2026" or "May 28 – Jun 3, 2026". */
export function periodLabel(period: RosterPeriod): string {
  const from = utc(period.from);
  const to = utc(period.to);
  const day = (date: Date, withMonth: boolean) => formatZoned(date, withMonth ? 'MMM d' : 'd', 'UTC');
  const sameMonth = from.getUTCMonth() === to.getUTCMonth() && from.getUTCFullYear() === to.getUTCFullYear();
  return `${day(from, true)} – ${day(to, !sameMonth)}, ${to.getUTCFullYear()}`;
}

/** The download's path, or the first error of each field (the shared schema: at most 31 days). */
export function rosterRequest(period: RosterPeriod, format: ReportFormat): { path: string } | { errors: Record<string, string> } {
  const parsed = rosterQuerySchema.safeParse(period);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
    return { errors };
  }
  return { path: `/api/schedules/roster.${format}?from=${parsed.data.from}&to=${parsed.data.to}` };
}
