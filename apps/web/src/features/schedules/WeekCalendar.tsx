import { format } from 'date-fns';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TZDate } from '@date-fns/tz';
import type { Schedule } from '@bantay/shared';
import { dayKey, formatTimes, formatZoned } from '@/lib/zoned-time.ts';
import { AreaTag, MemberNames, SHIFT_LABEL } from './schedule-parts.tsx';

/**
 * A week of schedules, one column per day on wide screens and one row per day on phones. A night
 * shift sits on the day it starts.
 */
export function WeekCalendar({
  days,
  schedules,
  timeZone,
  today,
  onOpen,
}: {
  days: TZDate[];
  schedules: Schedule[];
  timeZone: string;
  today: string;
  onOpen(schedule: Schedule): void;
}) {
  const { t } = useLingui();
  return (
    <div className="grid gap-2 md:grid-cols-7" data-testid="week-calendar">
      {days.map((day) => {
        const key = format(day, 'yyyy-MM-dd');
        const items = schedules.filter((schedule) => dayKey(schedule.startsAt, timeZone) === key);
        const isToday = key === today;
        return (
          <section key={key} aria-label={formatZoned(day, 'EEEE, MMMM d', timeZone)} className={`min-w-0 rounded-xl border bg-surface p-2 ${isToday ? 'border-brand-600' : 'border-line'}`}>
            <h3 className={`mb-2 text-sm font-semibold ${isToday ? 'text-brand-600' : 'text-ink-soft'}`}>
              {formatZoned(day, 'EEE d', timeZone)}
              {isToday && (
                <span className="ml-1 text-xs font-normal">
                  <Trans>(today)</Trans>
                </span>
              )}
            </h3>
            {items.length === 0 ? (
              <p className="text-xs text-muted">—</p>
            ) : (
              <ul className="flex flex-col gap-2">
                {items.map((schedule) => (
                  <li key={schedule._id}>
                    <button
                      type="button"
                      onClick={() => onOpen(schedule)}
                      className="w-full overflow-hidden rounded-lg border-l-4 bg-surface-2 p-2 text-left hover:bg-line/60"
                      style={{ borderLeftColor: schedule.patrolArea.color }}
                    >
                      {/* The name is the card's own text (WCAG 2.5.3, label in name), led by the schedule's code. */}
                      <span className="sr-only">{schedule.code}, </span>
                      <span className="block text-xs font-semibold text-ink-soft">
                        {t(SHIFT_LABEL[schedule.shift])} · {formatTimes(schedule.startsAt, schedule.endsAt, timeZone)}
                      </span>
                      <AreaTag schedule={schedule} />
                      <MemberNames schedule={schedule} />
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
