import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { consoleSmsWarning, loggerOptions, pushLoopbackWarning, webhooksLoopbackWarning } from './main-helpers.ts';

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

describe('the start-up warning about push endpoints on loopback', () => {
  it('PUSH_ALLOW_LOOPBACK=true in production (NODE_ENV unset means production) says what it opens; tests and development do not warn', () => {
    const warning = pushLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay', PUSH_ALLOW_LOOPBACK: 'true' }));
    expect(warning).toMatch(/^PUSH_ALLOW_LOOPBACK=true in production: .*127\.0\.0\.1.* unset it\.$/);
    expect(pushLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay', NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: '1' }))).toBe(warning);
    expect(pushLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay' }))).toBeNull();
    expect(pushLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay', NODE_ENV: 'development', PUSH_ALLOW_LOOPBACK: 'true' }))).toBeNull();
    expect(pushLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay', NODE_ENV: 'test', PUSH_ALLOW_LOOPBACK: 'true' }))).toBeNull();
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
describe('the start-up warning about webhooks on loopback', () => {
  it('WEBHOOKS_ALLOW_LOOPBACK=true in production says what it opens; tests and development do not warn', () => {
    const warning = webhooksLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay', WEBHOOKS_ALLOW_LOOPBACK: 'true' }));
    expect(warning).toMatch(/^WEBHOOKS_ALLOW_LOOPBACK=true in production: .*127\.0\.0\.1.* unset it\.$/);
    expect(webhooksLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay' }))).toBeNull();
    expect(webhooksLoopbackWarning(loadConfig({ DATA_DIR: '/srv/bantay', NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK: 'true' }))).toBeNull();
  });
});
