import type { ReactNode } from 'react';

export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

/** Each tone's colours, as Tailwind classes. */
const TONES: Record<Tone, { className: string }> = {
  neutral: { className: 'bg-surface-2 text-ink-soft' },
  brand: { className: 'bg-brand-600/10 text-brand-600' },
  success: { className: 'bg-success/10 text-success' },
  warning: { className: 'bg-amber-500/15 text-amber-800 dark:text-amber-300' },
  danger: { className: 'bg-danger/10 text-danger' },
};

/** A small rounded label for a status. */
export function Chip({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone].className}`}
    >
      {children}
    </span>
  );
}
