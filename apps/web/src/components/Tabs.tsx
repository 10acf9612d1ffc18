import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  /** A small count or marker shown after the label. */
  badge?: ReactNode;
}

/**
 * A count after a tab's label ("Loans 3"): the figure is shown, and read with what it counts
 * ("3 overdue"), so the tab's name says it. Nothing while the count is zero.
 */
export function CountBadge({
  count,
  label,
  urgent = false,
}: {
  count: number | undefined;
  label: string;
  urgent?: boolean;
}) {
  if (!count) return null;
  return (
    <span
      className={`rounded-full px-1.5 text-xs font-bold ${urgent ? 'bg-danger-fill text-white' : 'bg-brand-600/15 text-brand-600'}`}
    >
      <span aria-hidden="true">{count}</span>
      <span className="sr-only">
        {count} {label}
      </span>
    </span>
  );
}

interface TabsProps<K extends string> {
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  children: ReactNode;
}

/**
 * Tabs after the WAI-ARIA pattern: one tab stop, arrow keys (and Home/End) move and select, the
 * panel is labelled by its tab. Every staff page's tab bar is this one. On a narrow screen the
 * strip wraps onto a second line: every tab stays in sight at 320 px, where a strip that scrolled
 * sideways would hide the last ones (and with them the fact that they exist).
 */
export function Tabs<K extends string>({ label, tabs, selected, onSelect, children }: TabsProps<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    refs.current.get(key)?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-5 flex flex-wrap gap-x-1 border-b border-line"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(tab.key)}
              className={`-mb-px flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold transition-colors ${
                active ? 'border-brand-600 text-brand-600' : 'border-transparent text-muted hover:text-ink'
              }`}
            >
              {tab.label}
              {tab.badge}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${selected}`}
        tabIndex={0}
        className="focus-visible:outline-offset-4"
      >
        {children}
      </div>
    </div>
  );
}
