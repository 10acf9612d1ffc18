import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { ConfigError, loadConfig } from '../../config.ts';
import { resolveVapidKeys } from './vapid-keys.ts';

const dirs: string[] = [];
async function dataDir(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-vapid-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('VAPID keys', () => {
  it('are generated on first start into DATA_DIR, readable by the owner only, and the same on every later start', async () => {
    const dir = await dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    const first = await resolveVapidKeys(config.push, dir);
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    const stat = await fs.stat(path.join(dir, 'vapid-keys.json'));
    expect(stat.mode & 0o777).toBe(0o600);
    expect(await resolveVapidKeys(config.push, dir)).toEqual(first);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, and nothing is written', async () => {
    const dir = await dataDir();
    const pair = webpush.generateVAPIDKeys();
    const config = loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(await resolveVapidKeys(config.push, dir)).toEqual(pair);
    await expect(fs.stat(path.join(dir, 'vapid-keys.json'))).rejects.toThrow();
  });

  it.each([
    [{ VAPID_PUBLIC_KEY: webpush.generateVAPIDKeys().publicKey }, 'VAPID_PRIVATE_KEY'],
    [{ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: webpush.generateVAPIDKeys().privateKey }, 'VAPID_PUBLIC_KEY'],
    [{ VAPID_SUBJECT: 'http://example.com' }, 'VAPID_SUBJECT'],
    [{ PUSH_ALLOW_LOOPBACK: 'yes' }, 'PUSH_ALLOW_LOOPBACK'],
  ])('a bad value %j stops the start with a message naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('name a subject push services accept: the https public address, else a mailto: at its host', () => {
    expect(loadConfig({}).push).toMatchObject({ vapidSubject: 'mailto:bantay@bantay.local', allowLoopback: false, vapidKeys: undefined });
    expect(loadConfig({ PUBLIC_URL: 'https://bantay.example.ph/' }).push.vapidSubject).toBe('https://bantay.example.ph');
    expect(loadConfig({ PUBLIC_URL: 'http://bantay.lan.example.ph:3000' }).push.vapidSubject).toBe('mailto:bantay@bantay.lan.example.ph');
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:kapitan@example.ph' }).push.vapidSubject).toBe('mailto:kapitan@example.ph');
    expect(loadConfig({ PUSH_ALLOW_LOOPBACK: 'true' }).push.allowLoopback).toBe(true);
  });
});
