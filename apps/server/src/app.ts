import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps.ts';
import type { Database } from './db/client.ts';
import { answerFrameworkError, installErrorHandling } from './http/error-handler.ts';
import { installRequestLocale } from './http/request-locale.ts';
import { openRateLimitStorage } from './http/rate-limit-store.ts';
import { addressCounter } from './http/public-guards.ts';
import { recordRoutes } from './http/route-table.ts';
import { refuseUnstorableText } from './http/input-guards.ts';
import { apiKeyRateLimitKey, everyRoutePublic } from './http/auth-guard.ts';
import { addSecurityHeaders } from './http/security-headers.ts';
import { inlineScriptHashes, serveWebApp, webBuildModule } from './http/web-app.ts';
import { getPublicSettingsJson, settingsRoutes } from './modules/settings/index.ts';
import { authRoutes } from './modules/auth/index.ts';
import { healthRoutes, type Lifecycle } from './modules/health/index.ts';
import type { Metrics } from './http/metrics.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { messageRoutes } from './modules/messages/index.ts';
import { botCheckRoutes } from './modules/bot-check/index.ts';
import { twoFactorRoutes } from './modules/two-factor/index.ts';
import { accountRoutes } from './modules/account/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { passwordResetRoutes } from './modules/password-reset/index.ts';
import { residentRoutes } from './modules/residents/index.ts';
import { incidentRoutes, staffIncidentRoutes } from './modules/incidents/index.ts';
import { evaluationRoutes } from './modules/evaluations/index.ts';
import { patrolAreaRoutes } from './modules/patrol-areas/index.ts';
import { scheduleRoutes, rosterRoutes } from './modules/schedules/index.ts';
import { patrolRoutes } from './modules/patrols/index.ts';
import { trackingRoutes } from './modules/tracking/index.ts';
import { incidentHandlingRoutes } from './modules/incident-handling/index.ts';
import { incidentEvidenceRoutes } from './modules/incident-evidence/index.ts';
import { assistanceRoutes } from './modules/assistance/index.ts';
import { cameraRoutes } from './modules/cameras/index.ts';
import { userRoutes } from './modules/users/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { noteRoutes } from './modules/notes/index.ts';
import { calendarFeedRoutes } from './modules/calendar-feeds/index.ts';
import { inventoryRoutes, loanRoutes } from './modules/inventory/index.ts';
import { vehicleRoutes } from './modules/vehicles/index.ts';
import { resourcesReportRoutes } from './modules/resources-report/index.ts';
import { performanceRoutes } from './modules/performance/index.ts';
import { tanodDashboardRoutes, adminDashboardRoutes } from './modules/dashboard/index.ts';
import { deliveryRoutes } from './modules/deliveries/index.ts';
import { webhookRoutes } from './modules/webhooks/index.ts';
import { apiKeyRoutes } from './modules/api-keys/index.ts';
import { SECURITY_SCHEMES, transformWithKeyScopes } from './http/openapi-security.ts';
import { pushRoutes } from './modules/push/index.ts';
import { geocodeRoutes } from './modules/geocode/index.ts';
import { appManifestRoutes } from './modules/app-manifest/index.ts';
import { advisoryRoutes, landingAdvisories } from './modules/advisories/index.ts';
import { capOutRoutes } from './modules/cap/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { blotterRoutes } from './modules/blotter/index.ts';
import { inboundSmsRoutes, textLineRoutes } from './modules/text-line/index.ts';
import { liteAddressOf, plainPageRoutes } from './modules/plain-pages/index.ts';

export interface BuildAppOptions {
  deps: AppDeps;
  /** `pool` (PostgreSQL only) also holds the rate limits' counters, unless REDIS_URL is set. */
  database: Pick<Database, 'driver' | 'version' | 'pool' | 'pglite'>;
  logger?: FastifyServerOptions['logger'];
  /** Readiness: main.ts marks the instance as shutting down on SIGTERM (modules/health). */
  lifecycle?: Lifecycle;
  /** Prometheus metrics, when METRICS_PORT is set (http/metrics.ts). */
  metrics?: Metrics;
}

