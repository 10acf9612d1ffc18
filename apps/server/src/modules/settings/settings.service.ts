import { msg } from '@lingui/core/macro';
import { DEFAULT_MAP_START, type IncidentType, type Polygon, type PublicSettings, type updateSettingsSchema } from '@bantay/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inTransaction, type Executor } from '../../db/transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import { isKnownTimeZone } from '../../lib/time-zone.ts';
import type { Actor } from '../../http/actor.ts';
import { appendAuditEntry } from '../audit/index.ts';
import { followSettings } from '../barangays/index.ts';
import { removeAvatar, storeAvatar } from '../files/index.ts';
import type { CachedSettings } from './public-settings-cache.ts';
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

/** The public settings as JSON, served as is by `GET /api/settings/public`. */
export async function getPublicSettingsJson(deps: AppDeps): Promise<string> {
  return (await cachedPublicSettings(deps)).json;
}

/** What anyone may read: shown on the landing page, the side nav and the report map. */
export async function getPublicSettings(deps: AppDeps): Promise<PublicSettings> {
  return (await cachedPublicSettings(deps)).settings;
}

function cachedPublicSettings(deps: AppDeps): Promise<CachedSettings> {
  return deps.publicSettings.get(deps.clock.now(), () => loadPublicSettings(deps));
}

async function loadPublicSettings(deps: AppDeps): Promise<PublicSettings> {
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
      psgcCode: null,
      map: deps.config.map,
      dataProtectionOfficer: null,
      officials: { punongBarangay: null, barangaySecretary: null },
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
    psgcCode: row.psgcCode,
    map: deps.config.map,
    dataProtectionOfficer: row.dpoName ? { name: row.dpoName, contact: row.dpoContact ?? '' } : null,
    officials: { punongBarangay: row.punongBarangay, barangaySecretary: row.barangaySecretary },
  };
}

/**
 * Stores the barangay settings and announces it, so every instance drops its cached copy. The
 * supadmin's writers below do the same inside their audited transaction, announcing after commit.
 */
/** The settings row, and the one barangay's row that follows it (modules/barangays). */
async function storeSettings(db: Executor, values: Parameters<typeof upsertSettings>[1], now: Date): Promise<void> {
  await upsertSettings(db, values, now);
  await followSettings(db, { name: values.name, boundary: values.boundary ?? null, psgcCode: values.psgcCode ?? null }, now);
}

export async function saveSettings(deps: AppDeps, values: Parameters<typeof upsertSettings>[1]): Promise<void> {
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await storeSettings(tx, values, deps.clock.now());
    afterCommit(() => deps.events.publish('settings.updated', {}));
  });
}

/** The row as upsertSettings takes it, from what is stored or the defaults. */
async function currentValues(deps: AppDeps) {
  const current = await loadPublicSettings(deps);
  return {
    name: current.name,
    abbreviation: current.abbreviation,
    logo: current.logo,
    boundary: current.boundary,
    mapStartLat: current.mapStart.lat,
    mapStartLng: current.mapStart.lng,
    mapStartZoom: current.mapStart.zoom,
    hotlines: current.hotlines,
    incidentTypes: current.incidentTypes,
    timezone: current.timezone,
    psgcCode: current.psgcCode ?? null,
    dpoName: current.dataProtectionOfficer?.name ?? null,
    dpoContact: current.dataProtectionOfficer?.contact ?? null,
    punongBarangay: current.officials?.punongBarangay ?? null,
    barangaySecretary: current.officials?.barangaySecretary ?? null,
  };
}

/**
 * PATCH /api/settings (supadmin): only the fields sent change, audited in the same transaction.
 * The public settings (side nav, landing page, report map) read the new values on their next
 * request.
 */
export async function updateSettings(deps: AppDeps, actor: Actor, input: z.output<typeof updateSettingsSchema>): Promise<PublicSettings> {
  if (input.timezone !== undefined && !isKnownTimeZone(input.timezone)) {
    throw new AppError('VALIDATION_FAILED', msg`Unknown timezone`, { fields: [{ field: 'timezone', message: msg`Unknown timezone (for example Asia/Manila)` }] });
  }
  const before = await currentValues(deps);
  const after = { ...before };
  if (input.name !== undefined) after.name = input.name;
  if (input.abbreviation !== undefined) after.abbreviation = input.abbreviation;
  if (input.hotlines !== undefined) after.hotlines = input.hotlines;
  if (input.incidentTypes !== undefined) after.incidentTypes = input.incidentTypes.map((t) => ({ ...t, name: t.name.trim() }));
  if (input.mapStart !== undefined) Object.assign(after, { mapStartLat: input.mapStart.lat, mapStartLng: input.mapStart.lng, mapStartZoom: input.mapStart.zoom });
  if (input.timezone !== undefined) after.timezone = input.timezone;
  if (input.psgcCode !== undefined) after.psgcCode = input.psgcCode || null;
  if (input.dataProtectionOfficer !== undefined) {
    after.dpoName = input.dataProtectionOfficer?.name ?? null;
    after.dpoContact = input.dataProtectionOfficer?.contact ?? null;
  }
  if (input.punongBarangay !== undefined) after.punongBarangay = input.punongBarangay || null;
  if (input.barangaySecretary !== undefined) after.barangaySecretary = input.barangaySecretary || null;
  const changed = (Object.keys(after) as (keyof typeof after)[]).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  if (changed.length === 0) return loadPublicSettings(deps);
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await storeSettings(tx, after, now);
    afterCommit(() => deps.events.publish('settings.updated', {}));
    await appendAuditEntry(tx, {
      actor,
      action: 'update',
      entity: 'settings',
      entityId: '1',
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      at: now,
    });
  });
  return loadPublicSettings(deps);
}

/** POST /api/settings/logo (supadmin): checked and re-encoded like profile photos. */
export async function updateLogo(deps: AppDeps, actor: Actor, bytes: Buffer): Promise<PublicSettings> {
  const before = await currentValues(deps);
  const logo = await storeAvatar(deps.files, bytes, { fit: 'contain' });
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx, afterCommit) => {
    await storeSettings(tx, { ...before, logo }, now);
    afterCommit(() => deps.events.publish('settings.updated', {}));
    await appendAuditEntry(tx, { actor, action: 'update', entity: 'settings', entityId: '1', before: { logo: before.logo }, after: { logo }, at: now });
  });
  await removeAvatar(deps.files, before.logo);
  return loadPublicSettings(deps);
}

/**
 * `PUT /api/settings/boundary` (supadmin): the barangay outline drawn on the map, or null to
 * remove it. The polygon was checked by the request schema (closed, simple, 3+ corners). A barangay
 * without a settings row gets one with the defaults, so the boundary has somewhere to live.
 */
export async function updateBoundary(deps: AppDeps, actor: Actor, boundary: Polygon | null): Promise<{ boundary: Polygon | null }> {
  const now = deps.clock.now();
  // Read before the transaction: the embedded database has one connection, which it holds.
  const defaults = await loadPublicSettings(deps);
  return inTransaction(deps.db, async (tx, afterCommit) => {
    afterCommit(() => deps.events.publish('settings.updated', {}));
    const current = await findSettings(tx);
    await storeSettings(
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
      action: 'update_boundary',
      entity: 'settings',
      before: { hadBoundary: Boolean(current?.boundary) },
      after: { hasBoundary: Boolean(boundary), corners: boundary ? boundary.coordinates[0]!.length - 1 : 0 },
      at: now,
    });
    return { boundary };
  });
}
