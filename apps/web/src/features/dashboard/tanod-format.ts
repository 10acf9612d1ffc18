import { t } from '@lingui/core/macro';
import { dayKey, formatTime, formatZoned, shiftDay } from '@/lib/zoned-time.ts';

/*
 * The tanod dashboard's wording. Each helper is called while a card renders, so the global `t`
 * reads the language on screen (docs/product.md §12).
 */

/** "Today", "Tomorrow", "Yesterday" or "Wed, Nov 25": the day of an instant in the barangay's zone. */
export function dayLabel(instant: string, today: string, timeZone: string): string {
  const day = dayKey(instant, timeZone);
  if (day === today) return t`Today`;
  if (day === shiftDay(today, 1, timeZone)) return t`Tomorrow`;
  if (day === shiftDay(today, -1, timeZone)) return t`Yesterday`;
  return formatZoned(instant, 'EEE, MMM d', timeZone);
}

/** "Today 6:00 PM", "Tomorrow 6:00 AM": a time with its day. */
export function dayAndTime(instant: string, today: string, timeZone: string): string {
  const day = dayLabel(instant, today, timeZone);
  return `${day} ${formatTime(instant, timeZone)}`;
}

/** "2 h 5 min", "40 min", "1 d 2 h": how long from now to an instant (or back), to the minute. */
export function spanText(instant: string, now: number): string {
  const total = Math.max(1, Math.round(Math.abs(Date.parse(instant) - now) / 60_000));
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const minutes = total % 60;
  if (days > 0) return hours > 0 ? t`${days} d ${hours} h` : t`${days} d`;
  if (hours > 0) return minutes > 0 ? t`${hours} h ${minutes} min` : t`${hours} h`;
  return t`${minutes} min`;
}

/** "in 2 h 5 min", "in 40 min", "3 h 10 min ago": a span between now and an instant, to the minute. */
export function relativeSpan(instant: string, now: number): string {
  const span = spanText(instant, now);
  return Date.parse(instant) - now >= 0 ? t`in ${span}` : t`${span} ago`;
}

/** "0.85" → "85%"; null → "—". */
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
