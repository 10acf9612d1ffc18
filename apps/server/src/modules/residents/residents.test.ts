import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FORGOT_PIN_ANSWER } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, type TestContext } from '../../../test/harness.ts';
import { lastSmsCode, readSentMail, readSentSms, solveBotCheck } from '../../../test/security-helpers.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { LOGIN_RATE_LIMIT: '1000', CODE_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());
beforeEach(() => clock.advance(2 * 60 * 60_000));

let numberSeq = 1000;
/** A fresh Globe-style mobile number in the local format residents type, and its E.164. */
const freshNumber = () => {
  numberSeq += 1;
  return { local: `0917 55${String(numberSeq).padStart(5, '0')}`, e164: `+63917550${String(numberSeq).slice(-4).padStart(4, '0')}` };
};

const post = (url: string, payload: unknown, ip = '10.2.0.1') => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });

async function sendCode(phoneNumber: string) {
  return post('/api/residents/send-code', { phoneNumber, botCheck: await solveBotCheck(ctx) });
}

function signupBody(phoneNumber: string, code: string, overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Rosario',
    middleName: 'Lim',
    lastName: 'Dizon',
    birthday: '1988-04-12',
    address: '12 Sampaguita St., Purok 3',
    phoneNumber,
    code,
    pin: '482916',
    pinConfirm: '482916',
    ...overrides,
  };
}

async function signUp(overrides: Record<string, unknown> = {}) {
  const number = freshNumber();
  expect((await sendCode(number.local)).statusCode).toBe(200);
  const code = await lastSmsCode(ctx, number.e164);
  const response = await post('/api/residents/signup', signupBody(number.local, code, overrides));
  return { number, response };
}

const login = (phoneNumber: string, pin: string, ip = '10.2.0.1') => post('/api/residents/login', { phoneNumber, pin }, ip);

