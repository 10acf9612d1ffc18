import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { BotCheckProvider, Mailer, ReverseGeocoder, SmsSender } from './adapters/index.ts';
import type { DeliveryWorker } from './modules/deliveries/delivery-worker.ts';
import type { PushSender } from './adapters/push/push.ts';
import type { FileStore } from './modules/files/file-store.ts';
import { SessionCache } from './modules/auth/session-cache.ts';
import { ReadCache } from './lib/read-cache.ts';
import { PublicSettingsCache } from './modules/settings/public-settings-cache.ts';
import { TrackingIngest } from './modules/tracking/tracking.service.ts';
import { createDashboardMemos, type DashboardMemos } from './modules/dashboard/dashboard-memos.ts';
import { DrawnAppIcons } from './modules/app-manifest/app-manifest.service.ts';

/** What services need from the outside world; built once in main.ts, or by the test helper. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  events: DomainEvents;
  /** Verified sessions kept for a few seconds; emptied by `sessions.revoked`. */
  sessionCache: SessionCache;
  /** The hot per-user reads kept for a few seconds; emptied by the events that change them. */
  readCache: ReadCache;
  /** Outside services, chosen by configuration; see adapters/index.ts. */
  sms: SmsSender;
  mail: Mailer;
  botCheck: BotCheckProvider;
  /** A readable place for a point (adapters/geocoding): the barangay's data, or Nominatim too. */
  geocoder: ReverseGeocoder;
  /** Web push with the server's VAPID keys, and the guard on where it may post (decision 017). */
  push: PushSender;
  /**
   * Sends the deliveries table's alerts (push, SMS, email) after commit, with retries (decision
   * 016). Services enqueue with `enqueueDeliveries`; tests await `deliveries.idle()`.
   */
  deliveries: DeliveryWorker;
  /** Uploads (photos, avatars, the logo): S3, PostgreSQL or DATA_DIR, readable by every instance (decision 023). */
  files: FileStore;
  /** The public settings and their JSON, kept a few seconds; emptied by `settings.updated`. */
  publicSettings: PublicSettingsCache;
  /** Live tracking's write queue and patrol cache, shared by every socket of this instance. */
  trackingIngest: TrackingIngest;
  /** The dashboards' costliest figures, reused for a minute. */
  dashboardMemos: DashboardMemos;
  /** The installable app's icons, drawn once per logo. */
  appIcons: DrawnAppIcons;
}

/** What an instance keeps in memory between requests. */
export type InstanceMemory = Pick<AppDeps, 'sessionCache' | 'readCache' | 'publicSettings' | 'trackingIngest' | 'dashboardMemos' | 'appIcons'>;

/**
 * A fresh memory for one app instance, declared here rather than hidden in module-level maps, so
 * two instances (tests build several side by side) never answer from each other's memory.
 */
export function createInstanceMemory(parts: Pick<AppDeps, 'db' | 'clock' | 'events' | 'deliveries'>): InstanceMemory {
  return {
    sessionCache: new SessionCache(parts.events),
    readCache: new ReadCache(parts.events),
    publicSettings: new PublicSettingsCache(parts.events),
    trackingIngest: new TrackingIngest(parts),
    dashboardMemos: createDashboardMemos(),
    appIcons: new DrawnAppIcons(),
  };
}
