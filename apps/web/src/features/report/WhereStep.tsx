import type { DraftForm } from './draft-form.ts';
import type { PublicSettings, ReportLocation } from '@bantay/shared';
import { INCIDENT_LIMITS } from '@bantay/shared/limits';
import { TextField } from '@/components/form/TextField.tsx';
import { LocationPicker } from './LocationPicker.tsx';
import { FocusHeading } from './report-parts.tsx';

interface WhereStepProps {
  form: DraftForm;
  settings: PublicSettings | undefined;
  location: ReportLocation | null;
  onLocation(location: ReportLocation | null): void;
  locationError: string | undefined;
  focusHeading: boolean;
}

/**
 * Where it happened. The server offers no reverse geocoding yet (product §9: off by default), so
 * the address is typed; the pin alone is enough for the tanods.
 */
export function WhereStep({ form, settings, location, onLocation, locationError, focusHeading }: WhereStepProps) {
  const {
    register,
    formState: { errors },
  } = form;
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
