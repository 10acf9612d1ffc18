import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Validated once at boot so a bad value fails fast with a message
 * that names the variable, instead of surfacing later as a confusing runtime error.
 */
const booleanString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * Uploads in S3-compatible storage, path-style: `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]`
   * (keys URL-encoded; without them the AWS SDK's usual environment variables are used). Unset:
   * uploads live in PostgreSQL with DATABASE_URL, else under DATA_DIR (decision 023).
   */
  S3_URL: z.string().url().regex(/^https?:\/\/[^/]+\/[^/?#]+/, 'must be http(s)://[key:secret@]host/bucket[/prefix]').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  BANTAY_SUPADMIN_USERNAME: z.string().trim().min(3).max(64).optional(),
  BANTAY_SUPADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 90).default(24 * 7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanString.default(false),
  // --- Operating it (decision 024). ---------------------------------------------------------------
  /** `pretty` (pino-pretty) or `json`; unset: pretty when standard output is a terminal, else JSON. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * Serves Prometheus metrics at http://METRICS_HOST:METRICS_PORT/metrics; unset: no metrics. Under
   * npm run start:cluster, instance N serves them at METRICS_PORT+N-1 (src/cluster.ts).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** A stop that takes longer (a stuck job, a hung connection) is cut short and exits 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** false stops the embedded database syncing each commit to the disk: faster, but a power cut may lose the last commits. */
  EMBEDDED_DB_FSYNC: booleanString.default(true),
  /**
   * The rate limits' counters in Redis (`redis://[:password@]host[:port][/db]`), shared by every
   * instance naming the same server. Unset: in PostgreSQL with DATABASE_URL, else in memory
   * (decision 021).
   */
  REDIS_URL: z.string().regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL').optional(),
  /** The start of this installation's Redis keys, so that several can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('bantay:'),
  /** npm run start:cluster (decision 021): how many instances, and their ports (default PORT+1, PORT+2, …). */
  CLUSTER_INSTANCES: z.coerce.number().int().min(1).max(16).default(2),
  CLUSTER_INSTANCE_PORTS: z.string().regex(/^\d+(,\d+)*$/, 'must be port numbers separated by commas').optional(),
  /** Sign-in attempts allowed per IP address in 15 minutes. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  MAP_TILE_URL: z.string().url().default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('&copy; OpenStreetMap contributors'),
  WEB_DIST_DIR: z.string().optional(),

  // --- Outside services: each has a local default that works offline. ----------------
  /** Base of links in emails (password reset). Defaults to http://localhost:PORT. */
  PUBLIC_URL: z.string().url().optional(),
  /** Code sends, code resends and reset emails allowed per IP address in 15 minutes. */
  CODE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Timeout of every call to an SMS gateway, mail server or bot-check provider. */
  OUTSIDE_SERVICE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * console: log and append to DATA_DIR/sent/sms.jsonl; semaphore (Philippines), twilio, or the
   * barangay's own phone: android (SMS Gateway for Android) or httpsms. Every other provider whose
   * credentials are set is tried after it when a send fails (docs/decisions/032-the-text-line.md).
   */
  SMS_PROVIDER: z.enum(['console', 'semaphore', 'twilio', 'android', 'httpsms']).default('console'),
  SEMAPHORE_API_KEY: z.string().min(1).optional(),
  SEMAPHORE_URL: z.string().url().default('https://api.semaphore.co'),
  /** A sender name registered with Semaphore; Semaphore's default when unset. */
  SEMAPHORE_SENDER_NAME: z.string().min(1).max(11).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sending number (E.164) or, instead, a messaging service SID. */
  TWILIO_FROM: z.string().min(1).optional(),
  TWILIO_MESSAGING_SERVICE_SID: z.string().min(1).optional(),
  TWILIO_URL: z.string().url().default('https://api.twilio.com'),
  // --- The text line (decision 032): the barangay's phone sends and receives. -----------------------
  /** SMS Gateway for Android's API: the phone's local server (`http://192.168.1.20:8080`) or a private server's `/3rdparty/v1`. */
  ANDROID_SMS_URL: z.string().url().optional(),
  ANDROID_SMS_USERNAME: z.string().min(1).optional(),
  ANDROID_SMS_PASSWORD: z.string().min(1).optional(),
  /** The webhook signing key set in the app: turns on POST /api/sms/inbound/android. */
  ANDROID_SMS_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  HTTPSMS_API_KEY: z.string().min(1).optional(),
  HTTPSMS_URL: z.string().url().default('https://api.httpsms.com'),
  /** The webhook signing key set on httpSMS: turns on POST /api/sms/inbound/httpsms. */
  HTTPSMS_SIGNING_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  /** The barangay phone's own number: httpSMS sends from it, and texts from it are ignored. */
  SMS_GATEWAY_NUMBER: z.string().min(3).max(32).optional(),
  /** No post from the phone for this long alerts the supadmin. */
  SMS_GATEWAY_SILENT_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  /** Automatic texts (receipts, STATUS answers) one number gets in an hour at most. */
  SMS_REPLIES_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(10),
  /** A new emergency and its escalations also go by SMS to on-duty tanods and admins with a phone. */
  SMS_ALERTS: booleanString.default(false),
  /**
   * Many barangays on one PostgreSQL (docs/decisions/035-city-mode.md). Built up to its first step:
   * the server refuses to start in it where the barangays could not be kept apart.
   */
  CITY_MODE: booleanString.default(false),
  /** console: log and write .eml files under DATA_DIR/sent/mail; smtp: send through SMTP_URL. */
  EMAIL_PROVIDER: z.preprocess(
    // `outbox`, this default's former name, still chooses it.
    (value) => (value === 'outbox' ? 'console' : value),
    z.enum(['console', 'smtp']).default('console'),
  ),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  EMAIL_FROM: z.string().min(3).default('Bantay <no-reply@bantay.local>'),
  /**
   * altcha: self-hosted proof-of-work. The others verify tokens at BOT_CHECK_VERIFY_URL on the
   * server, but the browser's forms carry only ALTCHA's solution, so they are refused at start.
   */
  BOT_CHECK_PROVIDER: z.enum(['altcha', 'turnstile', 'hcaptcha', 'recaptcha']).default('altcha'),
  BOT_CHECK_SECRET: z.string().min(1).optional(),
  BOT_CHECK_SITE_KEY: z.string().min(1).optional(),
  BOT_CHECK_VERIFY_URL: z.string().url().optional(),
  /** HMAC key of ALTCHA challenges; derived from the JWT secret when unset. */
  ALTCHA_HMAC_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** PBKDF2 iterations per ALTCHA attempt, and the largest number the client must reach. */
  ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(500),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(5).max(1_000_000).default(3000),
  ALTCHA_CHALLENGE_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(600),
  /** local: the barangay's own data (areas, past reports' landmarks); nominatim: also NOMINATIM_URL. */
  GEOCODER: z.enum(['local', 'nominatim']).default('local'),
  /** A Nominatim server's base URL (its /reverse is called), used within its usage policy. */
  NOMINATIM_URL: z.string().url().optional(),
  // --- Web push (decision 017). -----------------------------------------------------------------
  /** VAPID keys (base64url, as `web-push generate-vapid-keys` prints them); generated into DATA_DIR when unset. */
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key, 87 base64url characters').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key, 43 base64url characters').optional(),
  /** Who push services contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL').optional(),
  /** Admits push endpoints on loopback addresses (https://127.0.0.1, localhost): tests and local trials only. */
  PUSH_ALLOW_LOOPBACK: booleanString.default(false),
  /** Admits webhook URLs on loopback addresses (https://127.0.0.1, localhost): tests and local trials only (modules/webhooks). */
  WEBHOOKS_ALLOW_LOOPBACK: booleanString.default(false),
  /**
   * Common Alerting Protocol feeds to read (e.g. PAGASA's), comma-separated: each an Atom or RSS
   * index of CAP alerts, or one CAP alert. An alert whose area covers the barangay becomes a draft
   * advisory for the admins (docs/decisions/034-the-integration-kit.md, "CAP in"). Unset reads none.
   */
  CAP_FEED_URL: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(z.string().url('each URL must be an http:// or https:// address').regex(/^https?:\/\//i, 'each URL must be an http:// or https:// address')).max(20)),
  /** Seconds between two reads of each CAP feed. */
  CAP_FEED_POLL_SECONDS: z.coerce.number().int().min(30).max(24 * 3600).default(300),

  /** Calls per minute of each API key (docs/decisions/034-the-integration-kit.md); past it, 429. */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),

  // --- The residents' side: limits of the public calls. -------------------------------
  /** Incident reports per IP address per hour. Higher than per device: mobile carriers share addresses. */
  REPORT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Incident reports per device (the web's deviceId) per hour. */
  REPORT_RATE_LIMIT_PER_DEVICE: z.coerce.number().int().min(1).default(5),
  /**
   * The hard ceiling of report requests per IP address per hour. Past REPORT_RATE_LIMIT_PER_IP only
   * emergencies from a device new to the hour, each with its own solved bot check, get in, as part
   * of a burst (docs/decisions/031-emergency-bursts.md); this stops floods. Never below REPORT_RATE_LIMIT_PER_IP.
   */
  EMERGENCY_REPORT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(300),
  /** Photo upload requests (up to 3 photos each) per IP address per hour. */
  PHOTO_UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Ticket lookups per IP address in 15 minutes. */
  TICKET_LOOKUP_RATE_LIMIT: z.coerce.number().int().min(1).default(30),
  /** Tanod ratings (directory and ticket) per IP address per hour. */
  RATING_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Reverse geocoding calls (the report wizard's address) per IP address in 15 minutes. */
  GEOCODE_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /**
   * Reports per IP address per hour from the pages without JavaScript (/lite/…), which carry no bot
   * check: tighter than REPORT_RATE_LIMIT_PER_IP. Past it an emergency is still taken, as part of a
   * burst (docs/decisions/033-pages-without-javascript.md).
   */
  PLAIN_REPORT_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(3),

  // --- Patrols. ------------------------------------------------------------------------
  /** Days the full GPS track is kept; older points are deleted by a job. */
  TRACK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Days after a report is closed before its reporter's name and phone are erased (decision 028). */
  REPORTER_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  // A pending report with no responder this long notifies admins and
  // on-duty tanods, and again at twice the time.
  ESCALATE_EMERGENCY_AFTER_S: z.coerce.number().int().min(1).max(86_400).default(120),
  ESCALATE_NORMAL_AFTER_S: z.coerce.number().int().min(1).max(7 * 86_400).default(900),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** S3-compatible storage for uploads (S3_URL), parsed; undefined keeps them in the database or DATA_DIR. */
  s3: S3Config | undefined;
  supadmin: { username: string | undefined; password: string | undefined };
  jwtSecret: string | undefined;
  sessionTtlMs: number;
  logLevel: string;
  /** LOG_FORMAT; undefined chooses by whether standard output is a terminal (main.ts). */
  logFormat: 'pretty' | 'json' | undefined;
  /** METRICS_PORT and METRICS_HOST (http/metrics.ts); undefined serves no metrics. */
  metrics: { port: number; host: string } | undefined;
  shutdownTimeoutMs: number;
  /** EMBEDDED_DB_FSYNC (db/pglite-durability.ts). */
  embeddedDbFsync: boolean;
  trustProxy: boolean;
  /** REDIS_URL and REDIS_KEY_PREFIX: where the rate limits count when set (http/rate-limit-store.ts). */
  redis: { url: string; keyPrefix: string } | undefined;
  /** npm run start:cluster's instances: how many, and their ports when listed (src/cluster.ts). */
  cluster: { instances: number; instancePorts: number[] | undefined };
  loginRateLimit: number;
  map: { tileUrl: string; attribution: string };
  /** Built web app to serve; undefined serves the API only. */
  webDistDir: string | undefined;
  publicUrl: string;
  codeRateLimit: number;
  /** SMS_ALERTS: emergencies and their escalations are also texted to staff (modules/incident-alerts/incident-sms.ts). */
  smsAlerts: boolean;
  /** CITY_MODE: many barangays on one PostgreSQL (decision 035); main.ts checks the database first (db/city-mode.ts). */
  cityMode: boolean;
  /** The text line (docs/decisions/032-the-text-line.md): what turns each inbound route on, and its limits. */
  textLine: TextLineConfig;
  outsideServices: OutsideServicesConfig;
  /** Web push (decision 017): VAPID keys from the environment (else generated into DATA_DIR) and the endpoint guard. */
  push: PushConfig;
  /** modules/webhooks: WEBHOOKS_ALLOW_LOOPBACK admits https://127.0.0.1 and localhost receivers. */
  webhooks: { allowLoopback: boolean };
  /** API_KEY_RATE_LIMIT_PER_MINUTE: each API key's calls per minute. */
  apiKeyRateLimitPerMinute: number;
  /** CAP_FEED_URL and CAP_FEED_POLL_SECONDS: the outside CAP feeds read for draft advisories. */
  capFeeds: { urls: string[]; pollSeconds: number };
  /** Limits of the residents' public calls. */
  publicLimits: {
    reportsPerIpPerHour: number;
    reportsPerDevicePerHour: number;
    /** The ceiling of all report requests per address per hour, emergencies in a burst included. */
    emergencyReportsPerIpPerHour: number;
    photoUploadsPerIpPerHour: number;
    ticketLookupsPerIpPer15Min: number;
    ratingsPerIpPerHour: number;
    geocodesPerIpPer15Min: number;
    /** Reports from the pages without JavaScript (no bot check) per address per hour; emergencies past it come in as a burst. */
    plainReportsPerIpPerHour: number;
  };
  /** Days GPS points are kept. */
  trackRetentionDays: number;
  /** Days after a report closes before its reporter's name and phone are erased (decision 028). */
  reporterDataRetentionDays: number;
  /** How long a pending report may wait for a responder before staff are reminded. */
  escalation: { emergencyAfterMs: number; normalAfterMs: number };
}

interface TextLineConfig {
  /** Each inbound route is registered only when its key is set. */
  inbound: { androidSigningKey: string | undefined; httpsmsSigningKey: string | undefined; twilioAuthToken: string | undefined };
  /** SMS_GATEWAY_NUMBER as configured (normalised by the module). */
  gatewayNumber: string | undefined;
  silentMinutes: number;
  repliesPerHour: number;
}

export type SmsProviderConfig =
  | { provider: 'console' }
  | { provider: 'semaphore'; apiKey: string; url: string; senderName: string | undefined }
  | { provider: 'twilio'; accountSid: string; authToken: string; from: string | undefined; messagingServiceSid: string | undefined; url: string }
  | { provider: 'android'; url: string; username: string; password: string }
  | { provider: 'httpsms'; apiKey: string; url: string; from: string };

/** The outside services (adapters/index.ts), each checked for its credentials when chosen. */
export interface OutsideServicesConfig {
  timeoutMs: number;
  /** SMS_PROVIDER: the first sender tried. */
  sms: SmsProviderConfig;
  /** Every other provider whose credentials are set, tried in this order when a send fails. */
  smsFallbacks: SmsProviderConfig[];
  email: { provider: 'console'; from: string } | { provider: 'smtp'; url: string; from: string };
  botCheck:
    | { provider: 'altcha'; hmacKey: string | undefined; cost: number; maxNumber: number; challengeTtlSeconds: number }
    | { provider: 'turnstile' | 'hcaptcha' | 'recaptcha'; secret: string; siteKey: string; verifyUrl: string };
  /** adapters/geocoding: the barangay's own data, or a Nominatim server on top of it. */
  geocoder: { provider: 'local' } | { provider: 'nominatim'; url: string; userAgent: string };
}

export interface PushConfig {
  /** Both set, or neither (then adapters/push/vapid-keys.ts generates a pair into DATA_DIR). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  allowLoopback: boolean;
}

/**
 * The VAPID subject tells push services whom to contact about this sender. An https PUBLIC_URL
 * serves; otherwise a mailto: at its host, since push services refuse http: subjects.
 */
function pushConfig(e: z.output<typeof envSchema>): PushConfig {
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const publicUrl = e.PUBLIC_URL ? new URL(e.PUBLIC_URL) : undefined;
  const host = publicUrl && publicUrl.hostname.includes('.') ? publicUrl.hostname : 'bantay.local';
  const subject = e.VAPID_SUBJECT ?? (publicUrl?.protocol === 'https:' ? publicUrl.origin : `mailto:bantay@${host}`);
  return {
    vapidKeys: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : undefined,
    vapidSubject: subject,
    allowLoopback: e.PUSH_ALLOW_LOOPBACK,
  };
}

const DEFAULT_VERIFY_URLS = {
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
} as const;

function outsideServices(e: z.output<typeof envSchema>): OutsideServicesConfig {
  const missing: string[] = [];
  const need = (name: keyof typeof e, why: string): string => {
    const value = e[name];
    if (typeof value === 'string' && value) return value;
    missing.push(`  ${name}: required when ${why}`);
    return '';
  };
  let sms: OutsideServicesConfig['sms'] = { provider: 'console' };
  if (e.SMS_PROVIDER === 'semaphore') {
    sms = { provider: 'semaphore', apiKey: need('SEMAPHORE_API_KEY', 'SMS_PROVIDER=semaphore'), url: e.SEMAPHORE_URL, senderName: e.SEMAPHORE_SENDER_NAME };
  } else if (e.SMS_PROVIDER === 'android') {
    const why = 'SMS_PROVIDER=android';
    sms = { provider: 'android', url: need('ANDROID_SMS_URL', why), username: need('ANDROID_SMS_USERNAME', why), password: need('ANDROID_SMS_PASSWORD', why) };
  } else if (e.SMS_PROVIDER === 'httpsms') {
    const why = 'SMS_PROVIDER=httpsms';
    sms = { provider: 'httpsms', apiKey: need('HTTPSMS_API_KEY', why), url: e.HTTPSMS_URL, from: need('SMS_GATEWAY_NUMBER', why) };
  } else if (e.SMS_PROVIDER === 'twilio') {
    const why = 'SMS_PROVIDER=twilio';
    sms = {
      provider: 'twilio',
      accountSid: need('TWILIO_ACCOUNT_SID', why),
      authToken: need('TWILIO_AUTH_TOKEN', why),
      from: e.TWILIO_FROM,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
      url: e.TWILIO_URL,
    };
    if (!e.TWILIO_FROM && !e.TWILIO_MESSAGING_SERVICE_SID) {
      missing.push('  TWILIO_FROM: required (or TWILIO_MESSAGING_SERVICE_SID) when SMS_PROVIDER=twilio');
    }
  }
  const email: OutsideServicesConfig['email'] =
    e.EMAIL_PROVIDER === 'smtp'
      ? { provider: 'smtp', url: need('SMTP_URL', 'EMAIL_PROVIDER=smtp'), from: e.EMAIL_FROM }
      : { provider: 'console', from: e.EMAIL_FROM };
  let botCheck: OutsideServicesConfig['botCheck'];
  if (e.BOT_CHECK_PROVIDER === 'altcha') {
    botCheck = {
      provider: 'altcha',
      hmacKey: e.ALTCHA_HMAC_KEY,
      cost: e.ALTCHA_COST,
      maxNumber: e.ALTCHA_MAX_NUMBER,
      challengeTtlSeconds: e.ALTCHA_CHALLENGE_TTL_SECONDS,
    };
  } else {
    const why = `BOT_CHECK_PROVIDER=${e.BOT_CHECK_PROVIDER}`;
    botCheck = {
      provider: e.BOT_CHECK_PROVIDER,
      secret: need('BOT_CHECK_SECRET', why),
      siteKey: need('BOT_CHECK_SITE_KEY', why),
      verifyUrl: e.BOT_CHECK_VERIFY_URL ?? DEFAULT_VERIFY_URLS[e.BOT_CHECK_PROVIDER],
    };
  }
  if (botCheck.provider !== 'altcha') {
    // The server could verify these (adapters/bot-check/site-verify.ts), but no browser form loads
    // their widgets: choosing one would refuse every report, sign-up and rating. Say so at start.
    throw new ConfigError(
      `Invalid configuration:\n  BOT_CHECK_PROVIDER: ${botCheck.provider} is not available yet: the web forms carry only the ALTCHA proof of work, so every public form would fail. Leave BOT_CHECK_PROVIDER unset or set it to altcha.`,
    );
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const geocoder: OutsideServicesConfig['geocoder'] =
    e.GEOCODER === 'nominatim'
      ? { provider: 'nominatim', url: need('NOMINATIM_URL', 'GEOCODER=nominatim'), userAgent: `Bantay/0.1 (barangay watch app; +${publicUrl})` }
      : { provider: 'local' };
  if (missing.length > 0) throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
  const smsFallbacks = configuredSmsProviders(e).filter((candidate) => candidate.provider !== sms.provider);
  return { timeoutMs: e.OUTSIDE_SERVICE_TIMEOUT_MS, sms, smsFallbacks, email, botCheck, geocoder };
}

/** Every SMS provider whose credentials are all set, in the order a failed send falls back through them. */
function configuredSmsProviders(e: z.output<typeof envSchema>): SmsProviderConfig[] {
  const providers: SmsProviderConfig[] = [];
  if (e.ANDROID_SMS_URL && e.ANDROID_SMS_USERNAME && e.ANDROID_SMS_PASSWORD) {
    providers.push({ provider: 'android', url: e.ANDROID_SMS_URL, username: e.ANDROID_SMS_USERNAME, password: e.ANDROID_SMS_PASSWORD });
  }
  if (e.HTTPSMS_API_KEY && e.SMS_GATEWAY_NUMBER) providers.push({ provider: 'httpsms', apiKey: e.HTTPSMS_API_KEY, url: e.HTTPSMS_URL, from: e.SMS_GATEWAY_NUMBER });
  if (e.SEMAPHORE_API_KEY) providers.push({ provider: 'semaphore', apiKey: e.SEMAPHORE_API_KEY, url: e.SEMAPHORE_URL, senderName: e.SEMAPHORE_SENDER_NAME });
  if (e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && (e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID)) {
    providers.push({
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID,
      authToken: e.TWILIO_AUTH_TOKEN,
      from: e.TWILIO_FROM,
      messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
      url: e.TWILIO_URL,
    });
  }
  return providers;
}

export interface S3Config {
  /** Scheme, host and port: the SDK's endpoint, addressed path-style (`/bucket/key`). */
  endpoint: string;
  bucket: string;
  /** Prepended to every key (`bantay/` for a bucket shared with other things), or empty. */
  prefix: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

function s3Config(value: string, region: string): S3Config {
  const url = new URL(value);
  const [bucket = '', ...rest] = url.pathname.replace(/^\/+|\/+$/g, '').split('/');
  const prefix = rest.length > 0 ? `${rest.join('/')}/` : '';
  const credentials = url.username
    ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
    : undefined;
  return { endpoint: `${url.protocol}//${url.host}`, bucket, prefix, region, credentials };
}

const OPERATOR_MESSAGES = z.locales.en();

export class ConfigError extends Error {}

/**
 * The exit code of a server stopped by a setting (sysexits' EX_CONFIG), such as a METRICS_PORT in
 * use: starting it again cannot help, so npm run start:cluster stops rather than restart it.
 */
export const CONFIG_ERROR_EXIT_CODE = 78;

/** The environment of a process this one starts (npm run start:cluster's instances): this one's, with `overrides`. */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // The operator reads these, in zod's own English: the plain messages the schemas shared with
  // people fall back to (packages/shared/src/zod-messages.ts) would only say less here.
  const parsed = envSchema.safeParse(env, { error: (issue) => OPERATOR_MESSAGES.localeError(issue) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.CITY_MODE && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  CITY_MODE=true needs PostgreSQL (DATABASE_URL): the embedded database runs as a superuser, whom the row-level security that keeps each barangay\'s rows from the others does not hold (docs/decisions/035-city-mode.md)',
    );
  }
  if (Boolean(e.BANTAY_SUPADMIN_USERNAME) !== Boolean(e.BANTAY_SUPADMIN_PASSWORD)) {
    throw new ConfigError(
      'Invalid configuration:\n  BANTAY_SUPADMIN_USERNAME and BANTAY_SUPADMIN_PASSWORD must be set together',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_URL ? s3Config(e.S3_URL, e.S3_REGION) : undefined,
    supadmin: { username: e.BANTAY_SUPADMIN_USERNAME, password: e.BANTAY_SUPADMIN_PASSWORD },
    jwtSecret: e.JWT_SECRET,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3_600_000,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    embeddedDbFsync: e.EMBEDDED_DB_FSYNC,
    trustProxy: e.TRUST_PROXY,
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    cluster: { instances: e.CLUSTER_INSTANCES, instancePorts: e.CLUSTER_INSTANCE_PORTS?.split(',').map(Number) },
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    map: { tileUrl: e.MAP_TILE_URL, attribution: e.MAP_TILE_ATTRIBUTION },
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : undefined,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    codeRateLimit: e.CODE_RATE_LIMIT,
    smsAlerts: e.SMS_ALERTS,
    cityMode: e.CITY_MODE,
    textLine: {
      inbound: { androidSigningKey: e.ANDROID_SMS_SIGNING_KEY, httpsmsSigningKey: e.HTTPSMS_SIGNING_KEY, twilioAuthToken: e.TWILIO_AUTH_TOKEN },
      gatewayNumber: e.SMS_GATEWAY_NUMBER,
      silentMinutes: e.SMS_GATEWAY_SILENT_MINUTES,
      repliesPerHour: e.SMS_REPLIES_PER_HOUR,
    },
    outsideServices: outsideServices(e),
    push: pushConfig(e),
    webhooks: { allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK },
    apiKeyRateLimitPerMinute: e.API_KEY_RATE_LIMIT_PER_MINUTE,
    capFeeds: { urls: e.CAP_FEED_URL, pollSeconds: e.CAP_FEED_POLL_SECONDS },
    publicLimits: {
      reportsPerIpPerHour: e.REPORT_RATE_LIMIT_PER_IP,
      reportsPerDevicePerHour: e.REPORT_RATE_LIMIT_PER_DEVICE,
      emergencyReportsPerIpPerHour: Math.max(e.EMERGENCY_REPORT_RATE_LIMIT_PER_IP, e.REPORT_RATE_LIMIT_PER_IP),
      photoUploadsPerIpPerHour: e.PHOTO_UPLOAD_RATE_LIMIT,
      ticketLookupsPerIpPer15Min: e.TICKET_LOOKUP_RATE_LIMIT,
      ratingsPerIpPerHour: e.RATING_RATE_LIMIT,
      geocodesPerIpPer15Min: e.GEOCODE_RATE_LIMIT,
      plainReportsPerIpPerHour: e.PLAIN_REPORT_RATE_LIMIT_PER_IP,
    },
    trackRetentionDays: e.TRACK_RETENTION_DAYS,
    reporterDataRetentionDays: e.REPORTER_DATA_RETENTION_DAYS,
    escalation: { emergencyAfterMs: e.ESCALATE_EMERGENCY_AFTER_S * 1000, normalAfterMs: e.ESCALATE_NORMAL_AFTER_S * 1000 },
  };
}
