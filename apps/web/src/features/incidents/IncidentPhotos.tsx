import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { IncidentPhoto } from '@bantay/shared';
import { API_BASE } from '@/lib/api-client.ts';
import { storage } from '@/lib/storage.ts';
import { Modal } from '@/components/Modal.tsx';

/**
 * A report's photo. Photos are staff-only, so the browser cannot fetch them with a plain `src`:
 * the picture is fetched with the bearer token and shown from a blob URL.
 */
function useAuthorizedImage(url: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ url: string; src: string | null; failed: boolean }>({ url, src: null, failed: false });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    const token = storage.get('token');
    // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not prose
    fetch(`${API_BASE}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setState({ url, src: null, failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state.url === url ? state : { src: null, failed: false };
}

function Photo({ photo, alt, className }: { photo: IncidentPhoto; alt: string; className: string }) {
  const { src, failed } = useAuthorizedImage(photo.url);
  if (failed)
    return (
      <span className={`flex items-center justify-center bg-surface-2 text-xs text-muted ${className}`}>
        <Trans>Photo unavailable</Trans>
      </span>
    );
  if (!src) return <span className={`block animate-pulse bg-surface-2 ${className}`} aria-hidden="true" />;
  return <img src={src} alt={alt} className={`object-cover ${className}`} />;
}

interface IncidentPhotosProps<T extends IncidentPhoto> {
  photos: T[];
  size?: 'sm' | 'md';
  /**
   * Where the photos come from, for screen readers, in the language on screen: "the report" (the
   * reporter's, the default), "the note", "the resolution".
   */
  of?: string;
  /** A line under the full-size photo (who attached it, when). */
  caption?: (photo: T) => string;
}

const THUMBNAIL_BOX = { sm: 'h-12 w-12' as const, md: 'h-20 w-20' as const };

/** Thumbnails that open a larger view. */
export function IncidentPhotos<T extends IncidentPhoto>({ photos, size = 'md', of, caption }: IncidentPhotosProps<T>) {
  const { t } = useLingui();
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const source = of ?? t`the report`;
  const total = photos.length;
  const shownNumber = open === null ? 0 : open + 1;
  const box = THUMBNAIL_BOX[size];
  const shown = open === null ? null : photos[open];
  return (
    <>
      <ul className="flex flex-wrap gap-2" aria-label={t`Photos from ${source}`}>
        {photos.map((photo, index) => {
          const number = index + 1;
          return (
            <li key={photo._id}>
              <button
                type="button"
                className="block overflow-hidden rounded-lg border border-line"
                aria-label={t`Open photo ${number} of ${total} from ${source}`}
                onClick={() => setOpen(index)}
              >
                <Photo photo={photo} alt="" className={box} />
              </button>
            </li>
          );
        })}
      </ul>
      {shown && open !== null && (
        <Modal title={t`Photo ${shownNumber} of ${total}`} onClose={() => setOpen(null)} widthClass="max-w-3xl">
          <Photo photo={shown} alt={t`Photo ${shownNumber} from ${source}`} className="max-h-[70dvh] w-full rounded-lg !object-contain" />
          {caption && <p className="mt-2 text-sm text-muted">{caption(shown)}</p>}
          {photos.length > 1 && (
            <div className="mt-3 flex justify-between">
              <button type="button" className="btn btn-secondary" onClick={() => setOpen((open + photos.length - 1) % photos.length)}>
                <Trans>Previous</Trans>
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => setOpen((open + 1) % photos.length)}>
                <Trans>Next</Trans>
              </button>
            </div>
          )}
        </Modal>
      )}
    </>
  );
}
