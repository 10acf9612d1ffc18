import { forwardRef, useState } from 'react';
import { Star } from 'lucide-react';
import { useLingui as useI18n } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { averageLabel, starChoiceLabel, starWord } from './evaluation-logic.ts';

const STAR_VALUES = [1, 2, 3, 4, 5] as const;

/**
 * A read-only row of five stars filled to `value` (partly, for averages like 4.3). Screen readers
 * hear the label ("4.3 out of 5"), not five pictures.
 */
export function StarsDisplay({ value, size = 18, label }: { value: number | null; size?: number; label?: string }) {
  // Re-renders with the language, for the default label.
  useI18n();
  const percent = value === null ? 0 : Math.max(0, Math.min(100, (value / 5) * 100));
  const row = (filled: boolean) =>
    STAR_VALUES.map((n) => (
      <Star
        key={n}
        width={size}
        height={size}
        strokeWidth={1.75}
        fill={filled ? 'currentColor' : 'none'}
        aria-hidden="true"
        className="shrink-0"
      />
    ));
  return (
    <span role="img" aria-label={label ?? averageLabel(value)} className="relative inline-flex shrink-0 align-middle">
      <span className="flex text-muted/60">{row(false)}</span>
      <span className="absolute inset-y-0 left-0 flex overflow-hidden text-amber-500 dark:text-amber-400" style={{ width: `${percent}%` }}>
        {row(true)}
      </span>
    </span>
  );
}

interface StarInputProps {
  name: string;
  value: number;
  onChange(value: number): void;
  onBlur?(): void;
  /** The id of the error text, when there is one. */
  errorId?: string;
  invalid?: boolean;
}

/**
 * Stars 1–5 as a native radio group: Tab reaches it, the arrow keys move the choice, and each star
 * is a 48 px target. The radios are visually hidden; the focused star shows the focus ring.
 */
export const StarInput = forwardRef<HTMLInputElement, StarInputProps>(function StarInput(
  { name, value, onChange, onBlur, errorId, invalid },
  ref,
) {
  const { t } = useLingui();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  const word = starWord(shown);
  return (
    <div>
      <div className="-ml-1.5 flex" onMouseLeave={() => setHover(0)}>
        {STAR_VALUES.map((n) => (
          <label
            key={n}
            className="inline-flex h-12 w-12 cursor-pointer items-center justify-center rounded-lg has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-0 has-[:focus-visible]:outline-[var(--focus)] has-[:focus-visible]:outline-solid"
            onMouseEnter={() => setHover(n)}
          >
            <input
              ref={n === 1 ? ref : undefined}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              onBlur={onBlur}
              aria-invalid={invalid ? true : undefined}
              aria-describedby={errorId}
              className="sr-only"
            />
            <Star
              width={34}
              height={34}
              strokeWidth={1.5}
              aria-hidden="true"
              fill={n <= shown ? 'currentColor' : 'none'}
              className={n <= shown ? 'text-amber-500 dark:text-amber-400' : invalid ? 'text-danger' : 'text-muted'}
            />
            <span className="sr-only">{starChoiceLabel(n)}</span>
          </label>
        ))}
      </div>
      <p className="mt-0.5 min-h-5 text-sm font-medium text-ink-soft" aria-hidden="true">
        {shown ? t`${word} (${shown} of 5)` : t`Tap a star to rate`}
      </p>
    </div>
  );
});
