import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { consoleSmsWarning, loggerOptions } from './main-helpers.ts';

describe('the start-up warning about texts', () => {
  it('SMS_PROVIDER=console (the default) warns that no text leaves the server and where they go instead', () => {
    const warning = consoleSmsWarning(loadConfig({ DATA_DIR: '/srv/bantay' }));
    expect(warning).toBe(
      "SMS_PROVIDER=console: no text message leaves this server. Two-factor and phone codes, PIN resets, reporters' receipts " +
        'are only logged and appended to /srv/bantay/sent/sms.jsonl. Set SMS_PROVIDER=semaphore or twilio to send them.',
    );
    expect(consoleSmsWarning(loadConfig({ DATA_DIR: '/srv/bantay', SMS_ALERTS: 'true' }))).toContain('emergency alerts to staff');
  });

  it('a real gateway gives no warning', () => {
    expect(consoleSmsWarning(loadConfig({ DATA_DIR: '/srv/bantay', SMS_PROVIDER: 'semaphore', SEMAPHORE_API_KEY: 'k' }))).toBeNull();
  });
});

describe('the log format', () => {
  it('is readable lines (pino-pretty) on a terminal and JSON when the output goes to a file or a collector', () => {
    const config = loadConfig({ DATA_DIR: '/srv/bantay' });
    expect(loggerOptions(config, true)).toMatchObject({ level: 'info', stream: expect.anything() });
    expect(loggerOptions(config, false)).toEqual({ level: 'info' });
  });

  it('LOG_FORMAT overrides the guess either way', () => {
    expect(loggerOptions(loadConfig({ DATA_DIR: '/srv/bantay', LOG_FORMAT: 'json' }), true)).toEqual({ level: 'info' });
    expect(loggerOptions(loadConfig({ DATA_DIR: '/srv/bantay', LOG_FORMAT: 'pretty', LOG_LEVEL: 'warn' }), false)).toMatchObject({ level: 'warn', stream: expect.anything() });
  });
});
