import { Trans, useLingui } from '@lingui/react/macro';
import type { DraftForm } from './draft-form.ts';
import type { PublicSettings, ReportLocation } from '@bantay/shared';
import { INCIDENT_LIMITS } from '@bantay/shared/limits';
import { TextField } from '@/components/form/TextField.tsx';
import { LocationPicker } from './LocationPicker.tsx';
import { FocusHeading } from './report-parts.tsx';
import { useReverseGeocode } from './use-reverse-geocode.ts';

interface WhereStepProps {
  form: DraftForm;
  settings: PublicSettings | undefined;
  location: ReportLocation | null;
  onLocation(location: ReportLocation | null): void;
  locationError: string | undefined;
  focusHeading: boolean;
}

/**
 * Where it happened. The address is filled in from the pin when the server can name the place
 * (use-reverse-geocode.ts) and stays editable; the pin alone is enough for the tanods.
 */
export function WhereStep({ form, settings, location, onLocation, locationError, focusHeading }: WhereStepProps) {
  const { t } = useLingui();
  const landmarkMax = INCIDENT_LIMITS.landmarkMaxLength;
  const addressMax = INCIDENT_LIMITS.addressMaxLength;
  const {
    register,
    formState: { errors },
  } = form;
  const filledAddress = useReverseGeocode(location, form);
  const fromMap = filledAddress !== null && form.watch('address') === filledAddress;
  return (
    <div className="flex flex-col gap-5">
      <FocusHeading focusOnMount={focusHeading}>
        <Trans>Where did it happen?</Trans>
      </FocusHeading>
      <LocationPicker settings={settings} value={location} onChange={onLocation} error={locationError} />
      <TextField
        label={t`Landmark (optional)`}
        placeholder={t`e.g. beside the chapel, in front of the sari-sari store`}
        maxLength={INCIDENT_LIMITS.landmarkMaxLength}
        error={errors.landmark?.message}
        {...register('landmark', {
          maxLength: {
            value: INCIDENT_LIMITS.landmarkMaxLength,
            message: t`At most ${landmarkMax} characters`,
          },
        })}
      />
      <TextField
        label={t`Address (optional)`}
        placeholder={t`House number, street, purok`}
        autoComplete="street-address"
        hint={fromMap ? t`Filled in from the map. Change it if it is not right.` : undefined}
        maxLength={INCIDENT_LIMITS.addressMaxLength}
        error={errors.address?.message}
        {...register('address', {
          maxLength: {
            value: INCIDENT_LIMITS.addressMaxLength,
            message: t`At most ${addressMax} characters`,
          },
        })}
      />
    </div>
  );
}
