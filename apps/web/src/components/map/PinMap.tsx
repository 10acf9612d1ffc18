import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { pointInPolygon } from '@bantay/shared';
import { usePublicSettings } from '@/lib/public-settings.ts';
import StaffMap from './StaffMap.tsx';
import { useLeafletMap } from './map-context.ts';
import { PointPin, type MapPoint } from './PointPin.tsx';

export interface PinMapProps {
  /** Names the map for screen readers ("Map: tap where it happened"). */
  label: string;
  point: MapPoint | null;
  onPick(point: MapPoint): void;
  /** The pin's tooltip ("The place of the incident", "Your home"). */
  pinTitle: string;
  className?: string;
  testId?: string;
}

/** A map cannot be tapped from the keyboard: this puts the pin where the map is centred. */
function CentreButton({ onPick }: { onPick(point: MapPoint): boolean }) {
  const map = useLeafletMap();
  return (
    <button
      type="button"
      className="btn btn-secondary mt-2 w-full sm:w-auto"
      onClick={() => {
        const centre = map.getCenter();
        onPick({ lat: Math.round(centre.lat * 1e6) / 1e6, lng: Math.round(centre.lng * 1e6) / 1e6 });
      }}
    >
      <Trans>Put the pin at the centre of the map</Trans>
    </button>
  );
}

/**
 * A point chosen on the barangay's map: tap to place the pin, drag to move it, or centre the map
 * and press the button. A point outside the barangay's boundary is refused here, with the reason;
 * the server checks again. Load it lazily (lazy-pin-map.tsx): it brings Leaflet.
 */
export default function PinMap({ label, point, onPick, pinTitle, className = 'h-64', testId }: PinMapProps) {
  const { t } = useLingui();
  const { data: settings } = usePublicSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const barangayName = settings?.name ?? t`the barangay`;

  const accept = (candidate: MapPoint): boolean => {
    if (settings?.boundary && !pointInPolygon(candidate, settings.boundary)) {
      setProblem(t`This place is outside ${barangayName}. Put the pin inside the outlined area.`);
      return false;
    }
    setProblem(null);
    onPick(candidate);
    return true;
  };

  return (
    <div>
      <StaffMap label={label} className={className} testId={testId}>
        <PointPin point={point} onPick={accept} title={pinTitle} />
        <CentreButton onPick={accept} />
      </StaffMap>
      {problem && (
        <p role="alert" className="mt-2 rounded-lg bg-danger/10 px-3 py-2 text-sm font-medium text-danger">
          {problem}
        </p>
      )}
    </div>
  );
}
