import { dayKey, formatTime, formatZoned, shiftDay } from '@/lib/zoned-time.ts';

/** "Today", "Tomorrow", "Yesterday" or "Wed, Nov 25": the day of an instant in the barangay's zone. */
export function dayLabel(instant: string, today: string, timeZone: string): string {
  const day = dayKey(instant, timeZone);
  if (day === today) return 'Today';
  if (day === shiftDay(today, 1, timeZone)) return 'Tomorrow';
  if (day === shiftDay(today, -1, timeZone)) return 'Yesterday';
  return formatZoned(instant, 'EEE, MMM d', timeZone);
}

/** "Today 6:00 PM", "Tomorrow 6:00 AM": a time with its day. */
export const dayAndTime = (instant: string, today: string, timeZone: string) => `${dayLabel(instant, today, timeZone)} ${formatTime(instant, timeZone)}`;

/** "in 2 h 5 min", "in 40 min", "3 h 10 min ago": a span between now and an instant, to the minute. */
export function relativeSpan(instant: string, now: number): string {
  const diff = Date.parse(instant) - now;
  const total = Math.max(1, Math.round(Math.abs(diff) / 60_000));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  const text =
    days > 0 ? `${days} d${hours > 0 ? ` ${hours} h` : ''}` : hours > 0 ? `${hours} h${minutes > 0 ? ` ${minutes} min` : ''}` : `${minutes} min`;
  return diff >= 0 ? `in ${text}` : `${text} ago`;
}

/** "0.85" → "85%"; null → "—". */
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