describe('resident sign-up', () => {
  it('a resident proves the mobile number with an SMS code, chooses a PIN and is signed in', async () => {
    const { number, response } = await signUp({ email: 'Rosario.Dizon@Example.test' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ userType: 'resident', userId: expect.any(String), token: expect.any(String) });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userType: 'resident', phoneNumber: number.e164, email: 'rosario.dizon@example.test', middleName: 'Lim' });
    expect(me.body).not.toContain('pinHash');
    expect(me.body).not.toContain('$argon2');
  });

  it('the code send needs a solved bot check, and nothing is sent without it', async () => {
    const number = freshNumber();
    const response = await post('/api/residents/send-code', { phoneNumber: number.local, botCheck: 'bm90LWEtc29sdXRpb24=' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('BOT_CHECK_FAILED');
    expect((await readSentSms(ctx)).some((sms) => sms.to === number.e164)).toBe(false);
  });

  it('a second code within a minute is refused with Retry-After', async () => {
    const number = freshNumber();
    expect((await sendCode(number.local)).statusCode).toBe(200);
    const again = await sendCode(number.local);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('a wrong code is refused naming the code field, and the right one still works after', async () => {
    const number = freshNumber();
    await sendCode(number.local);
    const code = await lastSmsCode(ctx, number.e164);
    const wrong = await post('/api/residents/signup', signupBody(number.local, code === '000000' ? '111111' : '000000'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_CODE', fields: [{ field: 'code' }] });
    expect((await post('/api/residents/signup', signupBody(number.local, code))).statusCode).toBe(201);
  });

  it('an expired code is refused', async () => {
    const number = freshNumber();
    await sendCode(number.local);
    const code = await lastSmsCode(ctx, number.e164);
    clock.advance(6 * 60_000);
    const response = await post('/api/residents/signup', signupBody(number.local, code));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/expired/);
  });

  it.each([
    [{ pin: '123456', pinConfirm: '123456' }, 'pin'],
    [{ pin: '777777', pinConfirm: '777777' }, 'pin'],
    [{ pin: '48291', pinConfirm: '48291' }, 'pin'],
    [{ pinConfirm: '482917' }, 'pinConfirm'],
    [{ birthday: '12/04/1988' }, 'birthday'],
    [{ firstName: ' ' }, 'firstName'],
    [{ email: 'not-an-email' }, 'email'],
  ])('sign-up with %j is refused with 400 naming %s', async (overrides, field) => {
    const response = await post('/api/residents/signup', signupBody('09170000000', '123456', overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toContain(field);
  });

  it('an email already in use is refused naming the field, and the same code works once corrected', async () => {
    await signUp({ email: 'taken@example.test' });
    const number = freshNumber();
    await sendCode(number.local);
    const code = await lastSmsCode(ctx, number.e164);
    const taken = await post('/api/residents/signup', signupBody(number.local, code, { email: 'taken@example.test' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields[0].field).toBe('email');
    expect((await post('/api/residents/signup', signupBody(number.local, code, { email: 'other@example.test' }))).statusCode).toBe(201);
  });

  it('a number that already has an account gets the same answer but no code, so nobody learns who is registered', async () => {
    const { number } = await signUp();
    clock.advance(2 * 60_000);
    const response = await sendCode(number.local);
    expect(response.statusCode).toBe(200);
    const last = (await readSentSms(ctx)).filter((sms) => sms.to === number.e164).at(-1)!;
    expect(last.text).toMatch(/already has a resident account/);
    expect(last.text).not.toMatch(/\b\d{6}\b/);
  });
});

describe("a resident's home (docs/decisions/032-the-text-line.md)", () => {
  it('is set at sign-up and changed on the account; a purok without a pin is placed only when it is a patrol area', async () => {
    const { response } = await signUp({ homePurok: 'Purok 3', homePin: { lat: 14.7312, lng: 121.0431 } });
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json<{ token: string }>().token;
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ homePurok: 'Purok 3', homePin: { lat: 14.7312, lng: 121.0431 } });
    const put = (payload: unknown) => ctx.app.inject({ method: 'PUT', url: '/api/residents/me/home', headers: bearer(token), payload: payload as object });
    // No such patrol area, no pin: Bantay cannot place a text from this number.
    expect((await put({ homePurok: 'Purok 9' })).json()).toEqual({ homePurok: 'Purok 9', homePin: null, hasHome: false });
    expect((await put({ homePurok: 'Purok 9', homePin: { lat: 14.73, lng: 121.04 } })).json()).toMatchObject({ hasHome: true });
    expect((await put({ homePurok: null, homePin: null })).json()).toEqual({ homePurok: null, homePin: null, hasHome: false });
    expect((await put({ homePurok: null, homePin: { lat: 14.73, lng: 121.04 } })).statusCode).toBe(400);
    expect((await put({ homePurok: 'x'.repeat(81) })).statusCode).toBe(400);
    const puroks = await ctx.app.inject({ method: 'GET', url: '/api/public/puroks' });
    expect(puroks.json()).toEqual({ puroks: expect.any(Array) });
  });
});

describe('resident sign-in', () => {
  it('a resident signs in with the number in any common format and the PIN', async () => {
    const { number } = await signUp();
    for (const format of [number.local, number.e164, number.e164.slice(1)]) {
      const response = await login(format, '482916');
      expect(response.statusCode).toBe(200);
      expect(response.json().userType).toBe('resident');
    }
  });

  it('a wrong PIN and an unknown number get the same 401', async () => {
    const { number } = await signUp();
    const wrong = await login(number.local, '000001');
    const unknown = await login('09999999999', '000001');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('five wrong PINs lock the account for 15 minutes, even with the right PIN', async () => {
    const { number } = await signUp();
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await login(number.local, '000001')).statusCode).toBe(401);
    const fifth = await login(number.local, '000001');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);
    expect((await login(number.local, '482916')).statusCode).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    expect((await login(number.local, '482916')).statusCode).toBe(200);
  });

  it('staff cannot use the resident sign-in', async () => {
    expect((await login('+639171230011', '482916')).statusCode).toBe(401);
  });
});

describe('reset PIN', () => {
  it('a link by SMS sets a new PIN once, lifts a lockout and ends open sessions', async () => {
    const { number, response } = await signUp();
    const oldToken = response.json().token;
    for (let attempt = 1; attempt <= 5; attempt += 1) await login(number.local, '000001');
    const answer = await post('/api/residents/forgot-pin', { phoneNumber: number.local });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true, message: FORGOT_PIN_ANSWER });
    const sms = (await readSentSms(ctx)).filter((m) => m.to === number.e164).at(-1)!;
    const token = /\/reset-pin\/([A-Za-z0-9_-]+)/.exec(sms.text)![1]!;
    expect(sms.text).toContain(`${ctx.deps.config.publicUrl}/reset-pin/`);

    expect((await post('/api/residents/reset-pin/check', { token })).json()).toEqual({ valid: true });
    const reset = await post('/api/residents/reset-pin', { token, pin: '730415', pinConfirm: '730415' });
    expect(reset.statusCode).toBe(200);
    expect((await login(number.local, '730415')).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(oldToken) })).statusCode).toBe(401);

    const reused = await post('/api/residents/reset-pin', { token, pin: '902184', pinConfirm: '902184' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('a link by email works too', async () => {
    await signUp({ email: 'pin-reset@example.test' });
    expect((await post('/api/residents/forgot-pin', { email: 'PIN-reset@example.test' })).statusCode).toBe(200);
    const mail = (await readSentMail(ctx)).filter((m) => m.to === 'pin-reset@example.test').at(-1)!;
    expect(mail.subject).toBe('Reset your Bantay PIN');
    const token = /\/reset-pin\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await post('/api/residents/reset-pin', { token, pin: '730415', pinConfirm: '730415' })).statusCode).toBe(200);
  });

  it('a link expires after an hour', async () => {
    const { number } = await signUp();
    await post('/api/residents/forgot-pin', { phoneNumber: number.local });
    const sms = (await readSentSms(ctx)).filter((m) => m.to === number.e164).at(-1)!;
    const token = /\/reset-pin\/([A-Za-z0-9_-]+)/.exec(sms.text)![1]!;
    clock.advance(61 * 60_000);
    const response = await post('/api/residents/reset-pin', { token, pin: '730415', pinConfirm: '730415' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('an unknown number or email gets the same answer and nothing is sent', async () => {
    const before = (await readSentSms(ctx)).length;
    const byPhone = await post('/api/residents/forgot-pin', { phoneNumber: '09180000000' });
    const byEmail = await post('/api/residents/forgot-pin', { email: 'nobody@example.test' });
    expect(byPhone.json()).toEqual({ ok: true, message: FORGOT_PIN_ANSWER });
    expect(byEmail.json()).toEqual(byPhone.json());
    expect((await readSentSms(ctx)).length).toBe(before);
  });

  it('the request needs a number or an email, and a new PIN must not be weak', async () => {
    const empty = await post('/api/residents/forgot-pin', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields[0].field).toBe('phoneNumber');
    const weak = await post('/api/residents/reset-pin', { token: 'x'.repeat(43), pin: '111111', pinConfirm: '111111' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields[0].field).toBe('pin');
  });
});

describe('resident sign-in rate limit', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ env: { LOGIN_RATE_LIMIT: '3' } });
  });
  afterAll(() => limited.close());

  it('sign-in attempts are rate limited per IP address with Retry-After', async () => {
    const attempt = (ip: string) =>
      limited.app.inject({ method: 'POST', url: '/api/residents/login', remoteAddress: ip, payload: { phoneNumber: '09170000000', pin: '000000' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt('10.3.0.1')).statusCode).toBe(401);
    const blocked = await attempt('10.3.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('10.3.0.2')).statusCode).toBe(401);
  });
});
