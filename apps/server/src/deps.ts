import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Clock } from './lib/clock.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { BotCheckProvider, Mailer, ReverseGeocoder, SmsSender } from './adapters/index.ts';
import {
  DeliveryWorker,
  emailChannel,
  smsChannel,
  type DeliveryWorkerLogger,
  type DeliveryWorkerOptions,
} from './modules/deliveries/index.ts';
import { pushChannel } from './modules/push/index.ts';
import type { HostResolver, PushSender } from './adapters/push/push.ts';
import { webhookChannel } from './modules/webhooks/index.ts';
import { incidentById } from './modules/incidents/index.ts';
import type { FileStore } from './modules/files/index.ts';
import { SessionCache, authenticateToken, revokeUserSessions, type SignInSteps, type TokenService } from './modules/auth/index.ts';
import { ReadCache } from './lib/read-cache.ts';
import { PublicSettingsCache } from './modules/settings/index.ts';
import { TrackingIngest } from './modules/tracking/index.ts';
import { createDashboardMemos, type DashboardMemos } from './modules/dashboard/index.ts';
import { DrawnAppIcons } from './modules/app-manifest/index.ts';
import { createPublicAdvisoriesCache, type PublicAdvisoriesCache } from './modules/advisories/index.ts';
import type { Authenticate, AuthenticateApiKey } from './http/auth-guard.ts';
import { authenticateApiKey } from './modules/api-keys/index.ts';
import { markAllUsersOffline, setUsersPresence, type StaffAccountEffects } from './modules/users/index.ts';
import { endCalendarFeedOf } from './modules/calendar-feeds/index.ts';
import type { PresenceStore } from './realtime/types.ts';
import { startLoginChallenge } from './modules/two-factor/index.ts';
import { sendPasswordSetupLink } from './modules/password-reset/index.ts';
import { returnIncidentOfDeactivated } from './modules/incident-handling/index.ts';
import { optedOut, STOP_CONFIRMATION_KIND } from './modules/text-line/index.ts';

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
   * Resolves outside host names for the public-endpoint guard of webhooks
   * (adapters/public-endpoint-guard.ts); the system's DNS when unset, made-up names in tests.
   */
  hostResolver?: HostResolver;
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
  /** The advisories not ended yet, as the landing page and the public list read them, for a few seconds. */
  publicAdvisories: PublicAdvisoriesCache;
  /** The calls that go up the layers, wired here (see ModuleLinks). */
  links: ModuleLinks;
}

/**
 * Calls a lower layer or module makes into a higher one, each declared by its caller and filled
 * here by the composition root, so that the caller imports nothing above it and no two modules
 * import each other (docs/architecture.md, "The dependency rule").
 */
export interface ModuleLinks {
  /** The route guard (http/auth-guard.ts) and the sockets resolve a bearer token through auth. */
  authenticate: Authenticate;
  /** The route guard resolves an API key (`bty_…`) through api-keys. */
  authenticateApiKey: AuthenticateApiKey;
  /** auth hands a two-factor sign-in to two-factor, which opens its session through auth. */
  signIn: SignInSteps;
  /** A staff account's change (users) ends its sessions, sends its password link, returns its incident. */
  staffAccounts: StaffAccountEffects;
  /** The socket server keeps who is online in users' presence flags. */
  presence: PresenceStore;
}

/** The links every instance uses: main.ts, seed-demo.ts and the tests' harness put them in AppDeps. */
export const moduleLinks: ModuleLinks = {
  authenticate: authenticateToken,
  authenticateApiKey,
  signIn: { startLoginChallenge },
  staffAccounts: { endSessions: revokeUserSessions, sendPasswordSetupLink, returnIncidentOfDeactivated, endCalendarFeed: endCalendarFeedOf },
  presence: { setUsersPresence, markAllUsersOffline },
};

/** What an instance keeps in memory between requests. */
export type InstanceMemory = Pick<AppDeps, 'sessionCache' | 'readCache' | 'publicSettings' | 'trackingIngest' | 'dashboardMemos' | 'appIcons' | 'publicAdvisories'>;

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
    publicAdvisories: createPublicAdvisoriesCache(),
  };
}

/**
 * The delivery worker with every channel this server sends by. Built here, by the composition
 * root: push plugs its channel into deliveries and enqueues through deliveries' door, so
 * deliveries does not import push back.
 */
export function buildDeliveryWorker(
  deps: Pick<AppDeps, 'db' | 'clock' | 'sms' | 'mail' | 'push' | 'config' | 'hostResolver'>,
  log: DeliveryWorkerLogger,
  options: Partial<DeliveryWorkerOptions> = {},
): DeliveryWorker {
  const worker = new DeliveryWorker(deps, log, options);
  // A number that texted STOP to the text line gets nothing more, whoever wrote it (decision 032).
  worker.register(
    'sms',
    smsChannel(deps.sms, async (delivery) =>
      delivery.kind !== STOP_CONFIRMATION_KIND && (await optedOut(deps.db, delivery.target)) ? 'the number texted STOP to the text line' : null,
    ),
  );
  worker.register('email', emailChannel(deps.mail));
  worker.register('push', pushChannel(deps));
  // Whether a case is confidential is asked at every try: one marked so after its event was
  // written is never sent (docs/decisions/027-confidential-cases.md). Incidents enqueue webhook
  // events, so the check reaches webhooks from here rather than by an import.
  worker.register(
    'webhook',
    webhookChannel(deps, {
      anyConfidential: async (ids) => (await Promise.all(ids.map((id) => incidentById(deps.db, id)))).some((incident) => incident?.confidential === true),
      resolve: deps.hostResolver,
    }),
  );
  return worker;
}
