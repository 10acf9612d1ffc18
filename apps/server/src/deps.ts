import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { SessionCache } from './modules/auth/session-cache.ts';
import type { ReadCache } from './lib/read-cache.ts';
import type { BotCheckProvider, Mailer, ReverseGeocoder, SmsSender } from './adapters/index.ts';
import type { DeliveryWorker } from './modules/deliveries/delivery-worker.ts';
import type { PushSender } from './adapters/push/push.ts';

/** What services need from the outside world; built once in main.ts, or by the test helper. */
export interface AppDeps {
  config: Config;
  db: Db;
  clock: Clock;
  tokens: TokenService;
  events: DomainEvents;
  /** Verified sessions kept for a few seconds; emptied by `sessions.revoked` (issue 10). */
  sessionCache: SessionCache;
  /** The hot per-user reads kept for a few seconds; emptied by the events that change them (issue 10). */
  readCache: ReadCache;
  /** Outside services (issue 5), chosen by configuration; see adapters/index.ts. */
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
}
