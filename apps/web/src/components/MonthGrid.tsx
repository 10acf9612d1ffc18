import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import { dayForKey, longDate, monthOf, monthWeeks, sameDayInMonth } from '@/lib/calendar-days.ts';
import { formatZoned } from '@/lib/zoned-time.ts';

/** A Sunday (2026-11-22, UTC) and the six days after it: the column headers' names. */
const SUNDAY_MS = Date.UTC(2026, 10, 22);
const DAY_MS = 86_400_000;

/** Each weekday's short and full name in the language on screen ("Sun", "Sunday"; "Lin", "Linggo"). */
function weekdayNames(): { short: string; long: string }[] {
  return Array.from({ length: 7 }, (_, i) => ({
    short: formatZoned(SUNDAY_MS + i * DAY_MS, 'EEE', 'UTC'),
    long: formatZoned(SUNDAY_MS + i * DAY_MS, 'EEEE', 'UTC'),
  }));
}

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
  // The day names and dates follow the language: a switch re-renders the grid.
  const { t } = useLingui();
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
        {weekdayNames().map(({ short, long }) => (
          <div key={long} role="columnheader" aria-label={long} className="pb-1 text-xs font-semibold text-muted">
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
            const date = longDate(day);
            const description = describeDay(day);
            return (
              <div key={day} role="gridcell" aria-selected={isSelected}>
                <button
                  type="button"
                  data-day={day}
                  tabIndex={day === tabStop ? 0 : -1}
                  aria-label={isToday ? t`${date} (today): ${description}` : `${date}: ${description}`}
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
