import { MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useTracking } from './TrackingProvider.tsx';

/**
 * In the top bar on every page while the tanod's location is shared (docs/product.md §4.7: the tanod can
 * always see that tracking is on), with the count of points waiting for the connection.
 */
export function TrackingBadge() {
  const { t } = useLingui();
  const { isTracking, queued } = useTracking();
  if (!isTracking && queued === 0) return null;
  return (
    <Link
      to="/Patrolmap"
      className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-green-700 hover:bg-surface-2 dark:text-green-400"
      title={isTracking ? t`Tracking on: your location is shared` : t`Points waiting to send`}
      aria-label={
        isTracking
          ? queued
            ? t`Tracking on, ${queued} points waiting to send`
            : t`Tracking on`
          : t`${queued} points waiting to send`
      }
      data-testid="tracking-badge"
    >
      <MapPin className="h-5 w-5" aria-hidden="true" />
      <span className="hidden sm:inline">{isTracking ? <Trans>Tracking</Trans> : <Trans>Waiting</Trans>}</span>
      {queued > 0 && <span className="rounded-full bg-amber-500 px-1.5 text-xs text-white">{queued}</span>}
    </Link>
  );
}
