import { useMemo, useState } from 'react';
import { format } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schedule } from '@bantay/shared';
import { Loading } from '@/components/Loading.tsx';
import { MonthGrid } from '@/components/MonthGrid.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { dayKey, DEFAULT_TIMEZONE, formatDate, formatZoned, monthGrid, weekDays, zonedToIso } from '@/lib/zoned-time.ts';
import { ScheduleList } from './ScheduleList.tsx';
import { RosterExport } from './RosterExport.tsx';
import { CalendarFeedPanel } from './CalendarFeedPanel.tsx';
import { useMySchedules } from './schedules-api.ts';

/** The first day of the month `offset` months from the one holding `day` (`yyyy-MM-01`). */
function monthStart(day: string, offset: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** /Schedule (tanod): my schedules as a month calendar and a list, with the members and the leader. */
export function MySchedule() {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  // The page's "today", fixed when it opens (a calendar left open overnight keeps its week).
  const [openedAt] = useState(() => Date.now());
  const today = dayKey(openedAt, timeZone);
  const [month, setMonth] = useState(() => monthStart(today, 0));
  const [chosenDay, setChosenDay] = useState<string | null>(null);
  const weeks = useMemo(() => monthGrid(month, timeZone), [month, timeZone]);
  const range = useMemo(
    () => ({
      from: zonedToIso(format(weeks[0]![0]!, 'yyyy-MM-dd'), '00:00', timeZone),
      to: zonedToIso(format(weeks[weeks.length - 1]![6]!, 'yyyy-MM-dd'), '23:59', timeZone),
    }),
    [weeks, timeZone],
  );
  const schedules = useMySchedules(range);
  const list = useMemo(() => schedules.data ?? [], [schedules.data]);
  const byDay = useMemo(() => {
    const map = new Map<string, Schedule[]>();
    for (const schedule of list) {
      const key = dayKey(schedule.startsAt, timeZone);
      map.set(key, [...(map.get(key) ?? []), schedule]);
    }
    return map;
  }, [list, timeZone]);
  const shown = chosenDay ? (byDay.get(chosenDay) ?? []) : list.filter((schedule) => schedule.status !== 'completed');

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <section aria-labelledby="month-heading" className="card p-3 sm:p-5">
        <div className="mb-3 flex items-center gap-1">
          <button type="button" className="icon-btn" aria-label={t`Previous month`} onClick={() => setMonth(monthStart(month, -1))}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <h2 id="month-heading" className="flex-1 text-center text-lg font-semibold" aria-live="polite">
            {formatZoned(weeks[1]![0]!, 'MMMM yyyy', timeZone)}
          </h2>
          <button type="button" className="icon-btn" aria-label={t`Next month`} onClick={() => setMonth(monthStart(month, 1))}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <div data-testid="month-calendar">
          <MonthGrid
            month={month}
            today={today}
            selected={chosenDay}
            labelledBy="month-heading"
            describeDay={(day) => {
              const count = byDay.get(day)?.length ?? 0;
              return count === 0 ? t`no shift` : t`${plural(count, { one: '# shift', other: '# shifts' })}`;
            }}
            renderMarks={(day) => (
              <span className="flex h-2 gap-0.5" aria-hidden="true">
                {(byDay.get(day) ?? []).slice(0, 3).map((schedule) => (
                  <span key={schedule._id} className="h-2 w-2 rounded-full ring-1 ring-white/70" style={{ background: schedule.patrolArea.color }} />
                ))}
              </span>
            )}
            onChoose={(day) => setChosenDay(day === chosenDay ? null : day)}
            onMonthChange={setMonth}
          />
        </div>
        <div className="mt-3 flex justify-end">
          <RosterExport weekStart={format(weekDays(today, timeZone)[0]!, 'yyyy-MM-dd')} monthDay={month} initial="month" mine />
        </div>
      </section>

      <section aria-labelledby="list-heading" className="flex min-w-0 flex-col gap-3">
        <div className="flex items-center gap-2">
          <h2 id="list-heading" className="flex-1 text-lg font-semibold">
            {chosenDay ? formatDate(zonedToIso(chosenDay, '12:00', timeZone), timeZone) : t`Upcoming shifts`}
          </h2>
          {chosenDay && (
            <button type="button" className="btn btn-ghost" onClick={() => setChosenDay(null)}>
              <Trans>Show upcoming</Trans>
            </button>
          )}
        </div>
        {schedules.isPending ? (
          <Loading label={t`Loading your schedule…`} />
        ) : schedules.isError ? (
          <p role="alert" className="rounded-xl border border-line p-4 text-sm">
            <Trans>Your schedule could not load.</Trans>{' '}
            <button type="button" className="font-semibold text-brand-600 underline" onClick={() => void schedules.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        ) : shown.length === 0 ? (
          <p className="rounded-xl border border-dashed border-line p-4 text-sm text-muted">
            {chosenDay ? t`No shift on this day.` : t`No upcoming shifts this month.`}
          </p>
        ) : (
          <ScheduleList schedules={shown} timeZone={timeZone} />
        )}
        <CalendarFeedPanel timeZone={timeZone} />
      </section>
    </div>
  );
}
