import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  TEST_PASSWORD,
  bearer,
  createTestContext,
  createUser,
  signIn,
  type TestContext,
} from '../../../test/harness.ts';
import { deactivate } from '../../../test/sessions.ts';
import { saveSettings } from '../settings/settings.service.ts';

// Two app instances on one PostgreSQL database, as two server processes behind a load balancer.
let first: TestContext;
let second: TestContext;
beforeAll(async () => {
  first = await createTestContext();
  second = await createTestContext({ secondInstanceOf: first });
});
afterAll(async () => {
  await second?.close();
  await first?.close();
});

const me = (instance: TestContext, token: string) =>
  instance.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });

/**
 * The other instance hears of a revocation through a PostgreSQL notification, a round trip after
 * the commit; this waits for that notice, then asks. Without the relay the entry would stay for
 * the cache's whole lifetime (seconds), far longer than this test runs.
 */
async function forgottenOnSecond(token: string): Promise<void> {
  await vi.waitFor(() => expect(second.deps.sessionCache.lookup(token, second.deps.clock.now())).toBeUndefined(), {
    timeout: 2_000,
    interval: 5,
  });
}

describe('a session ended on one instance is refused on the other', () => {
  it('logout on the first instance refuses the next request on the second', async () => {
    const token = await signIn(first, await createUser(first));
    expect((await me(second, token)).statusCode).toBe(200);
    expect(second.deps.sessionCache.lookup(token, second.deps.clock.now())).toBeDefined();

    expect(
      (await first.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode,
    ).toBe(200);
    await forgottenOnSecond(token);
    expect((await me(second, token)).statusCode).toBe(401);
  });

  it('a password change on the first instance refuses the other sessions on the second', async () => {
    const user = await createUser(first);
    const phone = await signIn(first, user);
    const laptop = await signIn(first, user);
    expect((await me(second, phone)).statusCode).toBe(200);

    const change = await first.app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: bearer(laptop),
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'a-new-Passphrase-42' },
    });
    expect(change.statusCode).toBe(200);
    await forgottenOnSecond(phone);
    expect((await me(second, phone)).statusCode).toBe(401);
    expect((await me(second, laptop)).statusCode).toBe(200);
  });

  it('a deactivation on the first instance refuses the user on the second', async () => {
    const user = await createUser(first);
    const token = await signIn(first, user);
    expect((await me(second, token)).statusCode).toBe(200);
    await deactivate(first, user.id);
    await forgottenOnSecond(token);
    expect((await me(second, token)).statusCode).toBe(401);
  });

  it('a settings change on one instance is served at once by the other', async () => {
    const read = async (instance: TestContext) =>
      (await instance.app.inject({ method: 'GET', url: '/api/settings/public' })).json().name;
    expect(await read(second)).not.toBe('Barangay Relay');
    await saveSettings(first.deps, {
      name: 'Barangay Relay',
      abbreviation: 'BR',
      logo: null,
      boundary: null,
      mapStartLat: 14.7,
      mapStartLng: 121,
      mapStartZoom: 14,
      hotlines: [],
      incidentTypes: [],
      timezone: 'Asia/Manila',
    });
    await vi.waitFor(async () => expect(await read(second)).toBe('Barangay Relay'), { timeout: 2_000, interval: 5 });
  });
});
