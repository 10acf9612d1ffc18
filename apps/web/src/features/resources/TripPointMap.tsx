import { useLingui } from '@lingui/react/macro';
import type { TripDestinationPoint } from '@bantay/shared';
import StaffMap from '@/components/map/StaffMap.tsx';
import { PointPin } from '@/components/map/PointPin.tsx';

export interface TripPointMapProps {
  label: string;
  point: TripDestinationPoint | null;
  /** Given: a click (or a drag of the pin) picks the point. Without it the map only shows it. */
  onPick?: (point: TripDestinationPoint) => void;
  className?: string;
}

/** A small map for a trip's destination (loaded lazily with lazyMap: it brings Leaflet). */
export default function TripPointMap({ label, point, onPick, className = 'h-56' }: TripPointMapProps) {
  const { t } = useLingui();
  return (
    <StaffMap label={label} className={className} testId="trip-point-map">
      <PointPin point={point} onPick={onPick} title={t`Trip destination`} />
    </StaffMap>
  );
}
