import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { e2eServer } from './servers.ts';

/** The DATA_DIR of this worker's server (e2e/servers.ts), where the SMS and mail sent logs live. */
function dataDir(): string {
  return e2eServer(test.info().parallelIndex).dataDir;
}

interface Sms {
  to: string;
  text: string;
  at: string;
}
interface Mail {
  to: string;
  subject: string;
  text: string;
  file: string;
  at: string;
}

function readLines<T>(file: string): T[] {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

/**
 * One sent log (JSON lines). `mark()` remembers how many messages it holds, so a test waits
 * only for messages sent after its own action, never for an older code.
 */
class SentLog<T extends { to: string }> {
  constructor(private readonly file: string) {}

  mark(): number {
    return readLines<T>(this.file).length;
  }

  /** Polls the file (no fixed sleeps) until a message to `to` arrives after `since`. */
  async next(to: string, since: number, timeout = 10_000): Promise<T> {
    let found: T | undefined;
    await expect
      .poll(
        () => {
          found = readLines<T>(this.file)
            .slice(since)
            .find((message) => message.to === to);
          return found !== undefined;
        },
        { timeout, message: `a message to ${to} in ${path.basename(this.file)}` },
      )
      .toBe(true);
    return found!;
  }
}

export const sentSmsLog = () => new SentLog<Sms>(path.join(dataDir(), 'sent', 'sms.jsonl'));
export const sentMailLog = () => new SentLog<Mail>(path.join(dataDir(), 'sent', 'mail.jsonl'));

/** The 6-digit code of an SMS (the only six-digit number in it). */
export function codeIn(sms: Sms): string {
  const match = /\b\d{6}\b/.exec(sms.text);
  if (!match) throw new Error(`No 6-digit code in: ${sms.text}`);
  return match[0];
}

/** The path of the reset link in a password-reset email (the host is the server's PUBLIC_URL). */
export function resetPathIn(mail: Mail): string {
  const match = /\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text);
  if (!match) throw new Error(`No reset link in: ${mail.text}`);
  return match[0];
}
