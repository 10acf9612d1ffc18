import { Video } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { formatDistance } from '@/components/map/map-geometry.ts';
import { currentIntlTag } from '@/lib/i18n.ts';
import { useNearestCameras } from './incidents-api.ts';

const timeText = (iso: string) => new Date(iso).toLocaleTimeString(currentIntlTag(), { hour: 'numeric', minute: '2-digit' });

/** The cameras nearest an incident, with the footage window to ask their owners for (± 10 minutes). */
export function NearestCameras({ incidentId }: { incidentId: string }) {
  const { data, isLoading, isError } = useNearestCameras(incidentId);
  if (isLoading)
    return (
      <p className="text-sm text-muted">
        <Trans>Loading cameras…</Trans>
      </p>
    );
  if (isError || !data)
    return (
      <p className="text-sm text-danger">
        <Trans>The cameras could not be loaded.</Trans>
      </p>
    );
  if (data.items.length === 0)
    return (
      <p className="text-sm text-muted">
        <Trans>No cameras are registered nearby.</Trans>
      </p>
    );
  const from = timeText(data.reviewWindow.from);
  const to = timeText(data.reviewWindow.to);
  return (
    <div className="space-y-2">
      <p className="text-sm text-ink-soft">
        <Trans>
          Footage to review: {from} to {to}
        </Trans>
      </p>
      <ul className="divide-y divide-line rounded-lg border border-line" data-testid="nearest-cameras">
        {data.items.map(({ camera, distanceMeters }) => (
          <li key={camera._id} className="flex items-start gap-3 px-3 py-2 text-sm">
            <Video className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-medium">
                {camera.name} <span className="font-normal text-muted">· {formatDistance(distanceMeters)}</span>
              </p>
              {camera.ownerContact && <p className="text-muted">{camera.ownerContact}</p>}
            </div>
            {camera.viewingUrl && (
              <a className="shrink-0 font-medium text-brand-600 underline" href={camera.viewingUrl} target="_blank" rel="noopener noreferrer">
                <Trans>View</Trans>
              </a>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
