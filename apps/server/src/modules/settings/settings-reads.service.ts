import * as repository from './settings.repository.ts';

/**
 * The barangay's settings row as stored, for the modules that need more than the public settings
 * (getPublicSettings): the boundary, the zones, the retention and SMS choices. Read through
 * settings' door (index.ts), never the repository.
 */
export const findSettings: typeof repository.findSettings = (db) => repository.findSettings(db);
