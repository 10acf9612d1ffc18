import { Trans } from '@lingui/react/macro';
import { REPORT_FORMATS, type ReportFormat } from '@bantay/shared';

export const REPORT_FORMAT_LABELS: Record<ReportFormat, string> = { pdf: 'PDF', csv: 'CSV' };

interface ReportFormatFieldProps {
  /** The radio group's name, unique on the page. */
  name: string;
  value: ReportFormat;
  onChange(format: ReportFormat): void;
  /** What each format is good for, in this report's words. */
  hints: Record<ReportFormat, string>;
  /** Extra classes for the grid of choices. */
  gridClass?: string;
}

/** The reports' PDF-or-CSV choice: two cards with a radio each (performance and resources reports). */
export function ReportFormatField({ name, value, onChange, hints, gridClass = '' }: ReportFormatFieldProps) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium">
        <Trans>Format</Trans>
      </legend>
      <div className={`grid grid-cols-2 gap-2 ${gridClass}`.trim()}>
        {REPORT_FORMATS.map((format) => (
          <label
            key={format}
            className={`focus-ring-within flex cursor-pointer flex-col rounded-lg border px-3 py-2 ${value === format ? 'border-brand-600 bg-brand-600/10' : 'border-line'}`}
          >
            <span className="flex items-center gap-2 text-sm font-semibold">
              <input
                type="radio"
                name={name}
                className="h-4 w-4"
                checked={value === format}
                onChange={() => onChange(format)}
              />
              {REPORT_FORMAT_LABELS[format]}
            </span>
            <span className="text-xs text-muted">{hints[format]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
