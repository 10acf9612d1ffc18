import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { dayForKey, longDate, monthOf, monthWeeks, sameDayInMonth } from '@/lib/calendar-days.ts';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

export interface MonthGridProps {
  /** Any day of the month shown (`yyyy-MM-dd`). */
  month: string;
  /** Today in the barangay's timezone (`yyyy-MM-dd`): marked, and named "(today)". */
  today: string;
  /** The chosen day, marked selected; null when none is. */
  selected: string | null;
  /** The id of the month's title, which names the grid. */
  labelledBy: string;
  /** What a day holds, said after its date: "1 note", "no shift". */
  describeDay(day: string): string;
  /** What a day shows under its number (dots), if anything. */
  renderMarks?(day: string, isSelected: boolean): ReactNode;
  onChoose(day: string): void;
  /** The keyboard moved to a day of another month: show that month. */
  onMonthChange(month: string): void;
}

/**
 * A month of days (Sunday first) after the WAI-ARIA grid pattern: rows of grid cells under a row of
 * column headers, one day in the tab order, the arrow keys move by day and week, Home/End to the
 * week's ends, Page Up/Down by month, Enter or Space chooses the day. The dashboards' calendar
 * notes and the tanod's /Schedule share it.
 */
export function MonthGrid({
  month,
  today,
  selected,
  labelledBy,
  describeDay,
  renderMarks,
  onChoose,
  onMonthChange,
}: MonthGridProps) {
  const first = monthOf(month);
  const weeks = useMemo(() => monthWeeks(first), [first]);
  const [focused, setFocused] = useState(selected ?? today);
  // A day chosen from outside (a "Today" button) becomes the tab stop (adjusted while rendering,
  // as React's docs advise for state that follows a prop).
  const [lastSelected, setLastSelected] = useState(selected);
  if (selected !== lastSelected) {
    setLastSelected(selected);
    if (selected) setFocused(selected);
  }
  const moveFocus = useRef(false);
  const gridRef = useRef<HTMLDivElement>(null);
  const shown = { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! };
  // The tab stop is the focused day while it is on screen; after paging, the same day of the month.
  const inView = focused >= shown.from && focused <= shown.to;
  const tabStop = inView ? focused : sameDayInMonth(focused, monthsBetween(focused, first));

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused, first]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.day;
    const next = from ? dayForKey(from, event.key) : null;
    if (!next) return;
    event.preventDefault();
    moveFocus.current = true;
    setFocused(next);
    if (monthOf(next) !== first) onMonthChange(monthOf(next));
  };

  return (
    <div ref={gridRef} role="grid" aria-labelledby={labelledBy} onKeyDown={onKeyDown} className="text-center">
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
            const inMonth = day.slice(0, 7) === first.slice(0, 7);
            const isSelected = day === selected;
            const isToday = day === today;
            return (
              <div key={day} role="gridcell" aria-selected={isSelected}>
                <button
                  type="button"
                  data-day={day}
                  tabIndex={day === tabStop ? 0 : -1}
                  aria-label={`${longDate(day)}${isToday ? ' (today)' : ''}: ${describeDay(day)}`}
                  aria-current={isToday ? 'date' : undefined}
                  onClick={() => {
                    setFocused(day);
                    onChoose(day);
                  }}
                  onFocus={() => setFocused(day)}
                  className={`flex min-h-11 w-full flex-col items-center justify-center gap-0.5 rounded-lg text-sm ${
                    isSelected
                      ? 'bg-brand-fill font-semibold text-white'
                      : isToday
                        ? 'border border-brand-600 font-semibold'
                        : 'hover:bg-surface-2'
                  } ${inMonth || isSelected ? '' : 'text-muted'}`}
                >
                  <span>{Number(day.slice(8))}</span>
                  {renderMarks?.(day, isSelected)}
                </button>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

/** Whole months from the one holding `from` to the one holding `to` (negative when earlier). */
function monthsBetween(from: string, to: string): number {
  const index = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return index(to) - index(from);
}
