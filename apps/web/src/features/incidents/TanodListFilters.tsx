import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentClassification, IncidentStatus } from '@bantay/shared';
import { SelectField } from '@/components/form/SelectField.tsx';
import { formatDistance } from '@/components/map/map-geometry.ts';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { STATUS_LABELS } from './incident-format.ts';
import { DISTANCE_CHOICES, EMPTY_TANOD_FILTERS, hasFilters, RATING_CHOICES, STATUSES_OF, type RatingChoice, type TanodListFilterValues } from './tanod-list.ts';
import { incidentTypeLabel } from '@bantay/shared';

interface TanodListFiltersProps {
  view: 'all' | 'history';
  value: TanodListFilterValues;
  onChange(value: TanodListFilterValues): void;
  /** The distance filter needs the phone's position. */
  hasPosition: boolean;
}

const RATING_LABELS: Record<RatingChoice, MessageDescriptor> = {
  '5': msg`5 stars`,
  '4': msg`4 stars`,
  '3': msg`3 stars`,
  '2': msg`2 stars`,
  '1': msg`1 star`,
  none: msg`Not rated yet`,
};

/**
 * The tanod's filters: status, classification, type, distance from me and, in the history, rating.
 * Two to a row on a phone, so each "any" choice has its own short words (ids of their own: the
 * admin's filter bar says "Any status" and "Any type" with room to spare).
 */
export function TanodListFilters({ view, value, onChange, hasPosition }: TanodListFiltersProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const set = (patch: Partial<TanodListFilterValues>) => onChange({ ...value, ...patch });
  return (
    <div role="search" aria-label={view === 'history' ? t`Filter my history` : t`Filter incidents`} className="grid grid-cols-2 gap-3">
      <SelectField label={t`Status`} value={value.status} onChange={(event) => set({ status: event.target.value as IncidentStatus | '' })}>
        <option value="">{t({ id: 'tanod-filters.any-status', message: 'Any status' })}</option>
        {STATUSES_OF[view].map((status) => (
          <option key={status} value={status}>
            {t(STATUS_LABELS[status])}
          </option>
        ))}
      </SelectField>
      <SelectField label={t`Classification`} value={value.classification} onChange={(event) => set({ classification: event.target.value as IncidentClassification | '' })}>
        <option value="">{t`Both`}</option>
        <option value="emergency">{t`Emergency`}</option>
        <option value="normal">{t`Normal`}</option>
      </SelectField>
      <SelectField label={t`Type`} value={value.type} onChange={(event) => set({ type: event.target.value })}>
        <option value="">{t({ id: 'tanod-filters.any-type', message: 'Any type' })}</option>
        {(settings?.incidentTypes ?? []).map((type) => (
          <option key={type.name} value={type.name}>
            {incidentTypeLabel(type.name)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t`Distance from me`}
        value={hasPosition ? value.within : ''}
        disabled={!hasPosition}
        hint={hasPosition ? undefined : t`Allow location to use this`}
        onChange={(event) => set({ within: event.target.value })}
      >
        <option value="">{t`Any distance`}</option>
        {DISTANCE_CHOICES.map((meters) => {
          const distance = formatDistance(meters);
          return (
            <option key={meters} value={String(meters)}>
              {t`Within ${distance}`}
            </option>
          );
        })}
      </SelectField>
      {view === 'history' && (
        <SelectField label={t`Rating`} value={value.rating} onChange={(event) => set({ rating: event.target.value as RatingChoice | '' })}>
          <option value="">{t`Any rating`}</option>
          {RATING_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t(RATING_LABELS[choice])}
            </option>
          ))}
        </SelectField>
      )}
      {hasFilters(value) && (
        <div className="flex items-end">
          <button type="button" className="btn btn-ghost" onClick={() => onChange(EMPTY_TANOD_FILTERS)}>
            <Trans>Clear filters</Trans>
          </button>
        </div>
      )}
    </div>
  );
}
