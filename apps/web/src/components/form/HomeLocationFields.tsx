import { useState } from 'react';
import { MapPin } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { LazyPinMap } from '@/components/map/lazy-pin-map.tsx';
import type { MapPoint } from '@/components/map/PointPin.tsx';
import { SelectField } from './SelectField.tsx';

export interface HomeLocationValue {
  purok: string;
  pin: MapPoint | null;
}

interface HomeLocationFieldsProps {
  value: HomeLocationValue;
  onChange(value: HomeLocationValue): void;
  /** The barangay's puroks; undefined while they load. */
  puroks: string[] | undefined;
  /** They could not be fetched: the select offers a retry. */
  puroksFailed?: boolean;
  onRetryPuroks?(): void;
  purokError?: string;
  pinError?: string;
}

/**
 * A resident's home (docs/decisions/032-the-text-line.md): the purok, chosen from the barangay's,
 * and an optional pin on the map. With them, a text or a missed call from the resident's number
 * becomes a report at home at once. Shared by the sign-up form and My account; the map's code
 * loads only when the resident asks for it.
 */
export function HomeLocationFields({ value, onChange, puroks, puroksFailed = false, onRetryPuroks, purokError, pinError }: HomeLocationFieldsProps) {
  const { t } = useLingui();
  const [mapOpen, setMapOpen] = useState(value.pin !== null);
  // A purok the barangay has since retired stays choosable while it is the one on the account.
  const options = puroks && value.purok && !puroks.includes(value.purok) ? [value.purok, ...puroks] : (puroks ?? []);
  const lat = value.pin?.lat.toFixed(5);
  const lng = value.pin?.lng.toFixed(5);

  return (
    <>
      <SelectField
        label={t`Home purok`}
        value={value.purok}
        error={purokError}
        hint={puroksFailed ? t`The puroks could not be loaded.` : undefined}
        disabled={!puroks && !puroksFailed}
        onChange={(event) => onChange({ ...value, purok: event.target.value })}
      >
        <option value="">{puroks ? t`Not set` : puroksFailed ? t`Not set` : t`Loading…`}</option>
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      {puroksFailed && onRetryPuroks && (
        <button type="button" className="btn btn-ghost -mt-2 self-start" onClick={onRetryPuroks}>
          <Trans>Load the puroks again</Trans>
        </button>
      )}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium text-ink">
          <Trans>Your home on the map (optional)</Trans>
        </legend>
        <p className="-mt-1 text-xs text-muted">
          <Trans>Without a pin, the tanods go to the middle of your purok.</Trans>
        </p>
        {mapOpen ? (
          <LazyPinMap
            label={t`Map: tap where your home is, drag the pin to move it`}
            point={value.pin}
            onPick={(pin) => onChange({ ...value, pin })}
            pinTitle={t`Your home`}
            testId="home-pin-map"
          />
        ) : (
          <button type="button" className="btn btn-secondary self-start" onClick={() => setMapOpen(true)}>
            <MapPin className="h-4 w-4" aria-hidden="true" />
            <Trans>Put your home on the map</Trans>
          </button>
        )}
        {value.pin && (
          <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="tabular-nums text-ink-soft" data-testid="home-pin">
              <Trans>
                Pinned: {lat}, {lng}
              </Trans>
            </span>
            <button type="button" className="btn btn-ghost min-h-11 px-3" onClick={() => onChange({ ...value, pin: null })}>
              <Trans>Remove the pin</Trans>
            </button>
          </p>
        )}
        {pinError && (
          <p role="alert" className="text-sm text-danger">
            {pinError}
          </p>
        )}
      </fieldset>
    </>
  );
}
