import { useCallback, useState, type ReactNode } from 'react';
import type L from 'leaflet';
import { Trans } from '@lingui/react/macro';
import 'leaflet/dist/leaflet.css';
import 'leaflet.markercluster/dist/MarkerCluster.css';
import './map-base.css';
import { usePublicSettings } from '@/lib/public-settings.ts';
import { MapContext } from './map-context.ts';
import { createBaseMap, showStartView } from './map-setup.ts';

export interface StaffMapProps {
  /** Names the map for screen readers ("Incidents on the map"). */
  label: string;
  /** Size classes of the map box (it needs a height), e.g. "h-80 lg:h-[32rem]". */
  className?: string;
  /** Layer components (they call useLeafletMap or useMarkerLayer); rendered once the map exists. */
  children?: ReactNode;
  testId?: string;
}

/**
 * The staff maps' base (tanod patrol map, admin tracking map): the barangay's tiles, outline and
 * start view from the public settings, themed controls and dimmed tiles in dark mode. Features
 * add their layers as children, so each feature keeps its own markers and the patrol layers can
 * join the incident layers on the same map. Load it lazily (see lazyMap): it brings Leaflet.
 */
export default function StaffMap({ label, className = 'h-80', children, testId }: StaffMapProps) {
  const { data: settings } = usePublicSettings();
  const [map, setMap] = useState<L.Map | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  // A ref callback with cleanup (React 19): the map lives exactly as long as its box.
  const attach = useCallback(
    (container: HTMLDivElement | null) => {
      if (!container || !settings) return;
      const created = createBaseMap(container, settings, { onTileError: () => setTilesFailed(true) });
      showStartView(created, settings);
      // The box changes size with the layout (side nav, tabs, phone rotation): tell Leaflet.
      const resizes = new ResizeObserver(() => created.invalidateSize());
      resizes.observe(container);
      setMap(created);
      return () => {
        resizes.disconnect();
        created.remove();
        setMap(null);
      };
    },
    [settings],
  );

  return (
    <div className="relative">
      <div
        ref={attach}
        role="region"
        aria-label={label}
        data-testid={testId}
        className={`bantay-map w-full rounded-xl border border-line ${className}`}
      />
      {!settings && (
        <p className="absolute inset-0 flex items-center justify-center text-sm text-muted">
          <Trans>Loading the map…</Trans>
        </p>
      )}
      {map && <MapContext.Provider value={map}>{children}</MapContext.Provider>}
      {tilesFailed && (
        <p className="mt-2 text-sm text-muted" role="status">
          <Trans>The map pictures could not load (no internet?). The markers still show where things are.</Trans>
        </p>
      )}
    </div>
  );
}
