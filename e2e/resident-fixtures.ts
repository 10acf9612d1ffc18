import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
// The server's own ALTCHA library (a dependency of apps/server, hoisted to the root node_modules):
// the tests solve the proof-of-work in Node exactly as the browser widget does.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { codeIn, smsOutbox } from './outbox.ts';

/** Solves the invisible bot-check like the widget: `GET /api/bot-check/challenge`, then the v2 payload. */
export async function solveBotCheck(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/bot-check/challenge');
  expect(response.ok()).toBe(true);
  const challenge = await response.json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the bot-check challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** A random mobile number (no demo account uses 0918): local format as typed, and E.164 as the outbox has it. */
export function freshMobileNumber(): { local: string; e164: string } {
  const digits = String(crypto.randomInt(0, 10_000_000)).padStart(7, '0');
  return { local: `0918 ${digits.slice(0, 3)} ${digits.slice(3)}`, e164: `+63918${digits}` };
}

export interface Resident {
  phone: { local: string; e164: string };
  pin: string;
  email: string | null;
  token: string;
}

/** Signs a resident up through the API (code from the SMS outbox), for tests about other things. */
export async function createResident(request: APIRequestContext, options: { email?: string; pin?: string } = {}): Promise<Resident> {
  const phone = freshMobileNumber();
  const pin = options.pin ?? '730415';
  const sms = smsOutbox();
  const since = sms.mark();
  const sent = await request.post('/api/residents/send-code', { data: { phoneNumber: phone.local, botCheck: await solveBotCheck(request) } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const code = codeIn(await sms.next(phone.e164, since));
  const signup = await request.post('/api/residents/signup', {
    data: {
      firstName: 'Marites',
      lastName: 'Villanueva',
      birthday: '1990-07-21',
      address: '8 Kamagong St., Purok 4',
      phoneNumber: phone.local,
      code,
      pin,
      pinConfirm: pin,
      ...(options.email ? { email: options.email } : {}),
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  return { phone, pin, email: options.email ?? null, token };
}

/** A point inside the demo boundary: the brief's map centre. */
export const INSIDE_BOUNDARY = { lat: 14.7356, lng: 121.0498 };

/** Reports an incident through the public API as the resident with `token`; returns the ticket. */
export async function reportAsResident(request: APIRequestContext, token: string): Promise<string> {
  const response = await request.post('/api/public/incidents', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type: 'Theft',
      classification: 'normal',
      description: 'A bicycle was taken from the gate.',
      occurredAt: new Date().toISOString(),
      location: { ...INSIDE_BOUNDARY, accuracy: 12 },
      landmark: 'Beside the chapel',
      deviceId: crypto.randomBytes(12).toString('hex'),
      botCheck: await solveBotCheck(request),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { ticket: string }).ticket;
}

/** The path of the reset-PIN link in an SMS or email (the host is the server's PUBLIC_URL). */
export function resetPinPathIn(message: { text: string }): string {
  const match = /\/reset-pin\/[A-Za-z0-9_-]+/.exec(message.text);
  if (!match) throw new Error(`No reset-PIN link in: ${message.text}`);
  return match[0];
}
