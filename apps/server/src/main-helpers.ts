import path from 'node:path';
import type { Config } from './config.ts';
import type { DatabaseTarget } from './db/client.ts';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database under DATA_DIR/db. */
export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: path.join(config.dataDir, 'db') };
}

/**
 * The start-up warning when texts go nowhere (SMS_PROVIDER=console, the offline default): sign-in
 * codes, PIN resets and reporters' receipts are only logged and written to the outbox file, which
 * is right on a laptop and a silent failure in a barangay hall. Logged once, by main.ts.
 */
export function consoleSmsWarning(config: Config): string | null {
  if (config.outsideServices.sms.provider !== 'console') return null;
  const alerts = config.smsAlerts ? ', emergency alerts to staff' : '';
  return (
    `SMS_PROVIDER=console: no text message leaves this server. Two-factor and phone codes, PIN resets, reporters' receipts${alerts} ` +
    `are only logged and appended to ${path.join(config.dataDir, 'outbox', 'sms.jsonl')}. Set SMS_PROVIDER=semaphore or twilio to send them.`
  );
}
