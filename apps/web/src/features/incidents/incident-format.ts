import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { IncidentDetail, IncidentEvent, IncidentStatus, StaffPerson } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/full-name.ts';
import { currentIntlTag } from '@/lib/i18n.ts';

/**
 * Words and small rules of the staff incident screens, kept apart from the components to test them.
 * The texts are in the language on screen (docs/decisions/029-languages.md): the helpers below read
 * it when called, during a render.
 */

/** Each status's name on screen; translate at render (`t(STATUS_LABELS[status])`). */
export const STATUS_LABELS: Record<IncidentStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  in_progress: msg`In progress`,
  resolved: msg`Resolved`,
  rejected: msg`Rejected`,
  false_alarm: msg`False alarm`,
};

/** Badge colours per status, readable in both themes (class names: `as const`, not prose). */
export const STATUS_BADGES = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-200' as const,
  in_progress: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-200' as const,
  resolved: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-200' as const,
  rejected: 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200' as const,
  false_alarm: 'bg-slate-200 text-slate-800 dark:bg-slate-700/60 dark:text-slate-200' as const,
} satisfies Record<IncidentStatus, string>;

export const ARCHIVE_STATUSES: IncidentStatus[] = ['resolved', 'rejected', 'false_alarm'];


/** How long ago, short enough for a queue row: "just now", "4 min", "2 h 5 min", "3 d". */
export function ageText(iso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 1) return t`just now`;
  if (minutes < 60) return t`${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 24) return rest === 0 ? t`${hours} h` : t`${hours} h ${rest} min`;
  const days = Math.floor(hours / 24);
  return t`${days} d`;
}

/** A date and time in the language on screen, Philippine style. */
export function dateTimeText(iso: string): string {
  return new Date(iso).toLocaleString(currentIntlTag(), { dateStyle: 'medium', timeStyle: 'short' });
}

/** A compact date and time for table cells: the year only when it is not this year's. */
export function shortDateTime(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  return date.toLocaleString(currentIntlTag(), { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }), hour: 'numeric', minute: '2-digit' });
}

/** One line of the staff timeline: each wording whole, with or without who did it. */
export function eventText(event: IncidentEvent): string {
  const actor = event.actor ? fullName(event.actor) : null;
  const subject = event.subject ? fullName(event.subject) : null;
  switch (event.kind) {
    case 'created':
      return t`Reported`;
    case 'assigned':
      if (subject) return actor ? t`Assigned to ${subject} by ${actor}` : t`Assigned to ${subject}`;
      return actor ? t`Assigned to a tanod by ${actor}` : t`Assigned to a tanod`;
    case 'responded': {
      const name = subject ?? actor;
      return name ? t`${name} responded` : t`A tanod responded`;
    }
    case 'note':
      return actor ? t`Note by ${actor}` : t`Note by staff`;
    case 'assistance_requested':
      return actor ? t`Backup requested by ${actor}` : t`Backup requested`;
    case 'assistance_decided':
      return actor ? t`Backup request decided by ${actor}` : t`Backup request decided`;
    case 'resolved':
      return actor ? t`Resolved by ${actor}` : t`Resolved`;
    case 'rejected':
      return actor ? t`Rejected by ${actor}` : t`Rejected`;
    case 'false_alarm':
      return actor ? t`Marked a false alarm by ${actor}` : t`Marked a false alarm`;
    case 'rated':
      return t`The reporter rated the responder`;
    case 'returned_to_queue':
      if (subject) return actor ? t`Back in the queue: ${subject} was deactivated by ${actor}` : t`Back in the queue: ${subject} was deactivated`;
      return actor ? t`Back in the queue: the responder was deactivated by ${actor}` : t`Back in the queue: the responder was deactivated`;
  }
}

/** Who resolved an incident, and when when it is known: "By Juan Dela Cruz, Jun 3, 2026, 12:00 PM". */
export function resolvedByText(person: StaffPerson, at: string | null | undefined): string {
  const name = fullName(person);
  if (!at) return t`By ${name}`;
  const when = dateTimeText(at);
  return t`By ${name}, ${when}`;
}

/**
 * The message for a failed step. The server's messages already say who took an incident or what
 * its status is now (409s); a lost connection gets the client's own words.
 */
export function stepErrorMessage(error: unknown, fallback?: string): string {
  const otherwise = fallback ?? t`That did not work. Please try again.`;
  if (error instanceof ApiError) return error.message || otherwise;
  return otherwise;
}

/** The field errors of a failed form call, by field name. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(error.fields.map((field) => [field.field, field.message]));
}

/**
 * The number to call back first: a missed-call SOS's caller (docs/decisions/032-the-text-line.md),
 * whose report has no words. Null for every other report, whose reporter's number is a plain link.
 */
export function callbackNumber(incident: Pick<IncidentDetail, 'source' | 'reporter'>): string | null {
  return incident.source === 'missed_call' ? incident.reporter.phoneNumber : null;
}
