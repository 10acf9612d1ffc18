import { useId, useMemo, useState } from 'react';
import { ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { dayKey, DEFAULT_TIMEZONE } from '@/lib/zoned-time.ts';
import { NoteDayPanel } from './NoteDayPanel.tsx';
import { useNotes } from './notes-api.ts';
import { MonthGrid } from '@/components/MonthGrid.tsx';
import { monthOf, monthTitle, monthWeeks } from '@/lib/calendar-days.ts';
import { notesByDay } from './notes-calendar-logic.ts';

export interface NotesCalendarProps {
  /** The card's heading; "Calendar notes" unless given. */
  title?: string;
  /** Extra classes on the outer card (its place in the page's grid). */
  className?: string;
  /** The day chosen when it opens (`yyyy-MM-dd`); today in the barangay's timezone unless given. */
  initialDay?: string;
}

/**
 * The dashboards' calendar notes (docs/product.md §4.11, §3 "Note"): a month in the barangay's timezone
 * with a dot on each day that has notes, and the chosen day's notes to add, edit and delete. The
 * month is the shared keyboard-driven grid (components/MonthGrid.tsx).
 */
export function NotesCalendar({ title, className = '', initialDay }: NotesCalendarProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  // "Today" is fixed when the card opens: a dashboard left open overnight keeps the day it shows.
  const [today] = useState(() => dayKey(Date.now(), timeZone));
  const [selected, setSelected] = useState(initialDay ?? today);
  const [month, setMonth] = useState(() => monthOf(initialDay ?? today));
  const headingId = useId();
  const monthId = useId();

  const weeks = useMemo(() => monthWeeks(month), [month]);
  const range = useMemo(() => ({ from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! }), [weeks]);
  const notes = useNotes(range);
  const byDay = useMemo(() => notesByDay(notes.data ?? []), [notes.data]);

  const choose = (day: string) => {
    setSelected(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  };

  return (
    <section aria-labelledby={headingId} className={`card @container p-3 sm:p-5 ${className}`} data-testid="notes-calendar">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <NotebookPen className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {title ?? t`Calendar notes`}
      </h2>
      <div className="grid gap-4 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0">
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
            {selected !== today && (
              <button type="button" className="btn btn-ghost px-2" onClick={() => choose(today)}>
                <Trans>Today</Trans>
              </button>
            )}
          </div>
          <MonthGrid
            month={month}
            today={today}
            selected={selected}
            labelledBy={monthId}
            describeDay={(day) => {
              const count = byDay.get(day)?.length ?? 0;
              return count === 0 ? t`no notes` : t`${plural(count, { one: '# note', other: '# notes' })}`;
            }}
            renderMarks={(day, isSelected) => {
              const count = byDay.get(day)?.length ?? 0;
              return (
                <span
                  aria-hidden="true"
                  data-testid={count > 0 ? 'note-dot' : undefined}
                  className={`h-1.5 w-1.5 rounded-full ${count > 0 ? (isSelected ? 'bg-white' : 'bg-brand-600') : 'bg-transparent'}`}
                />
              );
            }}
            onChoose={choose}
            onMonthChange={setMonth}
          />
        </div>
        <NoteDayPanel
          day={selected}
          notes={byDay.get(selected) ?? []}
          isLoading={notes.isPending}
          isError={notes.isError}
          onRetry={() => void notes.refetch()}
        />
      </div>
    </section>
  );
}
