import { useEffect, useId, useState, type ChangeEvent, type ReactNode } from 'react';
import { Camera } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SECURITY_LIMITS } from '@bantay/shared/limits';

interface FormSectionProps {
  title: string;
  note?: string;
  /** The first section has no rule above it. */
  first?: boolean;
  children: ReactNode;
}

/** A titled group of fields (a fieldset, so screen readers announce the group). */
export function FormSection({ title, note, first = false, children }: FormSectionProps) {
  return (
    <div className={first ? undefined : 'border-t border-line pt-5'}>
      <fieldset className="min-w-0">
        <legend className="text-base font-semibold">{title}</legend>
        {note && <p className="mt-1 text-sm text-muted">{note}</p>}
        <div className="mt-3 flex flex-col gap-4">{children}</div>
      </fieldset>
    </div>
  );
}

interface PhotoPickerProps {
  photo: File | null;
  error: string | null;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onRemove(): void;
}

/** An optional profile photo, previewed here and uploaded once the account exists. */
export function PhotoPicker({ photo, error, onChange, onRemove }: PhotoPickerProps) {
  const { t } = useLingui();
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    // The preview follows the chosen file; the URL is released when the file changes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [photo]);

  return (
    <div>
      <p className="mb-1.5 text-sm font-medium" id={`${inputId}-label`}>
        <Trans>Photo (optional)</Trans>
      </p>
      <div className="flex items-center gap-3">
        <span className="flex h-16 w-16 shrink-0 items-center justify-center overflow-hidden rounded-full bg-surface-2 text-muted">
          {preview ? <img src={preview} alt={t`Your chosen photo`} className="h-full w-full object-cover" /> : <Camera className="h-6 w-6" aria-hidden="true" />}
        </span>
        <div className="flex flex-wrap gap-2">
          <label htmlFor={inputId} className="btn btn-secondary focus-ring-within cursor-pointer">
            {photo ? t`Change photo` : t`Choose photo`}
            <input
              id={inputId}
              type="file"
              accept={SECURITY_LIMITS.photoTypes.join(',')}
              className="sr-only"
              aria-describedby={`${inputId}-note`}
              onChange={onChange}
            />
          </label>
          {photo && (
            <button type="button" className="btn btn-ghost" onClick={onRemove}>
              <Trans>Remove</Trans>
            </button>
          )}
        </div>
      </div>
      {error ? (
        <p id={`${inputId}-note`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${inputId}-note`} className="mt-1 text-xs text-muted">
          <Trans>JPEG, PNG or WebP, up to 5 MB. It helps the tanods recognise you.</Trans>
        </p>
      )}
    </div>
  );
}
