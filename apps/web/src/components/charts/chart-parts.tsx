import type { ReactNode } from 'react';

/*
 * What the staff charts share (Recharts, on /Performance, Manage Tanod and the admin dashboard).
 * Plain values and markup only, so importing this never pulls Recharts into a page: the chart
 * modules that do import it are loaded on demand. Colours are the theme's CSS variables, so
 * both themes follow without re-rendering.
 */
export const CHART_GRID = 'var(--line)';
export const AXIS_TICK = { fill: 'var(--muted)', fontSize: 12 };
/** The time axis under the bar and line charts: one label per bucket, thinned when they crowd. */
export const CATEGORY_AXIS = { dataKey: 'label', tick: AXIS_TICK, tickLine: false, axisLine: { stroke: CHART_GRID }, minTickGap: 12 };
/** The count axis beside them: whole numbers, no line. */
export const COUNT_AXIS = { tick: AXIS_TICK, tickLine: false, axisLine: false, allowDecimals: false };
export const TOOLTIP_PROPS = {
  contentStyle: { background: 'var(--surface)', border: '1px solid var(--line)' as const, borderRadius: 8, color: 'var(--ink)', fontSize: 13 },
  labelStyle: { color: 'var(--ink)', fontWeight: 600 },
  itemStyle: { color: 'var(--ink-soft)' },
  cursor: { fill: 'var(--surface-2)' },
};

interface ChartCardProps {
  title: string;
  /** Says in words what the drawing shows: the drawing itself is hidden from screen readers. */
  summary: string;
  testId: string;
  /** The drawing's height, a Tailwind class. */
  heightClass?: string;
  children: ReactNode;
}

/** A titled chart in a card, with a written summary for screen readers and a quick read. */
export function ChartCard({ title, summary, testId, heightClass = 'h-64', children }: ChartCardProps) {
  return (
    <figure className="card m-0 flex min-w-0 flex-col gap-3 p-4" data-testid={testId}>
      <figcaption>
        <span className="block text-sm font-semibold text-ink">{title}</span>
        <span className="block text-xs text-muted">{summary}</span>
      </figcaption>
      {/* Hidden from screen readers and kept out of the tab order (Recharts' keyboard layer is off). */}
      <div className={`${heightClass} w-full`} aria-hidden="true">
        {children}
      </div>
    </figure>
  );
}
