import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  createVehicleRequestSchema,
  SETTABLE_VEHICLE_STATUSES,
  updateVehicleRequestSchema,
  VEHICLE_TYPE_LABELS,
  VEHICLE_TYPES,
  type CreateVehicleRequest,
  type Vehicle,
} from '@bantay/shared';
import { Modal } from '@/components/Modal.tsx';
import { SelectField } from '@/components/form/SelectField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { notify } from '@/lib/toast.ts';
import { PhotoPicker, usePendingPhoto } from './PhotoPicker.tsx';
import { DialogActions } from '@/components/DialogActions.tsx';
import { FormAlert } from '@/components/FormAlert.tsx';
import { createVehicle, updateVehicle, uploadVehiclePhoto, useTanods } from './resources-api.ts';
import { schemaErrors, VEHICLE_STATUS_LABELS } from './resource-rules.ts';
import { useResourceSubmit } from './use-resource-submit.ts';
import { fullName } from '@/lib/full-name.ts';

interface VehicleValues {
  name: string;
  type: string;
  plate: string;
  model: string;
  year: string;
  colour: string;
  odometer: string;
  status: string;
}

const FIELDS = ['name', 'type', 'plate', 'model', 'year', 'colour', 'odometer', 'status', 'driverIds'] as const;

const valuesOf = (vehicle: Vehicle | null): VehicleValues => ({
  name: vehicle?.name ?? '',
  type: vehicle?.type ?? '',
  plate: vehicle?.plate ?? '',
  model: vehicle?.model ?? '',
  year: vehicle?.year ? String(vehicle.year) : '',
  colour: vehicle?.colour ?? '',
  odometer: vehicle ? String(vehicle.odometer) : '0',
  // A vehicle on a trip shows in_use, which nobody sets by hand; the form offers the other three.
  status: vehicle && vehicle.status !== 'in_use' ? vehicle.status : 'available',
});

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** Register a vehicle or edit one: details, odometer, status, assigned drivers and a photo. */
export function VehicleDialog({ vehicle, onClose }: { vehicle: Vehicle | null; onClose(): void }) {
  const { t } = useLingui();
  const tanods = useTanods();
  const originalDrivers = vehicle?.drivers.map((d) => d._id) ?? [];
  const [driverIds, setDriverIds] = useState<string[]>(originalDrivers);
  const photo = usePendingPhoto();
  const [driverError, setDriverError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, dirtyFields },
  } = useForm<VehicleValues>({ defaultValues: valuesOf(vehicle) });
  const { formError, showErrors, save, refresh } = useResourceSubmit({
    fields: FIELDS,
    failure: t`Error saving the vehicle. Please try again.`,
    setFieldError: (field, message, focus) => {
      if (field === 'driverIds') setDriverError(message);
      else setError(field, { message }, { shouldFocus: focus });
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setDriverError(null);
    const body: Record<string, unknown> = {
      name: values.name,
      type: values.type || undefined,
      plate: values.plate,
      model: values.model,
      year: values.year.trim() === '' ? null : Number(values.year),
      colour: values.colour,
      odometer: values.odometer.trim() === '' ? undefined : Number(values.odometer),
      status: values.status,
      driverIds,
    };
    const changed = vehicle
      ? Object.fromEntries(
          Object.entries(body).filter(([key]) =>
            key === 'driverIds' ? !sameSet(driverIds, originalDrivers) : dirtyFields[key as keyof VehicleValues],
          ),
        )
      : body;
    const hasChanges = Object.keys(changed).length > 0;
    if (vehicle && !hasChanges && !photo.file) {
      onClose();
      return;
    }
    if (hasChanges) {
      const parsed = vehicle
        ? updateVehicleRequestSchema.safeParse(changed)
        : createVehicleRequestSchema.safeParse(body);
      if (!parsed.success) {
        showErrors(schemaErrors(parsed.error));
        return;
      }
    }
    let saved = vehicle;
    const stored = await save(async () => {
      if (!vehicle) saved = await createVehicle(body as CreateVehicleRequest);
      else if (hasChanges) saved = await updateVehicle(vehicle._id, changed);
    });
    if (!stored) return;
    if (saved && !(await photo.uploadFor(saved, uploadVehiclePhoto, refresh))) return;
    notify.success(vehicle ? t`Vehicle updated` : t`Vehicle added`);
    onClose();
  });

  const vehicleName = vehicle?.name ?? '';
  return (
    <Modal title={vehicle ? t`Edit ${vehicleName}` : t`Add a vehicle`} onClose={onClose} widthClass="max-w-2xl">
      <form
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
        aria-label={vehicle ? t`Edit vehicle` : t`Add vehicle`}
      >
        <FormAlert message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Name`}
            autoComplete="off"
            data-autofocus
            error={errors.name?.message}
            {...register('name')}
          />
          <SelectField label={t`Type`} error={errors.type?.message} {...register('type')}>
            <option value="">{t`Choose a type`}</option>
            {VEHICLE_TYPES.map((type) => (
              <option key={type} value={type}>
                {VEHICLE_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t`Plate number`}
            autoComplete="off"
            autoCapitalize="characters"
            error={errors.plate?.message}
            {...register('plate')}
          />
          <TextField
            label={t`Model (optional)`}
            autoComplete="off"
            hint={t`Optional`}
            error={errors.model?.message}
            {...register('model')}
          />
          <TextField
            label={t`Year (optional)`}
            type="number"
            inputMode="numeric"
            hint={t`Optional`}
            error={errors.year?.message}
            {...register('year')}
          />
          <TextField
            label={t`Colour (optional)`}
            autoComplete="off"
            hint={t`Optional`}
            error={errors.colour?.message}
            {...register('colour')}
          />
          <TextField
            label={t`Odometer (km)`}
            type="number"
            inputMode="numeric"
            min={0}
            error={errors.odometer?.message}
            {...register('odometer')}
          />
          <SelectField
            label={t`Status`}
            hint={
              vehicle?.status === 'in_use'
                ? t`On a trip now; it is set to available when the trip is completed.`
                : undefined
            }
            error={errors.status?.message}
            {...register('status')}
          >
            {SETTABLE_VEHICLE_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(VEHICLE_STATUS_LABELS[status])}
              </option>
            ))}
          </SelectField>
        </div>
        <fieldset aria-describedby={driverError ? 'vehicle-drivers-error' : undefined}>
          <legend className="mb-1.5 text-sm font-medium">
            <Trans>Assigned drivers</Trans>
          </legend>
          {tanods.isPending ? (
            <p className="text-sm text-muted">
              <Trans>Loading tanods…</Trans>
            </p>
          ) : tanods.isError ? (
            <p className="text-sm text-danger">
              <Trans>Error loading the tanods.</Trans>
            </p>
          ) : (
            <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-line p-2 sm:grid-cols-2">
              {(tanods.data ?? []).map((tanod) => (
                <label
                  key={tanod._id}
                  className="flex min-h-9 items-center gap-2 rounded px-2 text-sm hover:bg-surface-2"
                >
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={driverIds.includes(tanod._id)}
                    onChange={(event) =>
                      setDriverIds((ids) =>
                        event.target.checked ? [...ids, tanod._id] : ids.filter((id) => id !== tanod._id),
                      )
                    }
                  />
                  {fullName(tanod)}
                </label>
              ))}
            </div>
          )}
          {driverError && (
            <p id="vehicle-drivers-error" className="mt-1 text-sm text-danger">
              {driverError}
            </p>
          )}
        </fieldset>
        <PhotoPicker
          current={vehicle?.image ?? null}
          {...photo.pickerProps}
        />
        <DialogActions
          busy={isSubmitting}
          submitLabel={vehicle ? t`Save changes` : t`Add vehicle`}
          busyLabel={t`Saving…`}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
