import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_ANSWER } from '@bantay/shared';
import { ManualClock, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { readSentMail } from '../../../test/security-helpers.ts';
import type { Mailer } from '../../adapters/index.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));
beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { LOGIN_RATE_LIMIT: '1000', CODE_RATE_LIMIT: '1000', PUBLIC_URL: 'https://bantay.example.ph/' } });
});
afterAll(() => ctx.close());

const forgot = (email: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

async function linkFor(email: string): Promise<string> {
  const mail = (await readSentMail(ctx)).filter((m) => m.to === email).at(-1);
  const token = /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link for ${email}`);
  return token;
}

describe('forgotten password', () => {
  it('a tanod gets a single-use link by email and sets a new password with it; every session ends', async () => {
    const tanod = await createUser(ctx);
    const token1 = await signIn(ctx, tanod);
    const response = await forgot(tanod.email!.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, message: FORGOT_PASSWORD_ANSWER });
    const mail = (await readSentMail(ctx)).filter((m) => m.to === tanod.email).at(-1)!;
    expect(mail.subject).toBe('Reset your Bantay password');
    expect(mail.text).toMatch(/https:\/\/bantay\.example\.ph\/reset-password\/[A-Za-z0-9_-]{43}\n/);
    const token = await linkFor(tanod.email!);

    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/reset-password/check', payload: { token } })).json()).toEqual({ valid: true });
    const revoked: string[][] = [];
    const unsubscribe = ctx.deps.events.subscribe('sessions.revoked', ({ sessionIds }) => revoked.push(sessionIds));
    const done = await reset(token, 'Kalamansi-tricycle-41');
    unsubscribe();
    expect(done.statusCode).toBe(200);
    expect(revoked).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token1) })).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: tanod.username, password: 'Kalamansi-tricycle-41' } });
    expect(login.statusCode).toBe(200);

    const again = await reset(token, 'Another-good-phrase-77');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('an unknown email gets the same status and body as a known one, and no email is sent', async () => {
    const tanod = await createUser(ctx);
    const before = (await readSentMail(ctx)).length;
    const known = await forgot(tanod.email!);
    const unknown = await forgot('nobody-at-all@example.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);
    expect((await readSentMail(ctx)).length).toBe(before + 1);
  });

  it('the answer does not wait for the mail server, so its timing cannot reveal the account', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let sends = 0;
    const slowMail: Mailer = { provider: 'slow', send: async () => { sends += 1; await held; }, close: async () => {} };
    const slow = await createTestContext({ clock, deps: { mail: slowMail } });
    try {
      const tanod = await createUser(slow);
      const response = await slow.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: tanod.email } });
      // Answered although the mail server holds every send: the delivery worker sends after the answer.
      expect(response.statusCode).toBe(200);
      await vi.waitFor(() => expect(sends).toBe(1));
    } finally {
      release();
      await slow.close();
    }
  });

  it('a link expires after 1 hour', async () => {
    const tanod = await createUser(ctx);
    await forgot(tanod.email!);
    const token = await linkFor(tanod.email!);
    clock.advance(60 * 60_000 + 1000);
    expect((await reset(token, 'Kalamansi-tricycle-41')).json().error.code).toBe('INVALID_RESET_TOKEN');
  });

  it('a weak password is refused and the link still works for a better one', async () => {
    const tanod = await createUser(ctx);
    await forgot(tanod.email!);
    const token = await linkFor(tanod.email!);
    const weak = await reset(token, 'password1234');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields[0].field).toBe('password');
    expect((await reset(token, 'Kalamansi-tricycle-41')).statusCode).toBe(200);
  });

  it('a garbage token and a malformed email are refused', async () => {
    expect((await reset('x'.repeat(43), 'Kalamansi-tricycle-41')).json().error.code).toBe('INVALID_RESET_TOKEN');
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('email');
  });

  it('at most 3 emails an hour go to one account, with the same answer after that', async () => {
    const tanod = await createUser(ctx);
    const before = (await readSentMail(ctx)).filter((m) => m.to === tanod.email).length;
    for (let i = 0; i < 5; i += 1) expect((await forgot(tanod.email!)).statusCode).toBe(200);
    expect((await readSentMail(ctx)).filter((m) => m.to === tanod.email).length - before).toBe(3);
  });

  it('requests are rate limited per IP address', async () => {
    const limited = await createTestContext({ env: { CODE_RATE_LIMIT: '2' } });
    try {
      const ask = () => limited.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'a@example.test' }, remoteAddress: '10.9.9.9' });
      expect((await ask()).statusCode).toBe(200);
      expect((await ask()).statusCode).toBe(200);
      const third = await ask();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
