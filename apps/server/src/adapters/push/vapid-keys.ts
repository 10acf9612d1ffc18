import fs from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import type { PushConfig } from '../../config.ts';

export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: what browsers pass to `pushManager.subscribe`. */
  publicKey: string;
  privateKey: string;
}

const KEY_FILE = 'vapid-keys.json';

/**
 * The server's VAPID key pair: from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else the
 * pair generated into DATA_DIR on first start and read back on every later one. Browsers tie each
 * subscription to the public key, so a new pair would silently orphan every subscription: the file
 * is written once (`wx`, mode 600) and never replaced; several instances must share it or the
 * environment variables.
 */
export async function resolveVapidKeys(config: PushConfig, dataDir: string): Promise<VapidKeys> {
  if (config.vapidKeys) return config.vapidKeys;
  const file = path.join(dataDir, KEY_FILE);
  const stored = await readKeys(file);
  if (stored) return stored;
  await fs.mkdir(dataDir, { recursive: true });
  const generated = webpush.generateVAPIDKeys();
  try {
    await fs.writeFile(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
    return generated;
  } catch (error) {
    // Another process wrote it first: its pair wins.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readKeys(file);
    if (!winner) throw new Error(`${file} holds no VAPID key pair`, { cause: error });
    return winner;
  }
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as Partial<VapidKeys>;
  if (typeof parsed.publicKey !== 'string' || typeof parsed.privateKey !== 'string') throw new Error(`${file} holds no VAPID key pair`);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}
