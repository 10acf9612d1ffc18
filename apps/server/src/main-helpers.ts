import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from './config.ts';
import type { DatabaseTarget } from './db/client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR/db. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: embeddedDataDir(config.dataDir), durable: config.embeddedDbFsync };
}

/** Where the embedded database lives in DATA_DIR (the backup and restore commands use it too). */
export function embeddedDataDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/**
 * The logger: pino-pretty's one line per event when a person reads the output (a terminal, or
 * LOG_FORMAT=pretty), JSON for a log collector otherwise. Pretty-printing runs in this thread
 * and synchronously, so the lines of a stop or a crash are all written before the process exits.
 */
export function loggerOptions(config: Config, isTerminal = Boolean(process.stdout.isTTY)): FastifyServerOptions['logger'] {
  const pretty = config.logFormat ? config.logFormat === 'pretty' : isTerminal;
  if (!pretty) return { level: config.logLevel };
  return {
    level: config.logLevel,
    stream: pinoPretty({ colorize: isTerminal, sync: true, translateTime: 'SYS:yyyy-mm-dd HH:MM:ss', ignore: 'pid,hostname' }),
  };
}

/**
 * The start-up warning when texts go nowhere (SMS_PROVIDER=console, the offline default): sign-in
 * codes, PIN resets and reporters' receipts are only logged and written to the sent log, which
 * is right on a laptop and a silent failure in a barangay hall. Logged once, by main.ts.
 */
export function consoleSmsWarning(config: Config): string | null {
  if (config.outsideServices.sms.provider !== 'console') return null;
  const alerts = config.smsAlerts ? ', emergency alerts to staff' : '';
  return (
    `SMS_PROVIDER=console: no text message leaves this server. Two-factor and phone codes, PIN resets, reporters' receipts${alerts} ` +
    `are only logged and appended to ${path.join(config.dataDir, 'sent', 'sms.jsonl')}. Set SMS_PROVIDER=semaphore or twilio to send them.`
  );
}

/**
 * The start-up warning when a production server admits push endpoints on loopback
 * (PUSH_ALLOW_LOOPBACK=true, meant for tests and local trials): anyone signed in may then make the
 * server post to services on its own machine (decision 017). Logged once, by main.ts.
 */
export function pushLoopbackWarning(config: Config): string | null {
  if (!config.push.allowLoopback || config.env !== 'production') return null;
  return (
    'PUSH_ALLOW_LOOPBACK=true in production: push subscriptions may point at this machine (127.0.0.1, ::1, localhost), ' +
    'so any signed-in person can make the server post to services on it. It is meant for tests and local trials; unset it.'
  );
}

/**
 * The same warning for webhooks (WEBHOOKS_ALLOW_LOOPBACK=true): a supadmin, or whoever holds a
 * supadmin's session, may then make the server post signed events to services on its own machine
 * (modules/webhooks). Logged once, by main.ts.
 */
export function webhooksLoopbackWarning(config: Config): string | null {
  if (!config.webhooks.allowLoopback || config.env !== 'production') return null;
  return (
    'WEBHOOKS_ALLOW_LOOPBACK=true in production: webhooks may point at this machine (127.0.0.1, ::1, localhost), ' +
    'so a supadmin session can make the server post to services on it. It is meant for tests and local trials; unset it.'
  );
}
