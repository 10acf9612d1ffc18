import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { IncidentStatus } from '@bantay/shared';
import { DEFAULT_TIMEZONE, formatZoned } from '@/lib/zoned-time.ts';

/** How a report's status reads to the resident who made it; translated where it is shown. */
export const STATUS_LABELS: Record<IncidentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  in_progress: msg`In progress`,
  resolved: msg`Resolved`,
  rejected: msg`Rejected`,
  false_alarm: msg`False alarm`,
};

/** The ticket lookup of the report page renders this (the contract with that page). */
export const ticketPath = (ticket: string) => `/Reportincidents?ticket=${encodeURIComponent(ticket)}`;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * When a report was made, short: 'Just now', 'N min ago' and 'N h ago' within the day (the
 * notification panel's scale), then the date and time in the barangay's timezone.
 */
export function reportedAgo(iso: string, now: Date, timeZone = DEFAULT_TIMEZONE): string {
  const at = new Date(iso);
  const elapsed = now.getTime() - at.getTime();
  if (elapsed < MINUTE) return t`Just now`;
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return t`${minutes} min ago`;
  }
  if (elapsed < 24 * HOUR) {
    const hours = Math.floor(elapsed / HOUR);
    return t`${hours} h ago`;
  }
  return fullTime(iso, timeZone, at.getUTCFullYear() !== now.getUTCFullYear());
}

/** 'Mar 5, 3:45 PM' (with the year when it is not this year), in the barangay's timezone. */
export function fullTime(iso: string, timeZone = DEFAULT_TIMEZONE, withYear = true): string {
  return formatZoned(iso, withYear ? 'MMM d, yyyy, h:mm a' : 'MMM d, h:mm a', timeZone);
}
