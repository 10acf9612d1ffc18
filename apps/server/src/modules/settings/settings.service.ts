import { DEFAULT_MAP_START, publicSettingsSchema, type IncidentType, type PublicSettings } from '@bantay/shared';
import type { AppDeps } from '../../deps.ts';
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

// Every page load asks for the public settings, and they change a few times a year: each instance
// keeps them, and their JSON, in memory. `settings.updated` (relayed to other instances on
// PostgreSQL) drops the copy at once; the short lifetime bounds staleness after a write that did
// not announce itself (the demo seed, run as a separate process).
const PUBLIC_SETTINGS_TTL_MS = 5_000;

interface CachedSettings {
  settings: PublicSettings;
  json: string;
  loadedAt: number;
}

interface SettingsCacheState {
  value: CachedSettings | null;
  /** The load in flight, shared by concurrent misses. */
  loading: Promise<CachedSettings> | null;
  /** Bumped by every change, so a load that began before it is not kept. */
  version: number;
}

// One cache per app instance (its event bus), so test apps side by side never share one.
const publicSettingsCaches = new WeakMap<AppDeps['events'], SettingsCacheState>();

function cacheStateOf(deps: AppDeps): SettingsCacheState {
  let state = publicSettingsCaches.get(deps.events);
  if (!state) {
    const created: SettingsCacheState = { value: null, loading: null, version: 0 };
    deps.events.subscribe('settings.updated', () => {
      created.value = null;
      created.loading = null;
      created.version += 1;
    });
    publicSettingsCaches.set(deps.events, created);
    state = created;
  }
  return state;
}

/** The public settings as JSON, served as is by `GET /api/settings/public`. */
export async function getPublicSettingsJson(deps: AppDeps): Promise<string> {
  return (await cachedPublicSettings(deps)).json;
}

/** What anyone may read: shown on the landing page, the side nav and the report map. */
export async function getPublicSettings(deps: AppDeps): Promise<PublicSettings> {
  return (await cachedPublicSettings(deps)).settings;
}

async function cachedPublicSettings(deps: AppDeps): Promise<CachedSettings> {
  const state = cacheStateOf(deps);
  const now = deps.clock.now().getTime();
  const { value } = state;
  if (value && now >= value.loadedAt && now - value.loadedAt < PUBLIC_SETTINGS_TTL_MS) return value;
  if (!state.loading) {
    const version = state.version;
    const loading = loadPublicSettings(deps).then((settings): CachedSettings => {
      const loaded = { settings, json: JSON.stringify(publicSettingsSchema.parse(settings)), loadedAt: now };
      if (state.version === version) state.value = loaded;
      return loaded;
    });
    state.loading = loading;
    const settle = () => {
      if (state.loading === loading) state.loading = null;
    };
    loading.then(settle, settle);
  }
  return state.loading;
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
 * Stores the barangay settings and announces it, so every instance drops its cached copy. Every
 * writer of the settings goes through here.
 */
export async function saveSettings(deps: AppDeps, values: Parameters<typeof upsertSettings>[1]): Promise<void> {
  await upsertSettings(deps.db, values, deps.clock.now());
  deps.events.publish('settings.updated', {});
}
