import { useEffect, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { IncidentListItem } from '@bantay/shared';
import { useLeafletMap } from '@/components/map/map-context.ts';
import { MARKER_COLORS, pinIcon } from '@/components/map/markers.ts';
import { useMarkerLayer, type MapMarker } from '@/components/map/use-marker-layer.ts';
import { STATUS_LABELS } from './incident-format.ts';
import { incidentTypeLabel } from '@bantay/shared';

type MappedIncident = Pick<IncidentListItem, '_id' | 'ticket' | 'type' | 'classification' | 'status' | 'location'>;

interface IncidentMarkersLayerProps {
  incidents: MappedIncident[];
  selectedId?: string | null;
  onSelect?: (id: string) => void;
  /** Cluster nearby incidents (the admin map, with many). */
  cluster?: boolean;
}

/**
 * Incidents on a StaffMap: red pins with "!" for emergencies, blue for normal reports (product
 * docs/product.md §4.7). The selected one is larger and the map moves to it. Import only from lazy map modules.
 */
export default function IncidentMarkersLayer({ incidents, selectedId = null, onSelect, cluster = false }: IncidentMarkersLayerProps) {
  const map = useLeafletMap();
  const { t } = useLingui();
  const markers = useMemo<MapMarker[]>(
    () =>
      incidents.map((incident) => {
        const emergency = incident.classification === 'emergency';
        const selected = incident._id === selectedId;
        const { ticket } = incident;
        const type = incidentTypeLabel(incident.type);
        const status = t(STATUS_LABELS[incident.status]).toLowerCase();
        return {
          id: incident._id,
          lat: incident.location.lat,
          lng: incident.location.lng,
          icon: pinIcon({ color: emergency ? MARKER_COLORS.emergency : MARKER_COLORS.normal, glyph: emergency ? '!' : undefined, selected }),
          title: emergency ? t`Emergency: ${type}, ${status} (${ticket})` : t`${type}, ${status} (${ticket})`,
          urgent: emergency,
          zIndexOffset: selected ? 2000 : emergency ? 1000 : 0,
        };
      }),
    [incidents, selectedId, t],
  );
  useMarkerLayer(markers, { cluster, onSelect });

  const selected = incidents.find((incident) => incident._id === selectedId);
  const selectedLat = selected?.location.lat;
  const selectedLng = selected?.location.lng;
  useEffect(() => {
    if (selectedLat === undefined || selectedLng === undefined) return;
    map.setView([selectedLat, selectedLng], Math.max(map.getZoom(), 17));
  }, [map, selectedId, selectedLat, selectedLng]);

  return null;
}
