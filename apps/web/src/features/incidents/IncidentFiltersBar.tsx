import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';

import { INCIDENT_HANDLING_LIMITS, type IncidentClassification, type IncidentStatus, incidentTypeLabel } from '@bantay/shared';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { STATUS_LABELS } from './incident-format.ts';
import { SearchField } from '@/components/form/SearchField.tsx';

export interface FilterValues {
  status: IncidentStatus | '';
  classification: IncidentClassification | '';
  type: string;
  /** `YYYY-MM-DD` from the date inputs, in the browser's time zone. */
  fromDay: string;
  toDay: string;
  q: string;
}

export const EMPTY_FILTERS: FilterValues = { status: '', classification: '', type: '', fromDay: '', toDay: '', q: '' };

/** The reported-time range of the date inputs: from the first day's start to the last day's end. */
export function dayRange(fromDay: string, toDay: string): { from?: string; to?: string } {
  const start = (day: string) => new Date(`${day}T00:00:00`);
  const range: { from?: string; to?: string } = {};
  if (fromDay) range.from = start(fromDay).toISOString();
  if (toDay) {
    const end = start(toDay);
    end.setDate(end.getDate() + 1);
    range.to = end.toISOString();
  }
  return range;
}

interface IncidentFiltersBarProps {
  value: FilterValues;
  onChange(value: FilterValues): void;
  /** The statuses offered (the archive offers only closed ones). */
  statuses: IncidentStatus[];
  /** What "any status" means here ("Any status", "Any closed status"). */
  anyStatusLabel: string;
  /** An error of the list call naming a filter field (e.g. "To must be after from"). */
  fieldError?: { field: string; message: string };
}

/** Filters of the staff list: status, classification, type, dates and text. */
export function IncidentFiltersBar({ value, onChange, statuses, anyStatusLabel, fieldError }: IncidentFiltersBarProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const [text, setText] = useState(value.q);
  const set = (patch: Partial<FilterValues>) => onChange({ ...value, ...patch });

  // The text filter waits for a pause in typing, so each key press is not a request.
  useEffect(() => {
    if (text === value.q) return;
    const timer = window.setTimeout(() => onChange({ ...value, q: text }), 300);
    return () => window.clearTimeout(timer);
  }, [text, value, onChange]);

  const dateError = fieldError && (fieldError.field === 'to' || fieldError.field === 'from') ? fieldError.message : undefined;
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1.5fr_1.3fr_1.3fr_1.4fr]" role="search" aria-label={t`Filter incidents`}>
      <SearchField className="block" label={t`Search incidents`} placeholder={t`Ticket, description, address…`} maxLength={INCIDENT_HANDLING_LIMITS.searchMaxLength} value={text} onChange={setText} />
      <label className="block">
        <span className="sr-only">
          <Trans>Status</Trans>
        </span>
        <select className="input" value={value.status} onChange={(event) => set({ status: event.target.value as FilterValues['status'] })}>
          <option value="">{anyStatusLabel}</option>
          {statuses.map((status) => (
            <option key={status} value={status}>
              {t(STATUS_LABELS[status])}
            </option>
          ))}
        </select>
      </label>
      <label className="block">
        <span className="sr-only">
          <Trans>Classification</Trans>
        </span>
        <select
          className="input"
          value={value.classification}
          onChange={(event) => set({ classification: event.target.value as FilterValues['classification'] })}
        >
          <option value="">{t`Emergency and normal`}</option>
          <option value="emergency">{t`Emergency`}</option>
          <option value="normal">{t`Normal`}</option>
        </select>
      </label>
      <label className="block">
        <span className="sr-only">
          <Trans>Type</Trans>
        </span>
        <select className="input" value={value.type} onChange={(event) => set({ type: event.target.value })}>
          <option value="">{t`Any type`}</option>
          {(settings?.incidentTypes ?? []).map((type) => (
            <option key={type.name} value={type.name}>
              {incidentTypeLabel(type.name)}
            </option>
          ))}
        </select>
      </label>
      <div className="flex flex-wrap items-end gap-3 sm:col-span-2 lg:col-span-4">
        <label className="block text-sm font-medium">
          <Trans>Reported from</Trans>
          <input type="date" className="input mt-1" value={value.fromDay} max={value.toDay || undefined} onChange={(event) => set({ fromDay: event.target.value })} />
        </label>
        <label className="block text-sm font-medium">
          <Trans>to</Trans>
          <input
            type="date"
            className="input mt-1"
            value={value.toDay}
            min={value.fromDay || undefined}
            aria-invalid={dateError ? true : undefined}
            onChange={(event) => set({ toDay: event.target.value })}
          />
        </label>
        {(value.status || value.classification || value.type || value.fromDay || value.toDay || value.q) && (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => {
              setText('');
              onChange(EMPTY_FILTERS);
            }}
          >
            <Trans>Clear filters</Trans>
          </button>
        )}
        {dateError && (
          <p role="alert" className="w-full text-sm text-danger">
            {dateError}
          </p>
        )}
      </div>
    </div>
  );
}
