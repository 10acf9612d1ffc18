import { useId } from 'react';
import { Link } from 'wouter';
import type { DraftForm } from './draft-form.ts';
import { ImagePlus, Siren, X } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { PublicSettings } from '@bantay/shared';
import { currentIntlTag } from '@/lib/i18n.ts';
import { TextField } from '@/components/form/TextField.tsx';
import { defaultClassification } from './draft.ts';
import { FocusHeading } from './report-parts.tsx';
import {
  checkDescription,
  checkOccurredAt,
  checkType,
  DESCRIPTION_MAX,
  PHOTOS_MAX,
  toLocalInputValue,
} from './report-rules.ts';
import { incidentTypeLabel } from '@bantay/shared';

export interface AttachedPhoto {
  file: File;
  /** An object URL for the preview; revoked when the photo is removed. */
  url: string;
}

interface WhatStepProps {
  form: DraftForm;
  settings: PublicSettings | undefined;
  photos: AttachedPhoto[];
  photoErrors: string[];
  onAddPhotos(files: File[]): void;
  onRemovePhoto(index: number): void;
  focusHeading: boolean;
}

export function WhatStep({
  form,
  settings,
  photos,
  photoErrors,
  onAddPhotos,
  onRemovePhoto,
  focusHeading,
}: WhatStepProps) {
  const { t } = useLingui();
  const id = useId();
  const numbers = currentIntlTag();
  const photosMax = PHOTOS_MAX;
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const description = watch('description');
  const types = settings?.incidentTypes ?? [];
  const typeField = register('type', {
    validate: checkType,
    onChange: (event: { target: { value: string } }) => {
      setValue('classification', defaultClassification(settings?.incidentTypes, event.target.value));
    },
  });
  return (
    <div className="flex flex-col gap-5">
      <FocusHeading focusOnMount={focusHeading}>
        <Trans>What happened?</Trans>
      </FocusHeading>
      <Link
        to="/Reportincidents?emergency=1"
        className="flex min-h-12 items-center gap-3 rounded-lg border border-red-700/40 bg-red-50 px-3 py-2 text-sm hover:border-red-700 dark:border-red-400/40 dark:bg-red-950/40"
      >
        <Siren className="h-5 w-5 shrink-0 text-red-700 dark:text-red-400" aria-hidden="true" />
        <span className="flex-1 text-ink-soft">
          <Trans>
            Someone in danger right now?{' '}
            <span className="font-semibold text-red-700 underline dark:text-red-300">Send an emergency report</span>
          </Trans>
        </span>
      </Link>

      <div>
        <label htmlFor={`${id}-type`} className="mb-1.5 block text-sm font-medium">
          <Trans>Type of incident</Trans>
        </label>
        <select
          id={`${id}-type`}
          className="input"
          aria-invalid={errors.type ? true : undefined}
          aria-describedby={errors.type ? `${id}-type-error` : undefined}
          disabled={!settings}
          {...typeField}
        >
          <option value="">{settings ? t`Choose…` : t`Loading the types…`}</option>
          {types.map((type) => (
            <option key={type.name} value={type.name}>
              {incidentTypeLabel(type.name)}
            </option>
          ))}
        </select>
        {errors.type && (
          <p id={`${id}-type-error`} className="mt-1 text-sm text-danger">
            {errors.type.message}
          </p>
        )}
      </div>

      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">
          <Trans>How urgent is it?</Trans>
        </legend>
        <div className="grid grid-cols-2 gap-2">
          <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-3 has-checked:border-brand-600 has-checked:bg-brand-50 dark:has-checked:bg-surface-2">
            <input type="radio" value="normal" className="h-4 w-4 accent-brand-600" {...register('classification')} />
            <span className="text-sm font-medium">
              <Trans>Normal</Trans>
            </span>
          </label>
          <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-line bg-surface px-3 has-checked:border-red-700 has-checked:bg-red-50 dark:has-checked:bg-surface-2">
            <input type="radio" value="emergency" className="h-4 w-4 accent-red-700" {...register('classification')} />
            <span className="text-sm font-medium">
              <Trans>Emergency</Trans>
            </span>
          </label>
        </div>
      </fieldset>

      <div>
        <div className="mb-1.5 flex items-baseline justify-between gap-2">
          <label htmlFor={`${id}-description`} className="text-sm font-medium">
            <Trans>Describe what happened</Trans>
          </label>
          <span
            id={`${id}-count`}
            className={`text-xs tabular-nums ${description.length >= DESCRIPTION_MAX ? 'font-semibold text-danger' : 'text-muted'}`}
          >
            {description.length.toLocaleString(numbers)} / {DESCRIPTION_MAX.toLocaleString(numbers)}
          </span>
        </div>
        <textarea
          id={`${id}-description`}
          rows={5}
          maxLength={DESCRIPTION_MAX}
          className="input resize-y"
          placeholder={t`Who, what, and anything that helps the tanods (no need to repeat the place).`}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={[errors.description ? `${id}-description-error` : '', `${id}-count`]
            .filter(Boolean)
            .join(' ')}
          {...register('description', { validate: (value, values) => checkDescription(value, values.classification) })}
        />
        {errors.description && (
          <p id={`${id}-description-error`} className="mt-1 text-sm text-danger">
            {errors.description.message}
          </p>
        )}
      </div>

      <TextField
        label={t`When did it happen?`}
        type="datetime-local"
        max={toLocalInputValue(new Date())}
        error={errors.occurredAt?.message}
        hint={t`Leave it as is if it is happening now.`}
        {...register('occurredAt', { validate: (value) => checkOccurredAt(value, new Date()) })}
      />

      <div>
        <p id={`${id}-photos-label`} className="mb-1.5 text-sm font-medium">
          <Trans>
            Photos <span className="font-normal text-muted">(optional, up to {photosMax}, 5 MB each)</span>
          </Trans>
        </p>
        {photos.length > 0 && (
          <ul className="mb-2 grid grid-cols-3 gap-2" aria-labelledby={`${id}-photos-label`}>
            {photos.map((photo, index) => {
              const number = index + 1;
              const name = photo.file.name;
              return (
                <li key={photo.url} className="relative overflow-hidden rounded-lg border border-line bg-surface-2">
                  <img
                    src={photo.url}
                    alt={t`Photo ${number}: ${name}`}
                    className="aspect-square w-full object-cover"
                  />
                  <button
                    type="button"
                    className="absolute right-1 top-1 inline-flex h-11 w-11 items-center justify-center rounded-full bg-black/65 text-white hover:bg-black/80"
                    aria-label={t`Remove photo ${number} (${name})`}
                    onClick={() => onRemovePhoto(index)}
                  >
                    <X className="h-5 w-5" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {photos.length < PHOTOS_MAX && (
          <label className="btn btn-secondary w-full cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--focus)] sm:w-auto">
            <ImagePlus className="h-5 w-5" aria-hidden="true" />
            {photos.length === 0 ? t`Add photos` : t`Add another photo`}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="sr-only"
              aria-describedby={photoErrors.length > 0 ? `${id}-photo-errors` : undefined}
              onChange={(event) => {
                const files = Array.from(event.target.files ?? []);
                event.target.value = '';
                if (files.length > 0) onAddPhotos(files);
              }}
            />
          </label>
        )}
        {photoErrors.length > 0 && (
          <ul id={`${id}-photo-errors`} role="alert" className="mt-2 flex flex-col gap-1 text-sm text-danger">
            {photoErrors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
