import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';

describe('choosing outside services by configuration', () => {
  it('the offline defaults need nothing', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(config.outsideServices.sms.provider).toBe('console');
    expect(config.outsideServices.email.provider).toBe('console');
    // Its former name still chooses it, so an older .env keeps working.
    expect(loadConfig({ DATA_DIR: '/tmp/x', EMAIL_PROVIDER: 'outbox' }).outsideServices.email.provider).toBe('console');
    expect(config.outsideServices.botCheck.provider).toBe('altcha');
    expect(config.outsideServices.geocoder).toEqual({ provider: 'local' });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it.each([
    [{ SMS_PROVIDER: 'semaphore' }, 'SEMAPHORE_API_KEY: required when SMS_PROVIDER=semaphore'],
    [{ SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: 'AC1', TWILIO_AUTH_TOKEN: 't' }, 'TWILIO_FROM: required (or TWILIO_MESSAGING_SERVICE_SID)'],
    [{ SMS_PROVIDER: 'twilio' }, 'TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio'],
    [{ SMS_PROVIDER: 'android', ANDROID_SMS_URL: 'http://192.168.1.20:8080' }, 'ANDROID_SMS_USERNAME: required when SMS_PROVIDER=android'],
    [{ SMS_PROVIDER: 'httpsms', HTTPSMS_API_KEY: 'k' }, 'SMS_GATEWAY_NUMBER: required when SMS_PROVIDER=httpsms'],
    [{ EMAIL_PROVIDER: 'smtp' }, 'SMTP_URL: required when EMAIL_PROVIDER=smtp'],
    [{ GEOCODER: 'nominatim' }, 'NOMINATIM_URL: required when GEOCODER=nominatim'],
    [{ GEOCODER: 'nominatim', NOMINATIM_URL: 'not a url' }, 'NOMINATIM_URL: Invalid URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
  ])('a real provider without its credentials fails at boot naming the variable (%j)', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', ...env })).toThrow(message);
  });

  it('SMS_PROVIDER is tried first, then every other provider whose credentials are set; the text line needs no sender of its own', () => {
    const config = loadConfig({
      DATA_DIR: '/tmp/x',
      SMS_PROVIDER: 'android',
      ANDROID_SMS_URL: 'http://192.168.1.20:8080',
      ANDROID_SMS_USERNAME: 'sms',
      ANDROID_SMS_PASSWORD: 'pw',
      SEMAPHORE_API_KEY: 'sem',
      HTTPSMS_API_KEY: 'hs',
      SMS_GATEWAY_NUMBER: '09170000999',
      HTTPSMS_SIGNING_KEY: 'httpsms-signing-key-0123',
    });
    expect([config.outsideServices.sms, ...config.outsideServices.smsFallbacks].map((sms) => sms.provider)).toEqual(['android', 'httpsms', 'semaphore']);
    expect(config.textLine).toEqual({
      inbound: { androidSigningKey: undefined, httpsmsSigningKey: 'httpsms-signing-key-0123', twilioAuthToken: undefined },
      gatewayNumber: '09170000999',
      silentMinutes: 30,
      repliesPerHour: 10,
    });
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', ANDROID_SMS_SIGNING_KEY: 'short' })).toThrow('ANDROID_SMS_SIGNING_KEY: must be at least 16 characters');
  });

  it.each(['turnstile', 'hcaptcha', 'recaptcha'])(
    'BOT_CHECK_PROVIDER=%s is refused at start, naming the variable, even with its keys: no web form can solve it yet',
    (provider) => {
      const env = { DATA_DIR: '/tmp/x', BOT_CHECK_PROVIDER: provider, BOT_CHECK_SECRET: 's', BOT_CHECK_SITE_KEY: 'k' };
      expect(() => loadConfig(env)).toThrow(
        `BOT_CHECK_PROVIDER: ${provider} is not available yet: the web forms carry only the ALTCHA proof of work, so every public form would fail. Leave BOT_CHECK_PROVIDER unset or set it to altcha.`,
      );
      expect(loadConfig({ ...env, BOT_CHECK_PROVIDER: 'altcha' }).outsideServices.botCheck.provider).toBe('altcha');
    },
  );

  it('GEOCODER=nominatim asks NOMINATIM_URL with a User-Agent naming the installation by its PUBLIC_URL', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/x', GEOCODER: 'nominatim', NOMINATIM_URL: 'https://nominatim.example.org/', PUBLIC_URL: 'https://bantay.example.ph/' });
    expect(config.outsideServices.geocoder).toEqual({
      provider: 'nominatim',
      url: 'https://nominatim.example.org/',
      userAgent: 'Bantay/0.1 (barangay watch app; +https://bantay.example.ph)',
    });
  });
});
