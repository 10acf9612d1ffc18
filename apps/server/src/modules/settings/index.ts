/** settings' door (docs/architecture.md, "The dependency rule"): the barangay's settings as others read them. */
export { DEFAULT_INCIDENT_TYPES, getPublicSettings } from './settings.service.ts';
export { findSettings } from './settings-reads.service.ts';
export { barangayTimeZone } from './barangay-zone.ts';

// For the composition root (app.ts, deps.ts, main.ts, jobs/index.ts, realtime/domain-bridge.ts).
export { getPublicSettingsJson } from './settings.service.ts';
export { settingsRoutes } from './settings.routes.ts';
export { PublicSettingsCache } from './public-settings-cache.ts';
