import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import type { ChatMessage, ChatParticipant } from './message-types.ts';
import { formatZoned } from '@/lib/zoned-time.ts';

/*
 * Dates and status lines, shown in the barangay's time zone (architecture: store UTC, show
 * Asia/Manila or the configured zone). Kept apart from message-logic.ts so the always-loaded
 * top-bar button does not carry them; only the panel and the dialog chunks do. Each is called
 * while the panel or the dialog renders, so the global `t` reads the language on screen.
 */

function dayKey(date: Date, timeZone?: string): string {
  return formatZoned(date, 'yyyy-MM-dd', timeZone);
}

function previousDayKey(key: string): string {
  const [y, m, d] = key.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d - 1));
  return date.toISOString().slice(0, 10);
}

/** Whether the instant falls today or yesterday in the zone (null for any other day). */
function recentDay(iso: string, now: Date, timeZone?: string): 'today' | 'yesterday' | null {
  const key = dayKey(new Date(iso), timeZone);
  const today = dayKey(now, timeZone);
  if (key === today) return 'today';
  if (key === previousDayKey(today)) return 'yesterday';
  return null;
}

/** docs/product.md §A2: 'Today', 'Yesterday', or the full weekday and date. */
export function dayLabel(iso: string, now: Date = new Date(), timeZone?: string): string {
  const recent = recentDay(iso, now, timeZone);
  if (recent === 'today') return t`Today`;
  if (recent === 'yesterday') return t`Yesterday`;
  return formatZoned(new Date(iso), 'EEEE, MMMM d, yyyy', timeZone);
}

export interface DayGroup {
  key: string;
  label: string;
  messages: ChatMessage[];
}

/** Messages (oldest first) grouped by calendar day. */
export function groupByDay(messages: ChatMessage[], now: Date = new Date(), timeZone?: string): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const message of messages) {
    const key = dayKey(new Date(message.createdAt), timeZone);
    const last = groups[groups.length - 1];
    if (last && last.key === key) last.messages.push(message);
    else groups.push({ key, label: dayLabel(message.createdAt, now, timeZone), messages: [message] });
  }
  return groups;
}

export function timeOfDay(iso: string, timeZone?: string): string {
  return formatZoned(iso, 'h:mm a', timeZone);
}

/** The panel row's time: the time today, 'Yesterday', the weekday this week, else the date. */
export function rowTime(iso: string, now: Date = new Date(), timeZone?: string): string {
  const recent = recentDay(iso, now, timeZone);
  if (recent === 'today') return timeOfDay(iso, timeZone);
  if (recent === 'yesterday') return t`Yesterday`;
  const date = new Date(iso);
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  return formatZoned(date, days < 6 ? 'EEE' : 'MMM d', timeZone);
}

const USER_TYPE_LABELS: Record<string, MessageDescriptor> = {
  tanod: msg`Tanod`,
  admin: msg`Admin`,
  supadmin: msg`Super admin`,
  resident: msg`Resident`,
};

/** docs/product.md §A2: 'Online', 'Last seen {date}', or the user type when nothing is known. */
export function statusText(
  person: Pick<ChatParticipant, 'isOnline' | 'lastActive' | 'userType'>,
  now: Date = new Date(),
  timeZone?: string,
): string {
  if (person.isOnline) return t`Online`;
  if (person.lastActive) {
    const recent = recentDay(person.lastActive, now, timeZone);
    const time = timeOfDay(person.lastActive, timeZone);
    if (recent === 'today') return t`Last seen today at ${time}`;
    if (recent === 'yesterday') return t`Last seen yesterday at ${time}`;
    const date = formatZoned(person.lastActive, 'MMM d, yyyy', timeZone);
    return t`Last seen ${date}`;
  }
  return userTypeLabel(person.userType);
}

export function userTypeLabel(userType: string): string {
  const label = USER_TYPE_LABELS[userType];
  return label ? i18n._(label) : userType;
}