/** Builds the whole HTTP app without listening: main.ts listens, tests inject. */
export async function buildApp({ deps, database, logger = false, lifecycle = { shuttingDown: false }, metrics }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  });
  // First, so every route below is recorded with the access it declares (decision 025).
  recordRoutes(app);
  metrics?.observeRequests(app);
  // Before any other hook: every request runs in its language (decision 029).
  installRequestLocale(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('actor', null);
  installErrorHandling(app);
  refuseUnstorableText(app);

  addSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(deps.config.map.tileUrl, inlineScriptHashes(deps.config.webDistDir)),
    },
    // Chromium and Firefox warn about this header on plain-http LAN addresses; it adds nothing here.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(compress, { threshold: 1024 });
  // Counted where every instance sees the same counts: Redis, else PostgreSQL (decision 021).
  const rateLimits = await openRateLimitStorage({ redis: deps.config.redis, pool: database.pool, log: app.log });
  app.addHook('onClose', () => rateLimits.close());
  await app.register(rateLimit, { global: false, ...rateLimits.options });
  // Each API key's calls per minute, counted by the key's hash (http/auth-guard.ts admitApiKey).
  app.decorate('reportCeiling', addressCounter(app, 'report-ceiling', deps.config.publicLimits.emergencyReportsPerIpPerHour, 3_600_000));
  app.decorate('reportsFromAddress', addressCounter(app, 'reports', deps.config.publicLimits.reportsPerIpPerHour, 3_600_000));
  app.decorate(
    'apiKeyRateLimit',
    app.createRateLimit({ max: deps.config.apiKeyRateLimitPerMinute, timeWindow: 60_000, keyGenerator: apiKeyRateLimitKey }),
  );

  await app.register(swagger, {
    openapi: {
      info: { title: 'Bantay API', version: '0.1.0', description: "The API of Bantay, a barangay watch force's app." },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: transformWithKeyScopes,
  });
  // The docs are public; swagger-ui serves its files through @fastify/static, which takes no hooks.
  await app.register(everyRoutePublic(swaggerUi), { routePrefix: '/api/docs', staticCSP: true });

  await app.register(async (scope) => {
    await healthRoutes(scope, { deps, database, lifecycle });
    await authRoutes(scope, deps);
    await settingsRoutes(scope, deps);
    await botCheckRoutes(scope, deps);
    await twoFactorRoutes(scope, deps);
    await accountRoutes(scope, deps);
    await filesRoutes(scope, deps);
    await passwordResetRoutes(scope, deps);
    await notificationRoutes(scope, deps);
    await messageRoutes(scope, deps);
    await residentRoutes(scope, deps);
    await incidentRoutes(scope, deps);
    await evaluationRoutes(scope, deps);
    await patrolAreaRoutes(scope, deps);
    await scheduleRoutes(scope, deps);
    await rosterRoutes(scope, deps);
    await patrolRoutes(scope, deps);
    await trackingRoutes(scope, deps);
    await staffIncidentRoutes(scope, deps);
    await incidentHandlingRoutes(scope, deps);
    await incidentEvidenceRoutes(scope, deps);
    await assistanceRoutes(scope, deps);
    await cameraRoutes(scope, deps);
    await userRoutes(scope, deps);
    await auditRoutes(scope, deps);
    await noteRoutes(scope, deps);
    await calendarFeedRoutes(scope, deps);
    await inventoryRoutes(scope, deps);
    await loanRoutes(scope, deps);
    await vehicleRoutes(scope, deps);
    await resourcesReportRoutes(scope, deps);
    await performanceRoutes(scope, deps);
    await tanodDashboardRoutes(scope, deps);
    await adminDashboardRoutes(scope, deps);
    await deliveryRoutes(scope, deps);
    await webhookRoutes(scope, deps);
    await apiKeyRoutes(scope, deps);
    await pushRoutes(scope, deps);
    await geocodeRoutes(scope, deps);
    await appManifestRoutes(scope, deps);
    await advisoryRoutes(scope, deps);
    await capOutRoutes(scope, deps);
    await privacyRoutes(scope, deps);
    await blotterRoutes(scope, deps);
    // The script that enhances the pages without JavaScript where script runs (decision 033).
    await plainPageRoutes(scope, deps, { enhanceScript: webBuildModule(deps.config.webDistDir, 'src/lite/enhance.ts') });
    await textLineRoutes(scope, deps);
    await inboundSmsRoutes(scope, deps);
  });

  await serveWebApp(app, deps.config.webDistDir, () => getPublicSettingsJson(deps), {
    landingBanner: (locale) => landingAdvisories(deps, locale),
    noScriptAddress: liteAddressOf,
  });
  return app;
}

function contentSecurityPolicy(tileUrl: string, inlineScripts: readonly string[]): Record<string, string[]> {
  const tileOrigin = tileOriginPattern(tileUrl);
  return {
    'default-src': ["'self'"],
    // The page's one inline script (the theme, before the first paint), by its hash.
    'script-src': ["'self'", ...inlineScripts],
    // Leaflet and the toasts position elements with inline style attributes.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tileOrigin ? [tileOrigin] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/** `https://{s}.tile.example.org/{z}/…` → `https://*.tile.example.org`. */
function tileOriginPattern(tileUrl: string): string | null {
  try {
    const url = new URL(tileUrl.replaceAll('{s}', 'a'));
    return tileUrl.includes('{s}') ? `${url.protocol}//*.${url.host.split('.').slice(1).join('.')}` : url.origin;
  } catch {
    return null;
  }
}
