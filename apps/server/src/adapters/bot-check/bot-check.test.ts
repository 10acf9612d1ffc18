import { afterEach, describe, expect, it } from 'vitest';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { startFakeServer, type FakeServer } from '../../../test/fake-http.ts';
import { createAltchaBotCheck } from './altcha.ts';
import { createSiteVerifyBotCheck } from './site-verify.ts';

let fake: FakeServer | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe.each(['turnstile', 'hcaptcha', 'recaptcha'] as const)('%s verification', (provider) => {
  const check = (url: string, timeoutMs = 2000) =>
    createSiteVerifyBotCheck({ provider, secret: 'server-secret', siteKey: 'site-key', verifyUrl: `${url}/siteverify`, timeoutMs });

  it('posts secret, response and remoteip as a form and accepts success', async () => {
    fake = await startFakeServer(() => ({ status: 200, json: { success: true } }));
    expect(await check(fake.url).verify('token-from-widget', '203.0.113.9')).toEqual({ ok: true });
    const [request] = fake.requests;
    expect(request!.method).toBe('POST');
    expect(request!.path).toBe('/siteverify');
    expect(request!.form).toMatchObject({ secret: 'server-secret', response: 'token-from-widget', remoteip: '203.0.113.9' });
  });

  it('a refused token is invalid, a used or timed-out token is expired', async () => {
    fake = await startFakeServer((request) =>
      request.form.response === 'old'
        ? { status: 200, json: { success: false, 'error-codes': ['timeout-or-duplicate'] } }
        : { status: 200, json: { success: false, 'error-codes': ['invalid-input-response'] } },
    );
    expect(await check(fake.url).verify('bad', null)).toEqual({ ok: false, reason: 'invalid' });
    expect(await check(fake.url).verify('old', null)).toEqual({ ok: false, reason: 'expired' });
  });

  it('a wrong server secret is our fault and throws instead of blaming the visitor', async () => {
    fake = await startFakeServer(() => ({ status: 200, json: { success: false, 'error-codes': ['invalid-input-secret'] } }));
    await expect(check(fake.url).verify('t', null)).rejects.toThrow(/refused our credentials/);
  });

  it('a broken or slow provider throws a clear error', async () => {
    fake = await startFakeServer((request) => (request.form.response === 'slow' ? 'hang' : { status: 500, text: 'oops' }));
    await expect(check(fake.url).verify('t', null)).rejects.toThrow(/unexpected answer HTTP 500: oops/);
    await expect(check(fake.url, 150).verify('slow', null)).rejects.toThrow(/no answer within 150 ms/);
  });
});

describe('ALTCHA proof-of-work', () => {
  let now = new Date('2026-06-01T08:00:00Z');
  const altcha = createAltchaBotCheck({ hmacKey: 'k'.repeat(40), cost: 1, maxNumber: 20, challengeTtlSeconds: 600, now: () => now });
  const solve = async () => {
    const challenge = (await altcha.createChallenge())!;
    const solution = await solveChallenge({ challenge, deriveKey });
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  };

  it('a solved challenge verifies and must be remembered until it expires', async () => {
    const outcome = await altcha.verify(await solve(), null);
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.once?.until.toISOString()).toBe('2026-06-01T08:10:00.000Z');
  });

  it('a tampered, unsolved, or garbage payload is refused', async () => {
    const payload = JSON.parse(Buffer.from(await solve(), 'base64').toString());
    payload.solution.counter += 1;
    expect(await altcha.verify(Buffer.from(JSON.stringify(payload)).toString('base64'), null)).toEqual({ ok: false, reason: 'invalid' });
    payload.challenge.parameters.cost = 0;
    expect((await altcha.verify(Buffer.from(JSON.stringify(payload)).toString('base64'), null)).ok).toBe(false);
    expect(await altcha.verify('not base64 json', null)).toEqual({ ok: false, reason: 'malformed' });
  });

  it("the server's clock decides expiry", async () => {
    const payload = await solve();
    now = new Date(now.getTime() + 601_000);
    expect(await altcha.verify(payload, null)).toEqual({ ok: false, reason: 'expired' });
  });
});
