import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock, TEST_PASSWORD, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { lastSmsCode, readSentSms, solveBotCheck } from '../../../test/security-helpers.ts';
import { updateUser } from '../users/users.repository.ts';
import { OutsideServiceError } from '../../adapters/index.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
let phoneCounter = 0;
/** A distinct valid Philippine mobile number per test. */
const nextPhone = () => `+63917${String(1_000_000 + (phoneCounter += 1)).slice(1).padStart(7, '0')}`;

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { LOGIN_RATE_LIMIT: '1000', CODE_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());

const post = (url: string, token: string | null, payload: object = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload, remoteAddress });

async function sendCode(token: string, phoneNumber: string) {
  return post('/api/2fa/send-code', token, { phoneNumber, botCheck: await solveBotCheck(ctx) });
}

async function enable(token: string, phoneNumber: string) {
  expect((await sendCode(token, phoneNumber)).statusCode).toBe(200);
  const code = await lastSmsCode(ctx, phoneNumber);
  const response = await post('/api/2fa/enable', token, { phoneNumber, code });
  expect(response.statusCode).toBe(200);
}

describe('turning on two-factor authentication', () => {
  it('a tanod gets a 6-digit code by SMS and turns 2FA on with it; the number is stored in E.164', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    const phone = nextPhone();
    const local = `0${phone.slice(3)}`; // 0917…: typed the Philippine way
    const sent = await sendCode(token, local);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ phoneNumber: phone, expiresInSeconds: 300, resendAfterSeconds: 60 });
    const code = await lastSmsCode(ctx, phone);
    expect(code).toMatch(/^\d{6}$/);

    const enabled = await post('/api/2fa/enable', token, { phoneNumber: local, code });
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toEqual({ twoFactorEnabled: true, phoneNumber: phone });
    const me = (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();
    expect(me).toMatchObject({ twoFactorEnabled: true, phoneNumber: phone });
  });

  it('the code works only for the number it was sent to', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const phone = nextPhone();
    await sendCode(token, phone);
    const code = await lastSmsCode(ctx, phone);
    const other = await post('/api/2fa/enable', token, { phoneNumber: nextPhone(), code });
    expect(other.statusCode).toBe(400);
    expect(other.json().error).toMatchObject({ code: 'INVALID_CODE', message: 'Invalid verification code' });
  });

  it('a wrong code is refused, and the fifth wrong attempt burns the code even for the right one', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const phone = nextPhone();
    await sendCode(token, phone);
    const code = await lastSmsCode(ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      expect((await post('/api/2fa/enable', token, { phoneNumber: phone, code: wrong })).json().error.code).toBe('INVALID_CODE');
    }
    expect((await post('/api/2fa/enable', token, { phoneNumber: phone, code: wrong })).statusCode).toBe(429);
    const late = await post('/api/2fa/enable', token, { phoneNumber: phone, code });
    expect(late.statusCode).toBe(429);
  });

  it('a code expires after 5 minutes', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const phone = nextPhone();
    await sendCode(token, phone);
    const code = await lastSmsCode(ctx, phone);
    clock.advance(5 * 60_000 + 1000);
    const response = await post('/api/2fa/enable', token, { phoneNumber: phone, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/expired/);
  });

  it('a new code can be asked for only after 60 seconds, and it replaces the old one', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const phone = nextPhone();
    await sendCode(token, phone);
    const first = await lastSmsCode(ctx, phone);
    clock.advance(30_000);
    const early = await sendCode(token, phone);
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(30);
    clock.advance(30_000);
    expect((await sendCode(token, phone)).statusCode).toBe(200);
    const second = await lastSmsCode(ctx, phone);
    if (first !== second) {
      expect((await post('/api/2fa/enable', token, { phoneNumber: phone, code: first })).statusCode).toBe(400);
    }
    expect((await post('/api/2fa/enable', token, { phoneNumber: phone, code: second })).statusCode).toBe(200);
  });

  it('a user may ask for at most 5 setup codes an hour', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const phone = nextPhone();
    for (let i = 0; i < 5; i += 1) {
      expect((await sendCode(token, phone)).statusCode).toBe(200);
      clock.advance(61_000);
    }
    expect((await sendCode(token, phone)).statusCode).toBe(429);
  });

  it('send-code refuses a missing, forged or reused bot check, and a number that is not a mobile number', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const missing = await post('/api/2fa/send-code', token, { phoneNumber: nextPhone() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['botCheck']);

    const forged = await post('/api/2fa/send-code', token, { phoneNumber: nextPhone(), botCheck: Buffer.from('{"challenge":{}}').toString('base64') });
    expect(forged.json().error.code).toBe('BOT_CHECK_FAILED');

    const payload = await solveBotCheck(ctx);
    const phone = nextPhone();
    expect((await post('/api/2fa/send-code', token, { phoneNumber: phone, botCheck: payload })).statusCode).toBe(200);
    const otherToken = await signIn(ctx, await createUser(ctx));
    const replay = await post('/api/2fa/send-code', otherToken, { phoneNumber: nextPhone(), botCheck: payload });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toMatchObject({ code: 'BOT_CHECK_FAILED', message: 'This bot check was already used. Please try again.' });

    const landline = await sendCode(otherToken, '+63 2 8123 4567');
    expect(landline.statusCode).toBe(400);
    expect(landline.json().error).toMatchObject({ code: 'INVALID_PHONE_NUMBER', message: 'Please enter a valid phone number' });
    expect((await sendCode(otherToken, '12345678901')).json().error.code).toBe('INVALID_PHONE_NUMBER');
  });

  it('an expired bot check is refused', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const payload = await solveBotCheck(ctx);
    clock.advance(11 * 60_000);
    const response = await post('/api/2fa/send-code', token, { phoneNumber: nextPhone(), botCheck: payload });
    expect(response.json().error).toMatchObject({ code: 'BOT_CHECK_FAILED', message: 'The bot check expired. Please try again.' });
  });

  it('without a token the 2FA calls are 401, and a resident cannot use them', async () => {
    expect((await post('/api/2fa/send-code', null, { phoneNumber: nextPhone(), botCheck: 'x' })).statusCode).toBe(401);
    expect((await post('/api/2fa/enable', null, { phoneNumber: nextPhone(), code: '123456' })).statusCode).toBe(401);
    expect((await post('/api/2fa/disable', null)).statusCode).toBe(401);
    const resident = await createUser(ctx, { userType: 'resident' });
    expect((await post('/api/2fa/disable', await signIn(ctx, resident))).statusCode).toBe(403);
  });

  it('a code shorter than 6 digits is refused with 400 naming the field', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const response = await post('/api/2fa/enable', token, { phoneNumber: nextPhone(), code: '12345' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ field: 'code', message: 'Enter the 6-digit code' }]);
  });
});

