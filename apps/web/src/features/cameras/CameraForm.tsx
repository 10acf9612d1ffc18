import { useState } from 'react';
import { Crosshair, Trash2 } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CAMERA_LIMITS, type Camera } from '@bantay/shared';
import { ConfirmDialog } from '@/components/ConfirmDialog.tsx';
import { TextAreaField } from '@/components/form/TextAreaField.tsx';
import { TextField } from '@/components/form/TextField.tsx';
import { notify } from '@/lib/toast.ts';
import { createCamera } from './api/create-camera.ts';
import { deleteCamera } from './api/delete-camera.ts';
import { updateCamera } from './api/update-camera.ts';
import { useRefreshCameras } from './api/list-cameras.ts';
import { createBody, serverErrors, updateBody, valuesOf, type CameraErrors, type CameraFormValues } from './camera-form.ts';
import type { CameraEditor } from './use-camera-editor.ts';
import { FormAlert } from '@/components/FormAlert.tsx';

interface CameraFormProps {
  /** The camera to edit; null adds one. */
  camera: Camera | null;
  editor: CameraEditor;
  onDone(): void;
}

/**
 * Add or edit a camera: its name, description, viewing URL, owner and place. The place comes from
 * a click on the map (Pick on the map), a drag of its pin, or typed coordinates (the keyboard's
 * way). Refusals show next to their field; removal asks first.
 */
export function CameraForm({ camera, editor, onDone }: CameraFormProps) {
  const { t } = useLingui();
  const refresh = useRefreshCameras();
  const [values, setValues] = useState<CameraFormValues>(() => valuesOf(camera));
  const [errors, setErrors] = useState<CameraErrors>({});
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { position, setPosition, placing, setPlacing } = editor;

  const set = (patch: Partial<CameraFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(Object.keys(patch).map((key) => [key, undefined])), form: undefined }));
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const checked = camera ? updateBody(camera, values, position) : createBody(values, position);
    if (checked === null) return onDone();
    if (checked.errors) return setErrors(checked.errors);
    setBusy(true);
    try {
      if (camera) await updateCamera(camera._id, checked.body);
      else await createCamera(checked.body as Parameters<typeof createCamera>[0]);
      await refresh();
      const name = values.name.trim();
      notify.success(camera ? t`${name} saved` : t`${name} added`);
      onDone();
    } catch (error) {
      setErrors(serverErrors(error, t`The camera could not be saved. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!camera) return;
    setConfirming(false);
    setBusy(true);
    try {
      await deleteCamera(camera._id);
      await refresh();
      const name = camera.name;
      notify.success(t`${name} removed`);
      onDone();
    } catch (error) {
      setErrors(serverErrors(error, t`The camera could not be removed. Please try again.`));
    } finally {
      setBusy(false);
    }
  }

  const cameraName = camera?.name ?? '';
  const heading = camera ? t`Edit ${cameraName}` : t`Add a camera`;
  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-3" aria-label={heading}>
      <h3 className="text-base font-semibold">{heading}</h3>
      <FormAlert message={errors.form} />
      <TextField label={t`Name`} autoFocus maxLength={CAMERA_LIMITS.nameMaxLength} value={values.name} error={errors.name} onChange={(event) => set({ name: event.target.value })} />
      <TextAreaField
        label={t`Description (optional)`}
        rows={2}
        maxLength={CAMERA_LIMITS.descriptionMaxLength}
        value={values.description}
        error={errors.description}
        onChange={(event) => set({ description: event.target.value })}
      />
      <TextField
        label={t`Viewing URL (optional)`}
        type="url"
        inputMode="url"
        placeholder="http://192.168.1.20/live"
        maxLength={CAMERA_LIMITS.urlMaxLength}
        value={values.viewingUrl}
        error={errors.viewingUrl}
        onChange={(event) => set({ viewingUrl: event.target.value })}
      />
      <TextField
        label={t`Owner or contact (optional)`}
        maxLength={CAMERA_LIMITS.ownerContactMaxLength}
        value={values.ownerContact}
        error={errors.ownerContact}
        onChange={(event) => set({ ownerContact: event.target.value })}
      />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium">
          <Trans>Place</Trans>
        </legend>
        {/* Side by side on a phone; stacked in the narrow column beside a desk's map. */}
        <div className="grid grid-cols-2 gap-2 lg:grid-cols-1">
          <TextField
            label={t`Latitude`}
            inputMode="decimal"
            value={position.lat}
            error={errors.lat}
            onChange={(event) => {
              setPosition({ ...position, lat: event.target.value });
              setErrors((current) => ({ ...current, lat: undefined }));
            }}
          />
          <TextField
            label={t`Longitude`}
            inputMode="decimal"
            value={position.lng}
            error={errors.lng}
            onChange={(event) => {
              setPosition({ ...position, lng: event.target.value });
              setErrors((current) => ({ ...current, lng: undefined }));
            }}
          />
        </div>
        <button type="button" className="btn btn-secondary w-full" aria-pressed={placing} onClick={() => setPlacing(!placing)}>
          <Crosshair className="h-4 w-4" aria-hidden="true" />
          {placing ? t`Click the map… (cancel)` : t`Pick on the map`}
        </button>
        <p className="text-xs text-muted" role="status">
          {placing
            ? t`Click the map where the camera is.`
            : camera
              ? t`Or drag its pin on the map: a drag is saved at once.`
              : t`Or type the coordinates.`}
        </p>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          <Trans>Cancel</Trans>
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t`Saving…` : camera ? t`Save` : t`Add camera`}
        </button>
      </div>
      {camera && (
        <div className="border-t border-line pt-3">
          <button type="button" className="btn btn-ghost w-full text-danger" disabled={busy} onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            <Trans>Remove</Trans>
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        message={camera ? t`Remove the camera ${cameraName}?` : ''}
        confirmLabel={t`Remove`}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
