import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  completeTripRequestSchema,
  createTripRequestSchema,
  rejectTripRequestSchema,
  VEHICLE_CONDITION_LABELS,
  VEHICLE_CONDITIONS,
  CONDITIONS_NEEDING_REPAIR,
  type Trip,
  type TripDestinationPoint,
  type Vehicle,
  type VehicleCondition,
} from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { notify } from '@/lib/toast.ts';
import { fromZonedInput, toZonedInput } from '@/lib/zoned-time.ts';
import { currentIntlTag } from '@/lib/i18n.ts';
import { DialogActions } from '@/components/DialogActions.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import { LazyTripPointMap } from './lazy-trip-point-map.tsx';
import { completeTrip, rejectTrip, requestTrip } from './resources-api.ts';
import { schemaErrors } from './resource-rules.ts';
import { useResourceSubmit } from './use-resource-submit.ts';

const REQUEST_FIELDS = [
  'vehicleId',
  'purpose',
  'destination',
  'destinationPoint',
  'destinationPoint.lat',
  'destinationPoint.lng',
  'startsAt',
  'endsAt',
  'startOdometer',
] as const;

const HOUR = 60 * 60_000;

/** The next whole hour, and two hours after: a sensible first guess for a trip. */
function nextHours(timeZone: string | undefined): { startsAt: string; endsAt: string } {
  const start = Math.ceil(Date.now() / HOUR) * HOUR;
  return {
    startsAt: toZonedInput(new Date(start).toISOString(), timeZone),
    endsAt: toZonedInput(new Date(start + 2 * HOUR).toISOString(), timeZone),
  };
}

