import { useEffect, useRef, type ReactNode } from 'react';
import { Phone } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Hotline } from '@bantay/shared';

/**
 * A view's or step's heading. With `focusOnMount` it takes the focus when it appears, so a screen
 * reader announces the new step and the keyboard starts from there (not from the old button).
 */
export function FocusHeading({
  children,
  focusOnMount,
  className = '',
}: {
  children: ReactNode;
  focusOnMount: boolean;
  className?: string;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) ref.current?.focus();
  }, [focusOnMount]);
  return (
    <h2
      ref={ref}
      tabIndex={-1}
      className={`text-xl font-bold tracking-tight outline-none focus-visible:outline-2 ${className}`}
    >
      {children}
    </h2>
  );
}

/** The barangay's hotlines as large tap-to-call rows (the labels are the barangay's own words). */
export function Hotlines({
  hotlines,
  title,
  tone = 'plain',
  id,
}: {
  hotlines: Hotline[];
  title?: string;
  tone?: 'plain' | 'urgent';
  id?: string;
}) {
  const { t } = useLingui();
  if (hotlines.length === 0) return null;
  const heading = title ?? t`Hotlines`;
  return (
    <section id={id} aria-label={heading} className="card scroll-mt-4 p-4">
      <h2 className="mb-2 font-semibold">{heading}</h2>
      <ul className="grid gap-1 sm:grid-cols-2">
        {hotlines.map((hotline) => (
          <li key={`${hotline.label}-${hotline.number}`}>
            <a
              href={`tel:${hotline.number.replace(/[^\d+]/g, '')}`}
              className="flex min-h-12 items-center gap-3 rounded-lg px-2 hover:bg-surface-2"
            >
              <span
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${tone === 'urgent' ? 'bg-red-700 text-white' : 'bg-brand-50 text-brand-600 dark:bg-surface-2'}`}
              >
                <Phone className="h-4 w-4" aria-hidden="true" />
              </span>
              <span className="flex-1 font-medium">{hotline.label}</span>
              <span className="font-mono text-sm text-ink-soft">{hotline.number}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A report's status as the public reads it; translated where it is shown (`t(STATUS_LABELS[status])`). */
export const STATUS_LABELS = {
  pending: msg`Pending`,
  in_progress: msg`In progress`,
  resolved: msg`Resolved`,
  rejected: msg`Rejected`,
  false_alarm: msg`False alarm`,
} as const;
