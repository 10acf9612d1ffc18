import { publicSettingsSchema, type PublicSettings } from '@bantay/shared';
import type { DomainEvents } from '../../lib/domain-events.ts';

// Every page load asks for the public settings, and they change a few times a year: each instance
// keeps them, and their JSON, in memory. `settings.updated` (relayed to other instances on
// PostgreSQL) drops the copy at once; the short lifetime bounds staleness after a write that did
// not announce itself (the demo seed, run as a separate process).
const PUBLIC_SETTINGS_TTL_MS = 5_000;

export interface CachedSettings {
  settings: PublicSettings;
  json: string;
  loadedAt: number;
}

/** The public settings of one app instance (AppDeps.publicSettings), so test apps side by side never share one. */
export class PublicSettingsCache {
  private value: CachedSettings | null = null;
  /** The load in flight, shared by concurrent misses. */
  private loading: Promise<CachedSettings> | null = null;
  /** Bumped by every change, so a load that began before it is not kept. */
  private version = 0;

  constructor(events: DomainEvents) {
    events.subscribe('settings.updated', () => {
      this.value = null;
      this.loading = null;
      this.version += 1;
    });
  }

  /** The kept copy while fresh at `now`, else the one `load` reads (one load for concurrent misses). */
  get(now: Date, load: () => Promise<PublicSettings>): Promise<CachedSettings> {
    const at = now.getTime();
    const { value } = this;
    if (value && at >= value.loadedAt && at - value.loadedAt < PUBLIC_SETTINGS_TTL_MS) return Promise.resolve(value);
    if (!this.loading) {
      const version = this.version;
      const loading = load().then((settings): CachedSettings => {
        const loaded = { settings, json: JSON.stringify(publicSettingsSchema.parse(settings)), loadedAt: at };
        if (this.version === version) this.value = loaded;
        return loaded;
      });
      this.loading = loading;
      const settle = () => {
        if (this.loading === loading) this.loading = null;
      };
      loading.then(settle, settle);
    }
    return this.loading;
  }
}