/** A driver asks for one of their vehicles: when, why, where, and the odometer at the start. */
export function TripRequestDialog({
  vehicles,
  vehicleId: initialVehicleId,
  onClose,
}: {
  vehicles: Vehicle[];
  vehicleId?: string;
  onClose(): void;
}) {
  const { t } = useLingui();
  const timeZone = usePublicSettings().data?.timezone;
  const [vehicleId, setVehicleId] = useState(initialVehicleId ?? vehicles[0]?._id ?? '');
  const vehicle = vehicles.find((v) => v._id === vehicleId);
  const [values, setValues] = useState(() => ({
    purpose: '',
    destination: '',
    ...nextHours(timeZone),
    startOdometer: vehicle ? String(vehicle.odometer) : '',
  }));
  const [point, setPoint] = useState<TripDestinationPoint | null>(null);
  const { formError, fieldErrors: errors, busy, showErrors, save } = useResourceSubmit({
    fields: REQUEST_FIELDS,
    failure: t`Error sending the request. Please try again.`,
  });
  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = createTripRequestSchema.safeParse({
      vehicleId: vehicleId || undefined,
      purpose: values.purpose,
      destination: values.destination,
      destinationPoint: point ?? undefined,
      startsAt: fromZonedInput(values.startsAt, timeZone) ?? values.startsAt,
      endsAt: fromZonedInput(values.endsAt, timeZone) ?? values.endsAt,
      startOdometer: values.startOdometer.trim() === '' ? undefined : Number(values.startOdometer),
    });
    if (!parsed.success) {
      showErrors(schemaErrors(parsed.error));
      return;
    }
    if (!(await save(() => requestTrip(parsed.data)))) return;
    notify.success(t`Trip requested. An admin will approve or reject it.`);
    onClose();
  }

  const reading = vehicle ? vehicle.odometer.toLocaleString(currentIntlTag()) : '';
  return (
    <Modal title={t`Request a trip`} onClose={onClose} widthClass="max-w-lg">
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t`Request a trip`}
      >
        <FormAlert message={formError} />
        <SelectField
          label={t`Vehicle`}
          value={vehicleId}
          onChange={(event) => {
            setVehicleId(event.target.value);
            const next = vehicles.find((v) => v._id === event.target.value);
            if (next) setValues((v) => ({ ...v, startOdometer: String(next.odometer) }));
          }}
          error={errors.vehicleId}
        >
          {vehicles.map((v) => (
            <option key={v._id} value={v._id}>
              {v.name} ({v.plate})
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Purpose`}
          value={values.purpose}
          onChange={set('purpose')}
          error={errors.purpose}
          data-autofocus
        />
        <TextField
          label={t`Destination`}
          value={values.destination}
          onChange={set('destination')}
          error={errors.destination}
        />
        <DestinationPointField point={point} onChange={setPoint} error={errors.destinationPoint ?? errors['destinationPoint.lat'] ?? errors['destinationPoint.lng']} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Starts`}
            type="datetime-local"
            value={values.startsAt}
            onChange={set('startsAt')}
            error={errors.startsAt}
          />
          <TextField
            label={t`Ends`}
            type="datetime-local"
            value={values.endsAt}
            onChange={set('endsAt')}
            error={errors.endsAt}
          />
        </div>
        <TextField
          label={t`Start odometer (km)`}
          type="number"
          inputMode="numeric"
          min={vehicle?.odometer ?? 0}
          hint={vehicle ? t`The vehicle's odometer reads ${reading} km` : undefined}
          value={values.startOdometer}
          onChange={set('startOdometer')}
          error={errors.startOdometer}
        />
        <DialogActions busy={busy} submitLabel={t`Send request`} busyLabel={t`Sending…`} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** Where the trip goes on the map: optional, picked with a tap and adjusted by dragging the pin. */
function DestinationPointField({
  point,
  onChange,
  error,
}: {
  point: TripDestinationPoint | null;
  onChange(point: TripDestinationPoint | null): void;
  error: string | undefined;
}) {
  const { t } = useLingui();
  const lat = point?.lat.toFixed(5);
  const lng = point?.lng.toFixed(5);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium text-ink">
        <Trans>Destination on the map (optional)</Trans>
      </legend>
      <p className="text-xs text-muted">
        <Trans>Tap the map where the trip goes, then drag the pin to adjust.</Trans>
      </p>
      <LazyTripPointMap label={t`Map: tap where the trip goes`} point={point} onPick={onChange} />
      {point && (
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="tabular-nums text-ink-soft" data-testid="trip-point">
            <Trans>
              Picked: {lat}, {lng}
            </Trans>
          </span>
          <button type="button" className="btn btn-ghost min-h-9 px-3" onClick={() => onChange(null)}>
            <Trans>Remove the point</Trans>
          </button>
        </p>
      )}
      {error && <p className="text-sm text-danger">{error}</p>}
    </fieldset>
  );
}

/** The driver (or an admin) closes a trip: end odometer, the vehicle's condition, notes. */
export function CompleteTripDialog({ trip, onClose }: { trip: Trip; onClose(): void }) {
  const { t } = useLingui();
  const start = trip.startOdometer;
  const destination = trip.destination;
  const startKm = trip.startOdometer.toLocaleString(currentIntlTag());
  const [endOdometer, setEndOdometer] = useState('');
  const [condition, setCondition] = useState<VehicleCondition | ''>('');
  const [notes, setNotes] = useState('');
  const { formError, fieldErrors: errors, busy, showErrors, save } = useResourceSubmit({
    fields: ['endOdometer', 'condition', 'notes'],
    failure: t`Error completing the trip. Please try again.`,
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = completeTripRequestSchema.safeParse({
      endOdometer: endOdometer.trim() === '' ? undefined : Number(endOdometer),
      condition: condition || undefined,
      notes,
    });
    const found = parsed.success ? {} : schemaErrors(parsed.error);
    // The server checks this too; saying it here saves a round trip.
    if (parsed.success && parsed.data.endOdometer <= trip.startOdometer)
      found.endOdometer = t`End odometer must be more than the start (${start} km)`;
    if (!parsed.success || Object.keys(found).length > 0) {
      showErrors(found);
      return;
    }
    if (!(await save(() => completeTrip(trip._id, parsed.data)))) return;
    const distance = Number(endOdometer) - trip.startOdometer;
    notify.success(t`Trip completed: ${distance} km`);
    onClose();
  }

  return (
    <Modal title={t`Complete the trip to ${destination}`} onClose={onClose}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t`Complete the trip`}
      >
        <FormAlert message={formError} />
        <TextField
          label={t`End odometer (km)`}
          type="number"
          inputMode="numeric"
          min={trip.startOdometer + 1}
          hint={t`Started at ${startKm} km`}
          value={endOdometer}
          onChange={(event) => setEndOdometer(event.target.value)}
          error={errors.endOdometer}
          data-autofocus
        />
        <SelectField
          label={t`Condition of the vehicle`}
          value={condition}
          onChange={(event) => setCondition(event.target.value as VehicleCondition | '')}
          hint={
            condition && CONDITIONS_NEEDING_REPAIR.includes(condition)
              ? t`The vehicle will be set to maintenance.`
              : undefined
          }
          error={errors.condition}
        >
          <option value="">{t`Choose the condition`}</option>
          {VEHICLE_CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {VEHICLE_CONDITION_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextAreaField
          label={t`Notes`}
          hint={t`Optional`}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
          error={errors.notes}
          rows={2}
        />
        <DialogActions busy={busy} submitLabel={t`Complete trip`} busyLabel={t`Saving…`} onCancel={onClose} />
      </form>
    </Modal>
  );
}

/** An admin turns a request down, saying why (the driver sees the reason). */
export function RejectTripDialog({ trip, onClose }: { trip: Trip; onClose(): void }) {
  const { t } = useLingui();
  const destination = trip.destination;
  const [reason, setReason] = useState('');
  const { formError, fieldErrors: errors, busy, showErrors, save } = useResourceSubmit({
    fields: ['reason'],
    failure: t`Error rejecting the trip. Please try again.`,
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = rejectTripRequestSchema.safeParse({ reason });
    if (!parsed.success) {
      showErrors(schemaErrors(parsed.error));
      return;
    }
    if (!(await save(() => rejectTrip(trip._id, parsed.data)))) return;
    notify.success(t`Trip rejected`);
    onClose();
  }

  return (
    <Modal title={t`Reject the trip to ${destination}`} onClose={onClose}>
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t`Reject the trip`}
      >
        <FormAlert message={formError} />
        <TextAreaField
          label={t`Reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={errors.reason}
          data-autofocus
        />
        <DialogActions busy={busy} submitLabel={t`Reject`} busyLabel={t`Rejecting…`} onCancel={onClose} danger />
      </form>
    </Modal>
  );
}
