import { useEffect, useId, useRef, useState } from 'react';
import { Camera } from 'lucide-react';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '@/components/Avatar.tsx';
import { SECURITY_LIMITS } from '@bantay/shared/limits';
import { ApiError } from '@/lib/api-client.ts';
import { useSession } from '@/lib/session.tsx';
import { notify } from '@/lib/toast.ts';
import { uploadPhoto } from './account-api.ts';

const TYPES: readonly string[] = SECURITY_LIMITS.photoTypes;
const MAX_MB = SECURITY_LIMITS.photoMaxBytes / (1024 * 1024);

/** A quick check before the upload, in the language on screen; the server checks the content itself and decides. */
function photoProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!TYPES.includes(file.type)) return translate`Choose a JPEG, PNG or WebP image.`;
  if (file.size > SECURITY_LIMITS.photoMaxBytes) return translate`The photo is larger than ${MAX_MB} MB. Choose a smaller one.`;
  return null;
}

/** Profile photo: choose, preview, then save or cancel. */
export function ProfilePhotoCard() {
  const { t } = useLingui();
  const { user, refresh } = useSession();
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  const file = chosen?.file ?? null;
  const preview = chosen?.preview ?? null;

  // The preview's object URL is released when it is replaced and when the page goes.
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  function choose(picked: File | undefined) {
    if (!picked) return;
    const problem = photoProblem(picked);
    setError(problem);
    if (problem) {
      clear();
      return;
    }
    setChosen({ file: picked, preview: URL.createObjectURL(picked) });
  }

  function clear() {
    setChosen(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  async function save() {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      await uploadPhoto(file);
      await refresh();
      clear();
      notify.success(t`Profile photo updated`);
    } catch (caught) {
      if (caught instanceof ApiError && caught.status === 413) setError(t`The photo is larger than ${MAX_MB} MB. Choose a smaller one.`);
      else if (caught instanceof ApiError && caught.status === 415) setError(t`Choose a JPEG, PNG or WebP image.`);
      else if (caught instanceof ApiError && !caught.isNetwork && caught.status < 500) setError(caught.message);
      else notify.error(t`Error uploading the photo. Please try again.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center">
      <div className="relative">
        {preview ? (
          <img src={preview} alt={t`New profile photo preview`} className="h-24 w-24 rounded-full object-cover ring-2 ring-brand-600" />
        ) : (
          <Avatar firstName={user?.firstName} lastName={user?.lastName} src={user?.profilePicture} size={96} />
        )}
      </div>
      <div className="flex flex-1 flex-col items-center gap-2 sm:items-start">
        <p className="text-sm text-muted">
          <Trans>JPEG, PNG or WebP, up to {MAX_MB} MB.</Trans>
        </p>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={TYPES.join(',')}
          className="hidden"
          tabIndex={-1}
          aria-label={t`Profile photo`}
          aria-describedby={error ? `${inputId}-error` : undefined}
          onChange={(event) => choose(event.target.files?.[0])}
        />
        <div className="flex flex-wrap justify-center gap-2">
          {file ? (
            <>
              <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>
                {busy ? t`Saving…` : t`Save photo`}
              </button>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={clear}>
                <Trans>Cancel</Trans>
              </button>
            </>
          ) : (
            <button type="button" className="btn btn-secondary" onClick={() => inputRef.current?.click()}>
              <Camera className="h-4 w-4" aria-hidden="true" /> <Trans>Change photo</Trans>
            </button>
          )}
        </div>
        {error && (
          <p id={`${inputId}-error`} role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
