import type { IncidentEvent, IncidentStatus } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/full-name.ts';

/** Words and small rules of the staff incident screens, kept apart from the components to test them. */

export const STATUS_LABELS: Record<IncidentStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  resolved: 'Resolved',
  rejected: 'Rejected',
  false_alarm: 'False alarm',
};

/** Badge colours per status, readable in both themes. */
export const STATUS_BADGES: Record<IncidentStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200',
  in_progress: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-200',
  resolved: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200',
  rejected: 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200',
  false_alarm: 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200',
};

export const ARCHIVE_STATUSES: IncidentStatus[] = ['resolved', 'rejected', 'false_alarm'];
export const OPEN_STATUSES: IncidentStatus[] = ['pending', 'in_progress'];


/** How long ago, short enough for a queue row: "just now", "4 min", "2 h 5 min", "3 d". */
export function ageText(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d`;
}

/** A date and time in the reader's locale, Philippine style by default. */
export function dateTimeText(iso: string): string {
  return new Date(iso).toLocaleString('en-PH', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A compact date and time for table cells: the year only when it is not this year's. */
export function shortDateTime(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleString('en-PH', { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }), hour: 'numeric', minute: '2-digit' });
}

/** One line of the staff timeline. */
export function eventText(event: IncidentEvent): string {
  const actor = event.actor ? fullName(event.actor) : null;
  const subject = event.subject ? fullName(event.subject) : null;
  switch (event.kind) {
    case 'created':
      return 'Reported';
    case 'assigned':
      return `Assigned to ${subject ?? 'a tanod'}${actor ? ` by ${actor}` : ''}`;
    case 'responded':
      return `${subject ?? actor ?? 'A tanod'} responded`;
    case 'note':
      return `Note by ${actor ?? 'staff'}`;
    case 'assistance_requested':
      return `Backup requested${actor ? ` by ${actor}` : ''}`;
    case 'assistance_decided':
      return `Backup request decided${actor ? ` by ${actor}` : ''}`;
    case 'resolved':
      return `Resolved${actor ? ` by ${actor}` : ''}`;
    case 'rejected':
      return `Rejected${actor ? ` by ${actor}` : ''}`;
    case 'false_alarm':
      return `Marked a false alarm${actor ? ` by ${actor}` : ''}`;
    case 'rated':
      return 'The reporter rated the responder';
    case 'returned_to_queue':
      return `Back in the queue: ${subject ?? 'the responder'} was deactivated${actor ? ` by ${actor}` : ''}`;
  }
}

/**
 * The message for a failed step. The server's messages already say who took an incident or what
 * its status is now (409s); a lost connection gets the client's own words.
 */
export function stepErrorMessage(error: unknown, fallback = 'That did not work. Please try again.'): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

/** The field errors of a failed form call, by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.field, field.message]));
}
