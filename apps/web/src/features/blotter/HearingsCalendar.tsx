import { useId, useMemo, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type Hearing, HEARING_OUTCOME_LABELS, incidentTypeLabel } from '@bantay/shared';
import { MonthGrid } from '@/components/MonthGrid.tsx';
import { longDate, monthOf, monthTitle, monthWeeks } from '@/lib/calendar-days.ts';
import { dayKey, formatTime } from '@/lib/zoned-time.ts';
import { useHearings } from './blotter-api.ts';
import { fullName } from '@/lib/full-name.ts';

/** The Lupon's hearings by day in the barangay's time zone: a month with dots, the chosen day's list. */
export function HearingsCalendar({ timeZone, onOpenEntry }: { timeZone: string; onOpenEntry(id: string): void }) {
  const { t } = useLingui();
  const [today] = useState(() => dayKey(Date.now(), timeZone));
  const [selected, setSelected] = useState(today);
  const [month, setMonth] = useState(() => monthOf(today));
  const monthId = useId();
  const weeks = useMemo(() => monthWeeks(month), [month]);
  const range = useMemo(() => ({ from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! }), [weeks]);
  const hearings = useHearings(range);
  const byDay = useMemo(() => {
    const map = new Map<string, Hearing[]>();
    for (const hearing of hearings.data ?? []) {
      const day = dayKey(hearing.scheduledAt, timeZone);
      map.set(day, [...(map.get(day) ?? []), hearing]);
    }
    return map;
  }, [hearings.data, timeZone]);
  const choose = (day: string) => {
    setSelected(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  };
  const dayHearings = byDay.get(selected) ?? [];

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]" data-testid="hearings-calendar">
      <div className="card min-w-0 p-3 sm:p-4">
        <div className="mb-2 flex items-center gap-1">
          <button type="button" className="icon-btn" aria-label={t`Previous month`} onClick={() => setMonth(monthOf(month, -1))}>
            <ChevronLeft className="h-5 w-5" aria-hidden="true" />
          </button>
          <p id={monthId} className="flex-1 text-center font-semibold" aria-live="polite">
            {monthTitle(month)}
          </p>
          <button type="button" className="icon-btn" aria-label={t`Next month`} onClick={() => setMonth(monthOf(month, 1))}>
            <ChevronRight className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <MonthGrid
          month={month}
          today={today}
          selected={selected}
          labelledBy={monthId}
          describeDay={(day) => {
            const count = byDay.get(day)?.length ?? 0;
            return count === 0 ? t`no hearings` : t`${plural(count, { one: '# hearing', other: '# hearings' })}`;
          }}
          renderMarks={(day, isSelected) => (
            <span
              aria-hidden="true"
              className={`h-1.5 w-1.5 rounded-full ${byDay.has(day) ? (isSelected ? 'bg-white' : 'bg-brand-600') : 'bg-transparent'}`}
            />
          )}
          onChoose={choose}
          onMonthChange={setMonth}
        />
        {hearings.isError && (
          <p role="alert" className="mt-2 text-sm text-danger">
            <Trans>The hearings could not be loaded.</Trans>{' '}
            <button type="button" className="underline" onClick={() => void hearings.refetch()}>
              <Trans>Try again</Trans>
            </button>
          </p>
        )}
      </div>
      <section className="card min-w-0 p-3 sm:p-4" aria-live="polite">
        <h3 className="mb-3 font-semibold">{longDate(selected)}</h3>
        {hearings.isPending ? (
          <p className="text-sm text-muted">
            <Trans>Loading the hearings…</Trans>
          </p>
        ) : dayHearings.length === 0 ? (
          <p className="text-sm text-muted">
            <Trans>No hearing on this day.</Trans>
          </p>
        ) : (
          <ul className="divide-y divide-line">
            {dayHearings.map((hearing) => {
              const time = formatTime(hearing.scheduledAt, timeZone);
              const number = hearing.entryNumber;
              const nature = incidentTypeLabel(hearing.entryNature);
              const mediator = hearing.mediator ? fullName(hearing.mediator) : '—';
              return (
                <li key={hearing._id} className="py-2">
                  <button type="button" className="w-full rounded-lg p-2 text-left hover:bg-surface-2" onClick={() => onOpenEntry(hearing.entryId)}>
                    <span className="block font-medium">
                      <Trans>
                        {time} · Entry {number}
                      </Trans>
                    </span>
                    <span className="block text-sm text-muted">
                      <Trans>
                        {nature} · Mediator {mediator}
                      </Trans>
                      {hearing.outcome ? ` · ${HEARING_OUTCOME_LABELS[hearing.outcome]}` : ''}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
