import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_RATE_LIMIT: '3' } });
});
afterAll(() => ctx.close());

it('sign-in attempts are rate limited per IP address with Retry-After', async () => {
  const attempt = (ip: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { username: 'x', password: 'y' } });
  for (let i = 0; i < 3; i += 1) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
  const limited = await attempt('10.0.0.1');
  expect(limited.statusCode).toBe(429);
  expect(limited.json().error.code).toBe('RATE_LIMITED');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  // Another address is not affected.
  expect((await attempt('10.0.0.2')).statusCode).toBe(401);
});
