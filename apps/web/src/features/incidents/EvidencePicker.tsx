import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { EVIDENCE_LIMITS, INCIDENT_LIMITS } from '@bantay/shared';

/**
 * Photos from the scene, chosen before they are sent with a note or the resolution
 * (docs/decisions/019-incident-evidence-and-printouts.md). The browser checks the declared type and
 * size to answer at once; the server judges the bytes.
 */

interface PickedPhoto {
  file: File;
  /** An object URL for the preview, revoked when the photo is removed or the form goes away. */
  url: string;
}

const MB = 1024 * 1024;

export interface PickedPhotos {
  photos: PickedPhoto[];
  errors: string[];
  /** How many more may be chosen. */
  room: number;
  add(files: File[]): void;
  remove(index: number): void;
  clear(): void;
  files(): File[];
}

/** The chosen photos, at most `max` (what the incident's allowance has left). */
export function usePickedPhotos(max: number): PickedPhotos {
  const { t } = useLingui();
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const live = useRef<PickedPhoto[]>([]);
  useEffect(() => {
    live.current = photos;
  }, [photos]);
  useEffect(() => () => live.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);

  const add = useCallback(
    (files: File[]) => {
      const problems: string[] = [];
      const accepted: PickedPhoto[] = [];
      const most = Math.min(max, EVIDENCE_LIMITS.photosPerUpload);
      const megabytes = EVIDENCE_LIMITS.photoMaxBytes / MB;
      let room = most - photos.length;
      for (const file of files) {
        const name = file.name;
        if (!(INCIDENT_LIMITS.photoTypes as readonly string[]).includes(file.type)) problems.push(t`${name}: choose a JPEG, PNG or WebP photo`);
        else if (file.size > EVIDENCE_LIMITS.photoMaxBytes) problems.push(t`${name}: larger than ${megabytes} MB`);
        else if (room <= 0) problems.push(t`${name}: ${plural(most, { one: 'at most # photo here', other: 'at most # photos here' })}`);
        else {
          accepted.push({ file, url: URL.createObjectURL(file) });
          room -= 1;
        }
      }
      setErrors(problems);
      if (accepted.length > 0) setPhotos((current) => [...current, ...accepted]);
    },
    [max, photos.length, t],
  );
  const remove = useCallback((index: number) => {
    setErrors([]);
    setPhotos((current) => {
      const gone = current[index];
      if (gone) URL.revokeObjectURL(gone.url);
      return current.filter((_, position) => position !== index);
    });
  }, []);
  const clear = useCallback(() => {
    setErrors([]);
    setPhotos((current) => {
      current.forEach((photo) => URL.revokeObjectURL(photo.url));
      return [];
    });
  }, []);
  return {
    photos,
    errors,
    room: Math.max(0, Math.min(max, EVIDENCE_LIMITS.photosPerUpload) - photos.length),
    add,
    remove,
    clear,
    files: () => photos.map((photo) => photo.file),
  };
}

interface EvidencePickerProps {
  picked: PickedPhotos;
  /** What the photos go with, for the labels and the test ids. */
  label: 'note' | 'resolution';
  /** How many the incident may still take here, all uploads together. */
  left: number;
  disabled?: boolean;
  /** False where photos are the whole point (adding to a resolved incident's log). */
  optional?: boolean;
}

export function EvidencePicker({ picked, label, left, disabled = false, optional = true }: EvidencePickerProps) {
  const { t } = useLingui();
  const id = useId();
  if (left <= 0 && picked.photos.length === 0) {
    const most = label === 'note' ? EVIDENCE_LIMITS.notePhotosMax : EVIDENCE_LIMITS.resolutionPhotosMax;
    return (
      <p className="text-xs text-muted">
        {label === 'note' ? (
          <Trans>This note has all the photos it can take ({most}).</Trans>
        ) : (
          <Trans>This resolution has all the photos it can take ({most}).</Trans>
        )}
      </p>
    );
  }
  return (
    <div className="space-y-2" data-testid={`evidence-picker-${label}`}>
      <p id={`${id}-label`} className="text-sm font-medium">
        {optional ? (
          <Trans>
            Photos from the scene <span className="font-normal text-muted">(optional, {left} more, 5 MB each, staff only)</span>
          </Trans>
        ) : (
          <Trans>
            Photos from the scene <span className="font-normal text-muted">({left} more, 5 MB each, staff only)</span>
          </Trans>
        )}
      </p>
      {picked.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-labelledby={`${id}-label`}>
          {picked.photos.map((photo, index) => {
            const number = index + 1;
            const name = photo.file.name;
            return (
              <li key={photo.url} className="relative h-16 w-16 overflow-hidden rounded-lg border border-line bg-surface-2">
                <img src={photo.url} alt={t`Photo ${number}: ${name}`} className="h-full w-full object-cover" />
                <button
                  type="button"
                  className="absolute right-0 top-0 inline-flex h-8 w-8 items-center justify-center rounded-bl-lg bg-black/65 text-white hover:bg-black/80"
                  aria-label={t`Remove photo ${number} (${name})`}
                  disabled={disabled}
                  onClick={() => picked.remove(index)}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {picked.room > 0 && (
        <label
          className={`btn btn-secondary cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-[var(--focus)] ${disabled ? 'pointer-events-none opacity-60' : ''}`}
        >
          <ImagePlus className="h-4 w-4" aria-hidden="true" />
          {picked.photos.length === 0 ? t`Add photos` : t`Add another photo`}
          <input
            type="file"
            accept={INCIDENT_LIMITS.photoTypes.join(',')}
            multiple
            className="sr-only"
            disabled={disabled}
            aria-describedby={picked.errors.length > 0 ? `${id}-errors` : undefined}
            data-testid={`evidence-input-${label}`}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              if (files.length > 0) picked.add(files);
            }}
          />
        </label>
      )}
      {picked.errors.length > 0 && (
        <ul id={`${id}-errors`} role="alert" className="flex flex-col gap-1 text-sm text-danger">
          {picked.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
