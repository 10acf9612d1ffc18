import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, NotebookPen } from 'lucide-react';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { dayKey, DEFAULT_TIMEZONE } from '@/lib/zoned-time.ts';
import { NoteDayPanel } from './NoteDayPanel.tsx';
import { useNotes } from './notes-api.ts';
import { dayForKey, longDate, monthOf, monthTitle, monthWeeks, notesByDay, sameDayInMonth } from './notes-calendar-logic.ts';

export interface NotesCalendarProps {
  /** The card's heading; "Calendar notes" unless given. */
  title?: string;
  /** Extra classes on the outer card (its place in the page's grid). */
  className?: string;
  /** The day chosen when it opens (`yyyy-MM-dd`); today in the barangay's timezone unless given. */
  initialDay?: string;
}

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

/**
 * The dashboards' calendar notes (product §4.11, §3 "Note"): a month in the barangay's timezone
 * with a dot on each day that has notes, and the chosen day's notes to add, edit and delete. The
 * month is a WAI-ARIA grid: one day is in the tab order, the arrow keys move by day and week,
 * Home/End to the week's ends, Page Up/Down by month, Enter or Space chooses the day.
 */
export function NotesCalendar({ title = 'Calendar notes', className = '', initialDay }: NotesCalendarProps) {
  const { data: settings } = usePublicSettings();
  const timeZone = settings?.timezone ?? DEFAULT_TIMEZONE;
  // "Today" is fixed when the card opens: a dashboard left open overnight keeps the day it shows.
  const [today] = useState(() => dayKey(Date.now(), timeZone));
  const [selected, setSelected] = useState(initialDay ?? today);
  const [month, setMonth] = useState(() => monthOf(initialDay ?? today));
  const [focused, setFocused] = useState(initialDay ?? today);
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const monthId = useId();

  const weeks = useMemo(() => monthWeeks(month), [month]);
  const range = useMemo(() => ({ from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! }), [weeks]);
  const notes = useNotes(range);
  const byDay = useMemo(() => notesByDay(notes.data ?? []), [notes.data]);
  // The tab stop is the focused day when it is on screen, else the month's first day.
  const tabStop = focused >= range.from && focused <= range.to ? focused : month;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, month]);

  const showMonth = (offset: number) => {
    setMonth(monthOf(month, offset));
    setFocused(sameDayInMonth(tabStop, offset));
  };

  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.day;
    const next = from ? dayForKey(from, event.key) : null;
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(next);
    if (monthOf(next) !== month) setMonth(monthOf(next));
  };

  const choose = (day: string) => {
    setSelected(day);
    setFocused(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  };

  return (
    <section aria-labelledby={headingId} className={`card @container p-3 sm:p-5 ${className}`} data-testid="notes-calendar">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-lg font-semibold">
        <NotebookPen className="h-5 w-5 text-brand-600" aria-hidden="true" />
        {title}
      </h2>
      <div className="grid gap-4 @2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          <div className="mb-2 flex items-center gap-1">
            <button type="button" className="icon-btn" aria-label="Previous month" onClick={() => showMonth(-1)}>
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <p id={monthId} className="flex-1 text-center font-semibold" aria-live="polite">
              {monthTitle(month)}
            </p>
            <button type="button" className="icon-btn" aria-label="Next month" onClick={() => showMonth(1)}>
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
            {selected !== today && (
              <button type="button" className="btn btn-ghost px-2" onClick={() => choose(today)}>
                Today
              </button>
            )}
          </div>
          <div ref={gridRef} role="grid" aria-labelledby={monthId} onKeyDown={onGridKey} className="text-center">
            <div role="row" className="grid grid-cols-7 gap-1">
              {WEEKDAYS.map(([short, long]) => (
                <div key={short} role="columnheader" aria-label={long} className="pb-1 text-xs font-semibold text-muted">
                  {short}
                </div>
              ))}
            </div>
            {weeks.map((week) => (
              <div key={week[0]} role="row" className="mt-1 grid grid-cols-7 gap-1">
                {week.map((day) => {
                  const count = byDay.get(day)?.length ?? 0;
                  const inMonth = day.slice(0, 7) === month.slice(0, 7);
                  const isSelected = day === selected;
                  return (
                    <div key={day} role="gridcell" aria-selected={isSelected}>
                      <button
                        type="button"
                        data-day={day}
                        tabIndex={day === tabStop ? 0 : -1}
                        aria-label={`${longDate(day)}${day === today ? ' (today)' : ''}: ${count === 0 ? 'no notes' : `${count} note${count > 1 ? 's' : ''}`}`}
                        aria-current={day === today ? 'date' : undefined}
                        onClick={() => choose(day)}
                        onFocus={() => setFocused(day)}
                        className={`flex min-h-11 w-full flex-col items-center justify-center gap-0.5 rounded-lg text-sm ${
                          isSelected ? 'bg-brand-fill font-semibold text-white' : day === today ? 'border border-brand-600 font-semibold' : 'hover:bg-surface-2'
                        } ${inMonth ? '' : 'text-muted'}`}
                      >
                        <span>{Number(day.slice(8))}</span>
                        <span
                          aria-hidden="true"
                          data-testid={count > 0 ? 'note-dot' : undefined}
                          className={`h-1.5 w-1.5 rounded-full ${count > 0 ? (isSelected ? 'bg-white' : 'bg-brand-600') : 'bg-transparent'}`}
                        />
                      </button>
                    </div>
                  );
                })}
              </div>
            ))}
          </div>
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
