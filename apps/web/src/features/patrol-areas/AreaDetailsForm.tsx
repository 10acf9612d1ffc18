import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PATROL_LIMITS } from '@bantay/shared';
import { TextField } from '@/components/form/TextField.tsx';

interface AreaDetailsFormProps {
  initial: { name: string; color: string };
  errors: { name?: string; color?: string; polygon?: string; form?: string };
  submitLabel: string;
  busy: boolean;
  onSubmit(values: { name: string; color: string }): void;
  onColorChange?(color: string): void;
  onCancel?(): void;
}

/** An area's name and ring colour; the server's refusals appear next to their field. */
export function AreaDetailsForm({ initial, errors, submitLabel, busy, onSubmit, onColorChange, onCancel }: AreaDetailsFormProps) {
  const { t } = useLingui();
  const [name, setName] = useState(initial.name);
  const [color, setColor] = useState(initial.color);
  const [nameError, setNameError] = useState<string | undefined>();

  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) {
          setNameError(t`Name is required`);
          return;
        }
        setNameError(undefined);
        onSubmit({ name: trimmed, color });
      }}
    >
      <TextField
        label={t`Area name`}
        value={name}
        maxLength={PATROL_LIMITS.areaNameMaxLength}
        onChange={(event) => setName(event.target.value)}
        error={nameError ?? errors.name}
        autoComplete="off"
      />
      <div>
        <label className="mb-1.5 block text-sm font-medium text-ink" htmlFor="area-color">
          <Trans>Colour</Trans>
        </label>
        <div className="flex items-center gap-3">
          <input
            id="area-color"
            type="color"
            className="h-11 w-16 cursor-pointer rounded-lg border border-line bg-surface p-1"
            value={color}
            aria-invalid={errors.color ? true : undefined}
            onChange={(event) => {
              setColor(event.target.value);
              onColorChange?.(event.target.value);
            }}
          />
          <span className="font-mono text-sm text-muted">{color}</span>
        </div>
        {errors.color && <p className="mt-1 text-sm text-danger">{errors.color}</p>}
      </div>
      {errors.polygon && <p className="text-sm text-danger">{errors.polygon}</p>}
      {errors.form && (
        <p className="text-sm text-danger" role="alert">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-secondary" onClick={onCancel}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
