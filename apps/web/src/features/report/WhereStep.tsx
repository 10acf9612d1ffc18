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
  const {
    register,
    formState: { errors },
  } = form;
  const filledAddress = useReverseGeocode(location, form);
  const fromMap = filledAddress !== null && form.watch('address') === filledAddress;
  return (
    <div className="flex flex-col gap-5">
      <FocusHeading focusOnMount={focusHeading}>Where did it happen?</FocusHeading>
      <LocationPicker settings={settings} value={location} onChange={onLocation} error={locationError} />
      <TextField
        label="Landmark (optional)"
        placeholder="e.g. beside the chapel, in front of the sari-sari store"
        maxLength={INCIDENT_LIMITS.landmarkMaxLength}
        error={errors.landmark?.message}
        {...register('landmark', {
          maxLength: {
            value: INCIDENT_LIMITS.landmarkMaxLength,
            message: `At most ${INCIDENT_LIMITS.landmarkMaxLength} characters`,
          },
        })}
      />
      <TextField
        label="Address (optional)"
        placeholder="House number, street, purok"
        autoComplete="street-address"
        hint={fromMap ? 'Filled in from the map. Change it if it is not right.' : undefined}
        maxLength={INCIDENT_LIMITS.addressMaxLength}
        error={errors.address?.message}
        {...register('address', {
          maxLength: {
            value: INCIDENT_LIMITS.addressMaxLength,
            message: `At most ${INCIDENT_LIMITS.addressMaxLength} characters`,
          },
        })}
      />
    </div>
  );
}
