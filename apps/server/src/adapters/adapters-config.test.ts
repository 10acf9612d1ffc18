import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('choosing outside services by configuration', () => {
  it('the offline defaults need nothing', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(config.outsideServices.sms.provider).toBe('console');
    expect(config.outsideServices.email.provider).toBe('outbox');
    expect(config.outsideServices.botCheck.provider).toBe('altcha');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ SMS_PROVIDER: 'semaphore' }, 'SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore'],
    [{ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }, 'TWILIO_FROM: required (or TWILIO_MESSAGING_SERVICE_SID)'],
    [{ SMS_PROVIDER: 'twilio' }, 'TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio'],
    [{ EMAIL_PROVIDER: 'smtp' }, 'SMTP_URL: required when EMAIL_PROVIDER=smtp'],
    [{ BOT_CHECK_PROVIDER: 'turnstile', BOT_CHECK_SITE_KEY: 'k' }, 'BOT_CHECK_SECRET: required when BOT_CHECK_PROVIDER=turnstile'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
  ])('a real provider without its credentials fails at boot naming the variable (%j)', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', ...env })).toThrow(message);
  });

  it('a hosted bot check gets its default verify URL, which can be overridden', () => {
    const base = { DATA_DIR: '/tmp/x', BOT_CHECK_SECRET: 's', BOT_CHECK_SITE_KEY: 'k' };
    expect(loadConfig({ ...base, BOT_CHECK_PROVIDER: 'hcaptcha' }).outsideServices.botCheck).toMatchObject({ verifyUrl: 'https://api.hcaptcha.com/siteverify' });
    expect(loadConfig({ ...base, BOT_CHECK_PROVIDER: 'recaptcha', BOT_CHECK_VERIFY_URL: 'http://127.0.0.1:9/v' }).outsideServices.botCheck).toMatchObject({
      verifyUrl: 'http://127.0.0.1:9/v',
    });
  });
});