describe('signing in with two-factor authentication', () => {
  const login = (username: string) => post('/api/auth/login', null, { username, password: TEST_PASSWORD });

  it('the password step answers with a challenge and texts a code to the stored phone; the code completes the sign-in', async () => {
    const tanod = await createUser(ctx);
    const phone = nextPhone();
    await enable(await signIn(ctx, tanod), phone);
    const first = await login(tanod.username!);
    expect(first.statusCode).toBe(200);
    const challenge = first.json();
    expect(challenge).toMatchObject({ twoFactorRequired: true, expiresInSeconds: 300, resendAfterSeconds: 60 });
    expect(challenge.token).toBeUndefined();
    expect(challenge.phoneHint).toBe(`+63${'•'.repeat(6)}${phone.slice(-4)}`);
    const code = await lastSmsCode(ctx, phone);

    const verified = await post('/api/auth/login/verify', null, { challengeId: challenge.challengeId, code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ userType: 'tanod', userId: tanod.id, token: expect.any(String) });
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(verified.json().token) });
    expect(me.statusCode).toBe(200);

    // The same code cannot open a second session.
    expect((await post('/api/auth/login/verify', null, { challengeId: challenge.challengeId, code })).statusCode).toBe(422);
  });

  it('a wrong code does not sign in; five wrong codes end the sign-in', async () => {
    const tanod = await createUser(ctx);
    const phone = nextPhone();
    await enable(await signIn(ctx, tanod), phone);
    const { challengeId } = (await login(tanod.username!)).json();
    const code = await lastSmsCode(ctx, phone);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 1; i <= 4; i += 1) {
      const response = await post('/api/auth/login/verify', null, { challengeId, code: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('INVALID_CODE');
    }
    expect((await post('/api/auth/login/verify', null, { challengeId, code: wrong })).statusCode).toBe(422);
    expect((await post('/api/auth/login/verify', null, { challengeId, code })).statusCode).toBe(422);
  });

  it('resend works after 60 seconds with a new code and a countdown, and the old code stops working', async () => {
    const tanod = await createUser(ctx);
    const phone = nextPhone();
    await enable(await signIn(ctx, tanod), phone);
    const { challengeId } = (await login(tanod.username!)).json();
    const old = await lastSmsCode(ctx, phone);
    const early = await post('/api/auth/login/resend', null, { challengeId });
    expect(early.statusCode).toBe(429);
    expect(Number(early.headers['retry-after'])).toBe(60);
    clock.advance(60_000);
    const resent = await post('/api/auth/login/resend', null, { challengeId });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ twoFactorRequired: true, challengeId, resendAfterSeconds: 60 });
    const fresh = await lastSmsCode(ctx, phone);
    expect((await readSentSms(ctx)).filter((m) => m.to === phone)).toHaveLength(3);
    if (old !== fresh) expect((await post('/api/auth/login/verify', null, { challengeId, code: old })).statusCode).toBe(400);
    expect((await post('/api/auth/login/verify', null, { challengeId, code: fresh })).statusCode).toBe(200);
  });

  it('a sign-in code expires after 5 minutes', async () => {
    const tanod = await createUser(ctx);
    const phone = nextPhone();
    await enable(await signIn(ctx, tanod), phone);
    const { challengeId } = (await login(tanod.username!)).json();
    const code = await lastSmsCode(ctx, phone);
    clock.advance(5 * 60_000 + 1);
    const response = await post('/api/auth/login/verify', null, { challengeId, code });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/expired/);
  });

  it('an unknown or malformed challenge is refused', async () => {
    expect((await post('/api/auth/login/verify', null, { challengeId: crypto.randomUUID(), code: '123456' })).statusCode).toBe(422);
    const malformed = await post('/api/auth/login/verify', null, { challengeId: 'nope', code: '123456' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.fields[0].field).toBe('challengeId');
  });

  it('after disabling 2FA the password alone signs in again', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    await enable(token, nextPhone());
    const disabled = await post('/api/2fa/disable', token);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().twoFactorEnabled).toBe(false);
    const response = await login(tanod.username!);
    expect(response.json()).toMatchObject({ token: expect.any(String), userId: tanod.id });
  });

  it('when the SMS gateway fails the sign-in answers 502 instead of a challenge nobody can complete', async () => {
    const failing = await createTestContext({
      clock,
      deps: {
        sms: {
          provider: 'broken',
          send: async () => {
            throw new OutsideServiceError('Fake SMS', 'HTTP 500');
          },
        },
      },
    });
    try {
      const tanod = await createUser(failing, { twoFactorEnabled: true, phoneNumber: nextPhone() });
      const response = await failing.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: tanod.username, password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().error.code).toBe('UPSTREAM_FAILED');
    } finally {
      await failing.close();
    }
  });

  it('a deactivated user cannot finish a started 2FA sign-in', async () => {
    const tanod = await createUser(ctx);
    const phone = nextPhone();
    await enable(await signIn(ctx, tanod), phone);
    const { challengeId } = (await login(tanod.username!)).json();
    await updateUser(ctx.deps.db, tanod.id, { status: 'deactivated' });
    expect((await post('/api/auth/login/verify', null, { challengeId, code: await lastSmsCode(ctx, phone) })).statusCode).toBe(422);
  });
});
