import { DEFAULT_MAP_START, type IncidentType, type PublicSettings } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { findSettings } from './settings.repository.ts';

/** Incident types a new barangay starts with; the supadmin edits the list in settings. */
export const DEFAULT_INCIDENT_TYPES: IncidentType[] = [
  { name: 'Fire', classification: 'emergency' },
  { name: 'Medical emergency', classification: 'emergency' },
  { name: 'Crime in progress', classification: 'emergency' },
  { name: 'Natural disaster', classification: 'emergency' },
  { name: 'Accident', classification: 'emergency' },
  { name: 'Theft', classification: 'normal' },
  { name: 'Noise disturbance', classification: 'normal' },
  { name: 'Vandalism', classification: 'normal' },
  { name: 'Suspicious person or activity', classification: 'normal' },
  { name: 'Public disturbance', classification: 'normal' },
  { name: 'Other', classification: 'normal' },
];

/** What anyone may read: shown on the landing page, the side nav and the report map. */
export async function getPublicSettings(deps: AppDeps): Promise<PublicSettings> {
  const row = await findSettings(deps.db);
  if (!row) {
    return {
      name: 'Barangay',
      abbreviation: 'BRGY',
      logo: null,
      mapStart: { ...DEFAULT_MAP_START },
      hotlines: [],
      incidentTypes: DEFAULT_INCIDENT_TYPES,
      boundary: null,
      timezone: 'Asia/Manila',
      map: deps.config.map,
    };
  }
  return {
    name: row.name,
    abbreviation: row.abbreviation,
    logo: row.logo,
    mapStart: { lat: row.mapStartLat, lng: row.mapStartLng, zoom: row.mapStartZoom },
    hotlines: row.hotlines,
    incidentTypes: row.incidentTypes.length > 0 ? row.incidentTypes : DEFAULT_INCIDENT_TYPES,
    boundary: row.boundary ?? null,
    timezone: row.timezone,
    map: deps.config.map,
  };
}
