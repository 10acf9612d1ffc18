import crypto from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { codeIn, sentSmsLog } from './sent-log.ts';
import { solveBotCheck } from './public-api.ts';

/** A random mobile number (no demo account uses 0918): local format as typed, and E.164 as the sent log has it. */
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

/** Signs a resident up through the API (code from the SMS sent log), for tests about other things. */
export async function createResident(request: APIRequestContext, options: { email?: string; pin?: string } = {}): Promise<Resident> {
  const phone = freshMobileNumber();
  const pin = options.pin ?? '730415';
  const sms = sentSmsLog();
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

/** The path of the reset-PIN link in an SMS or email (the host is the server's PUBLIC_URL). */
export function resetPinPathIn(message: { text: string }): string {
  const match = /\/reset-pin\/[A-Za-z0-9_-]+/.exec(message.text);
  if (!match) throw new Error(`No reset-PIN link in: ${message.text}`);
  return match[0];
}

/** A real 1×1 PNG, so the photo upload needs no fixture file. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
