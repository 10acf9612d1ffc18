import { DEFAULT_MAP_START, type IncidentType, type Polygon, type PublicSettings } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Actor } from '../auth/actor.ts';
import { appendAuditEntry } from '../audit/audit.repository.ts';
import { findSettings, upsertSettings } from './settings.repository.ts';

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

/**
 * `PUT /api/settings/boundary` (supadmin): the barangay outline drawn on the map, or null to
 * remove it. The polygon was checked by the request schema (closed, simple, 3+ corners). A barangay
 * without a settings row gets one with the defaults, so the boundary has somewhere to live.
 */
export async function updateBoundary(deps: AppDeps, actor: Actor, boundary: Polygon | null): Promise<{ boundary: Polygon | null }> {
  const now = deps.clock.now();
  // Read before the transaction: the embedded database has one connection, which it holds.
  const defaults = await getPublicSettings(deps);
  return inTransaction(deps.db, async (tx) => {
    const current = await findSettings(tx);
    await upsertSettings(
      tx,
      {
        name: current?.name ?? defaults.name,
        abbreviation: current?.abbreviation ?? defaults.abbreviation,
        logo: current?.logo ?? null,
        mapStartLat: current?.mapStartLat ?? defaults.mapStart.lat,
        mapStartLng: current?.mapStartLng ?? defaults.mapStart.lng,
        mapStartZoom: current?.mapStartZoom ?? defaults.mapStart.zoom,
        hotlines: current?.hotlines ?? [],
        incidentTypes: current?.incidentTypes ?? [],
        timezone: current?.timezone ?? defaults.timezone,
        boundary,
      },
      now,
    );
    await appendAuditEntry(tx, {
      actor,
      action: 'settings.boundary_updated',
      entity: 'settings',
      before: { hadBoundary: Boolean(current?.boundary) },
      after: { hasBoundary: Boolean(boundary), corners: boundary ? boundary.coordinates[0]!.length - 1 : 0 },
      at: now,
    });
    return { boundary };
  });
}
