import type { IncidentStatus } from '@bantay/shared';
import { formatZoned } from '@/lib/zoned-time.ts';

/** How a report's status reads to the resident who made it. */
export const STATUS_LABELS: Record<IncidentStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
  false_alarm: 'False alarm',
};

/** The ticket lookup of the report page renders this (the contract with that page). */
export const ticketPath = (ticket: string) => `/Reportincidents?ticket=${encodeURIComponent(ticket)}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a report was made, short: 'Just now', 'N min ago' and 'N h ago' within the day (the
 * notification panel's scale), then the date and time in the barangay's timezone.
 */
export function reportedAgo(iso: string, now: Date, timeZone = 'Asia/Manila'): string {
  const at = new Date(iso);
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < 24 * HOUR) return `${Math.floor(elapsed / HOUR)} h ago`;
  return fullTime(iso, timeZone, at.getUTCFullYear() !== now.getUTCFullYear());
}

/** 'Mar 5, 3:45 PM' (with the year when it is not this year), in the barangay's timezone. */
export function fullTime(iso: string, timeZone = 'Asia/Manila', withYear = true): string {
  return formatZoned(iso, withYear ? 'MMM d, yyyy, h:mm a' : 'MMM d, h:mm a', timeZone);
}
