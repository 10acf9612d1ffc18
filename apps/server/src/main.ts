import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_ERROR_EXIT_CODE, ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';
import { shareCacheInvalidation } from './db/cache-invalidation.ts';
import { buildDeliveryWorker, createInstanceMemory, moduleLinks, type AppDeps } from './deps.ts';
import { systemClock } from './lib/clock.ts';
import { DomainEvents } from './lib/domain-events.ts';
import { createTokenService, resolveJwtSecret, ensureSupadmin } from './modules/auth/index.ts';
import { consoleSmsWarning, databaseTarget, loggerOptions, pushLoopbackWarning, webhooksLoopbackWarning } from './main-helpers.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { cityModeRefusal } from './db/city-mode.ts';
import { createMetrics } from './http/metrics.ts';
import type { Lifecycle } from './modules/health/index.ts';
import { attachRealtime } from './realtime/socket-server.ts';
import type { FastifyInstance } from 'fastify';
import { createOutsideServices, type AdapterLogger } from './adapters/index.ts';
import { jobs } from './jobs/index.ts';
import { startScheduledJobs } from './jobs/queue.ts';
import { createFileStore } from './modules/files/index.ts';
import { createPushSender } from './adapters/push/push.ts';
import { resolveVapidKeys } from './adapters/push/vapid-keys.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The built web app sits beside the server in the repository unless configured elsewhere.
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.webDistDir ??= path.resolve(here, '../../web/dist');

  // The embedded database admits one process: the server holds DATA_DIR while it runs (backups check it).
  const dataDirLock = config.databaseUrl ? null : await lockDataDir(config.dataDir);
  const database: Database = await openDatabase(databaseTarget(config));
  await database.migrate();
  // Many barangays on one database only where PostgreSQL itself keeps them apart (decision 035).
  if (config.cityMode) {
    const refusal = await cityModeRefusal(database.db);
    if (refusal) {
      console.error(refusal);
      await database.close();
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
  }

  const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
  // Adapters log through the app's logger, which exists only once the app is built.
  const logTarget: { app?: FastifyInstance } = {};
  const adapterLog: AdapterLogger = {
    info: (message, data) => logTarget.app?.log.info(data ?? {}, message),
    warn: (message, data) => logTarget.app?.log.warn(data ?? {}, message),
    error: (message, data) => logTarget.app?.log.error(data ?? {}, message),
  };
  const events = new DomainEvents();
  const outside = {
    ...createOutsideServices(config, { log: adapterLog, now: () => systemClock.now(), secret: jwtSecret }),
    push: createPushSender(config, await resolveVapidKeys(config.push, config.dataDir)),
  };
  const deliveries = buildDeliveryWorker({ db: database.db, clock: systemClock, config, ...outside }, adapterLog);
  const deps: AppDeps = {
    config,
    db: database.db,
    clock: systemClock,
    tokens: createTokenService(jwtSecret, systemClock),
    events,
    ...outside,
    deliveries,
    files: createFileStore({ dataDir: config.dataDir, s3: config.s3, db: database.db, driver: database.driver }),
    ...createInstanceMemory({ db: database.db, clock: systemClock, events, deliveries }),
    links: moduleLinks,
  };
  const lifecycle: Lifecycle = { shuttingDown: false };
  const metrics = config.metrics ? createMetrics({ db: database.db, clock: systemClock }) : undefined;
  const app = await buildApp({ deps, database, logger: loggerOptions(config), lifecycle, metrics });
  logTarget.app = app;
  const smsWarning = consoleSmsWarning(config);
  if (smsWarning) app.log.warn(smsWarning);
  const loopbackWarning = pushLoopbackWarning(config);
  if (loopbackWarning) app.log.warn(loopbackWarning);
  const webhooksWarning = webhooksLoopbackWarning(config);
  if (webhooksWarning) app.log.warn(webhooksWarning);
  // Instances sharing a PostgreSQL database tell each other about revoked sessions and settings changes.
  const invalidation = database.pool ? shareCacheInvalidation(database.pool, deps, app.log) : null;
  await invalidation?.ready;
  await ensureSupadmin(
    deps,
    (message) => app.log.warn(message),
    () => crypto.randomBytes(12).toString('base64url'),
  );

  // Sockets share the HTTP server; on PostgreSQL the adapter lets several instances reach each other's.
  const realtime = await attachRealtime({ server: app.server, deps, pool: database.pool, log: app.log });
  metrics?.countSockets(() => realtime.io.of('/').sockets.size);
  // Before the app listens: an instance whose metrics cannot be served takes no request before it stops.
  const metricsServer =
    config.metrics && metrics
      ? await metrics.serve(config.metrics.port, config.metrics.host).catch((error: unknown) => {
          if (!(error instanceof ConfigError)) throw error;
          console.error(error.message);
          process.exit(CONFIG_ERROR_EXIT_CODE);
        })
      : null;
  await app.listen({ port: config.port, host: config.host });
  if (metricsServer && config.metrics) app.log.info(`Prometheus metrics at http://${config.metrics.host}:${metricsServer.port}/metrics`);
  app.log.info(`Bantay is running on ${database.driver === 'pglite' ? 'the embedded database' : 'PostgreSQL'}`);
  // On PostgreSQL on pg-boss, so each job runs once across instances; in-process on the embedded database (decision 022).
  const scheduler = await startScheduledJobs(deps, database.pool, jobs, { error: (message, data) => app.log.error(data ?? {}, message) });
  deps.deliveries.start();
  // npm run start:cluster's launcher counts an instance as started from here (src/cluster.ts).
  process.send?.('bantay:started');

  const shutdown = async (signal: string) => {
    if (lifecycle.shuttingDown) return;
    // Readiness answers 503 from here on, while the rest still answers (decision 024).
    lifecycle.shuttingDown = true;
    app.log.info(`${signal}: shutting down`);
    // A stuck job or connection must not keep a stopped server half alive: exit anyway, loudly.
    setTimeout(() => {
      app.log.error(`shutdown took longer than SHUTDOWN_TIMEOUT_MS=${config.shutdownTimeoutMs}: exiting without finishing it`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      // Work first (no new job or send starts), then the sockets and HTTP, then what they used.
      await scheduler.stop();
      await deps.deliveries.stop();
      await realtime.close();
      await app.close();
      await metricsServer?.close();
      await invalidation?.close();
      await deps.mail.close();
      await deps.files.close();
      await database.close();
      await dataDirLock?.release();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

await main();
