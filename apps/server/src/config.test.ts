import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults: port 3000, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.escalation).toEqual({ emergencyAfterMs: 120_000, normalAfterMs: 900_000 });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ BANTAY_SUPADMIN_USERNAME: 'boss' }, 'BANTAY_SUPADMIN_PASSWORD'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ ESCALATE_EMERGENCY_AFTER_S: '0' }, 'ESCALATE_EMERGENCY_AFTER_S'],
    [{ ESCALATE_NORMAL_AFTER_S: 'soon' }, 'ESCALATE_NORMAL_AFTER_S'],
  ])('a bad value %j stops the start with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('city mode needs PostgreSQL: on the embedded database, a superuser, it stops the start saying why', () => {
    expect(loadConfig({}).cityMode).toBe(false);
    expect(() => loadConfig({ CITY_MODE: 'true' })).toThrow(/CITY_MODE=true needs PostgreSQL \(DATABASE_URL\): the embedded database runs as a superuser/);
    expect(loadConfig({ CITY_MODE: 'true', DATABASE_URL: 'postgres://bantay@db.example/bantay' }).cityMode).toBe(true);
  });
});
