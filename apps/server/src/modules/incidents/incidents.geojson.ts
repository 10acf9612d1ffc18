import type { GeoJsonFeatureCollection } from '@bantay/shared';
import type { IncidentRow } from '../../db/schema/index.ts';

/**
 * Incidents as GeoJSON Points for QGIS and the city's maps (docs/decisions/034-the-integration-kit.md).
 * Only what a map needs: never the description, the reporter's name or number, notes or photos; the
 * caller leaves confidential cases out before.
 */
export function incidentsGeoJson(rows: readonly IncidentRow[]): GeoJsonFeatureCollection {
  return {
    type: 'FeatureCollection',
    features: rows.map((incident) => ({
      type: 'Feature',
      id: incident.id,
      geometry: { type: 'Point', coordinates: [incident.lng, incident.lat] },
      properties: {
        ticket: incident.ticket,
        type: incident.type,
        classification: incident.classification,
        status: incident.status,
        reportedAt: incident.createdAt.toISOString(),
        occurredAt: incident.occurredAt.toISOString(),
        respondedAt: incident.respondedAt?.toISOString() ?? null,
        resolvedAt: incident.resolvedAt?.toISOString() ?? null,
        address: incident.address,
        accuracyMeters: incident.accuracy ?? null,
      },
    })),
  };
}
