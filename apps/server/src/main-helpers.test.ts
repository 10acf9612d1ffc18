import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { consoleSmsWarning } from './main-helpers.ts';

describe('the start-up warning about texts', () => {
  it('SMS_PROVIDER=console (the default) warns that no text leaves the server and where they go instead', () => {
    const warning = consoleSmsWarning(loadConfig({ DATA_DIR: '/srv/bantay' }));
    expect(warning).toBe(
      "SMS_PROVIDER=console: no text message leaves this server. Two-factor and phone codes, PIN resets, reporters' receipts " +
        'are only logged and appended to /srv/bantay/outbox/sms.jsonl. Set SMS_PROVIDER=semaphore or twilio to send them.',
    );
    expect(consoleSmsWarning(loadConfig({ DATA_DIR: '/srv/bantay', SMS_ALERTS: 'true' }))).toContain('emergency alerts to staff');
  });

  it('a real gateway gives no warning', () => {
    expect(consoleSmsWarning(loadConfig({ DATA_DIR: '/srv/bantay', SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k' }))).toBeNull();
  });
});
