import { CloudOff, MapPin, MapPinOff } from 'lucide-react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

/**
 * Says plainly whether this phone is sharing its location (Data Privacy Act: the tanod always
 * knows), and how many points wait for the connection.
 */
export function TrackingIndicator({ isTracking, queued, online }: { isTracking: boolean; queued: number; online: boolean }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-wrap items-center gap-2" role="status" aria-live="polite" data-testid="tracking-indicator">
      {isTracking ? (
        <span className="inline-flex items-center gap-2 rounded-full bg-green-700 px-3 py-1.5 text-sm font-semibold text-white">
          <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
            <span className="absolute inline-flex h-full w-full animate-ping rounded-full bg-white opacity-75" />
            <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-white" />
          </span>
          <MapPin className="h-4 w-4" aria-hidden="true" /> <Trans>Tracking on: your location is shared</Trans>
        </span>
      ) : (
        <span className="inline-flex items-center gap-2 rounded-full bg-surface-2 px-3 py-1.5 text-sm font-semibold text-ink-soft">
          <MapPinOff className="h-4 w-4" aria-hidden="true" /> <Trans>Tracking off: your location is not shared</Trans>
        </span>
      )}
      {(queued > 0 || !online) && (
        <span className="inline-flex items-center gap-2 rounded-full bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-900" data-testid="offline-queue">
          <CloudOff className="h-4 w-4" aria-hidden="true" />
          {!online ? t`Offline · ` : ''}
          {t`${plural(queued, { one: '# point waiting to send', other: '# points waiting to send' })}`}
        </span>
      )}
    </div>
  );
}
