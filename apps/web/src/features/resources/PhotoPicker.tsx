import { useEffect, useId, useRef, useState } from 'react';
import { Camera, X } from 'lucide-react';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { RESOURCE_LIMITS } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { notify } from '@/lib/toast.ts';
import { failureMessage } from './resource-rules.ts';

const TYPES: readonly string[] = RESOURCE_LIMITS.photoTypes;
const MAX_MB = RESOURCE_LIMITS.photoMaxBytes / (1024 * 1024);

/**
 * A quick check before the upload; the server checks the content itself and re-encodes it. The
 * words are in the language on screen when the photo is chosen.
 */
function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type)) return t`Choose a JPEG, PNG or WebP image.`;
  if (file.size > RESOURCE_LIMITS.photoMaxBytes) return t`The photo is larger than ${MAX_MB} MB. Choose a smaller one.`;
  return null;
}

/** The server's refusal of an upload, in words for the person who chose the photo. */
function photoFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return t`The photo is larger than ${MAX_MB} MB. Choose a smaller one.`;
  if (error instanceof ApiError && error.status === 415) return t`Choose a JPEG, PNG or WebP image.`;
  return failureMessage(error, t`Error uploading the photo. Please try again.`);
}

/**
 * The photo an item or vehicle dialog uploads once its record is saved (the upload needs the
 * record's id), with the upload's refusal shown beside the picker.
 */
export function usePendingPhoto() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    file,
    pickerProps: {
      file,
      error,
      onChange(picked: File | null) {
        setFile(picked);
        setError(null);
      },
    },
    /**
     * Uploads the chosen photo, if any, for the record just saved, then `refresh`es the lists.
     * False when the server refused it: the record stays saved, the dialog stays open on the
     * message, and a toast says what was kept.
     */
    async uploadFor(
      saved: { _id: string; name: string },
      upload: (id: string, photo: File) => Promise<unknown>,
      refresh: () => Promise<unknown>,
    ): Promise<boolean> {
      if (!file) return true;
      try {
        await upload(saved._id, file);
        await refresh();
        return true;
      } catch (failure) {
        setError(photoFailure(failure));
        const name = saved.name;
        notify.error(t`${name} was saved, but not its photo.`);
        return false;
      }
    },
  };
}

interface PhotoPickerProps {
  /** The saved photo's URL, if any. */
  current: string | null;
  file: File | null;
  onChange(file: File | null): void;
  /** An upload refusal from the server, shown like a field error. */
  error?: string | null;
}

/** Choose one photo for an item or a vehicle, with a preview; it is uploaded when the form saves. */
export function PhotoPicker({ current, file, onChange, error }: PhotoPickerProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);

  // The preview's object URL is released when it is replaced and when the form goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(picked: File | undefined) {
    if (!picked) return;
    const found = photoProblem(picked);
    setProblem(found);
    if (found) clear();
    else {
      setPreview(URL.createObjectURL(picked));
      onChange(picked);
    }
  }

  function clear() {
    setPreview(null);
    onChange(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  const shown = (file && preview) ?? current;
  const message = problem ?? error ?? null;
  return (
    <div>
      <span className="mb-1.5 block text-sm font-medium text-ink">
        <Trans>Photo</Trans>
      </span>
      <div className="flex items-center gap-3">
        {shown ? (
          <img
            src={shown}
            alt={preview ? t`New photo preview` : t`Current photo`}
            className="h-16 w-16 rounded-lg border border-line object-cover"
          />
        ) : (
          <span
            className="flex h-16 w-16 items-center justify-center rounded-lg border border-dashed border-line text-muted"
            aria-hidden="true"
          >
            <Camera className="h-6 w-6" />
          </span>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn btn-secondary min-h-9 px-3" onClick={() => inputRef.current?.click()}>
            <Camera className="h-4 w-4" aria-hidden="true" /> {shown ? t`Change photo` : t`Add photo`}
          </button>
          {file && (
            <button type="button" className="btn btn-ghost min-h-9 px-3" onClick={clear}>
              <X className="h-4 w-4" aria-hidden="true" /> {current ? t`Keep the current photo` : t`Remove`}
            </button>
          )}
        </div>
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={TYPES.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-label={t`Photo`}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
      </div>
      <p className="mt-1 text-xs text-muted">
        <Trans>JPEG, PNG or WebP, up to {MAX_MB} MB.</Trans>
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {message}
        </p>
      )}
    </div>
  );
}
