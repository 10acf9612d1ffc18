import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { TextField } from '@/components/form/TextField.tsx';
import { PERIOD_CHOICES, periodErrors, type PeriodSelection } from './performance-format.ts';

interface PeriodPickerProps {
  value: PeriodSelection;
  onChange(value: PeriodSelection): void;
  /** The server's name of the period shown ("November 2026"), once known. */
  label?: string | undefined;
}

/**
 * Week, month, quarter, year (the current one, in the barangay's calendar) or custom days. The
 * custom days' errors are the server's own rules, shown next to the fields before anything is asked.
 */
export function PeriodPicker({ value, onChange, label }: PeriodPickerProps) {
  const { t } = useLingui();
  const name = useId();
  const errors = periodErrors(value);
  return (
    <div className="flex w-full min-w-0 flex-col gap-3 sm:w-auto">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* Five equal columns across a phone; side by side from the small breakpoint. */}
        <div
          className="grid w-full grid-cols-5 rounded-lg bg-surface-2 p-1 sm:flex sm:w-auto"
          role="radiogroup"
          aria-label={t`Period`}
        >
          {PERIOD_CHOICES.map((choice) => (
            <label
              key={choice.value}
              className={`segment min-w-0 px-1 sm:px-3 ${value.period === choice.value ? 'bg-surface text-ink shadow-sm' : 'text-muted'}`}
            >
              <input
                type="radio"
                name={name}
                className="sr-only"
                checked={value.period === choice.value}
                onChange={() => onChange({ ...value, period: choice.value })}
              />
              {t(choice.label)}
            </label>
          ))}
        </div>
        {label && (
          <p className="text-sm font-semibold text-ink-soft" aria-live="polite" data-testid="period-label">
            {label}
          </p>
        )}
      </div>
      {value.period === 'custom' && (
        <div className="grid max-w-md grid-cols-2 gap-3">
          <TextField
            label={t`From`}
            type="date"
            value={value.from}
            max={value.to || undefined}
            onChange={(event) => onChange({ ...value, from: event.target.value })}
            error={errors.from}
          />
          <TextField
            label={t`To`}
            type="date"
            value={value.to}
            min={value.from || undefined}
            onChange={(event) => onChange({ ...value, to: event.target.value })}
            error={errors.to}
          />
        </div>
      )}
    </div>
  );
}
