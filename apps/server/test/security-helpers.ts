import fs from 'node:fs/promises';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { smsSentLogFile } from '../src/adapters/sms/console-sms.ts';
import { mailSentLogIndex } from '../src/adapters/email/console-email.ts';
import type { TestContext } from './harness.ts';

/**
 * Helpers for the outside services in tests: solve the bot check like the widget does,
 * and read the sent logs the local SMS and email defaults wrote under the test's DATA_DIR.
 */

/** Fetches a challenge from `GET /api/bot-check/challenge` and returns the solved `botCheck` payload. */
export async function solveBotCheck(ctx: TestContext): Promise<string> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/bot-check/challenge' });
  if (response.statusCode !== 200) throw new Error(`challenge failed: ${response.statusCode} ${response.body}`);
  const challenge = response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot-check challenge');
  // The altcha widget's v2 payload: base64 of { challenge, solution }.
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export interface SentSms {
  to: string;
  text: string;
  at: string;
}

/**
 * Every SMS the console provider sent, oldest first (DATA_DIR/sent/sms.jsonl), once the delivery
 * worker has sent what is due: alerts and links go through it after commit (decision 016).
 */
export async function readSentSms(ctx: TestContext): Promise<SentSms[]> {
  await ctx.deps.deliveries.idle();
  return readJsonLines<SentSms>(smsSentLogFile(ctx.deps.config.dataDir));
}

/** The 6-digit code of the last SMS sent to `to` (E.164). */
export async function lastSmsCode(ctx: TestContext, to: string): Promise<string> {
  const messages = (await readSentSms(ctx)).filter((m) => m.to === to);
  const code = /\b(\d{6})\b/.exec(messages.at(-1)?.text ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${to}`);
  return code;
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
  /** The .eml file under DATA_DIR/sent/mail/. */
  file: string;
  at: string;
}

/** Every email the console provider wrote, oldest first, after pending background sends and due deliveries finish. */
export async function readSentMail(ctx: TestContext): Promise<SentMail[]> {
  await ctx.deps.deliveries.idle();
  return readJsonLines<SentMail>(mailSentLogIndex(ctx.deps.config.dataDir));
}

async function readJsonLines<T>(file: string): Promise<T[]> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}
