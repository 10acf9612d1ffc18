import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_CATEGORIES, notificationCategory } from '@bantay/shared';
import { bearer, createTestContext, signIn, type TestContext } from '../../../test/harness.ts';
import { findUserByUsername } from '../users/users.repository.ts';
import { ADMIN_DEMO_NOTIFICATIONS, TANOD_DEMO_NOTIFICATIONS, seedDemoNotifications } from './notifications.demo.ts';
import { seedDemoStaff } from '../users/users.demo.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo notifications', () => {
  it.each([
    ['tanod', TANOD_DEMO_NOTIFICATIONS],
    ['admin', ADMIN_DEMO_NOTIFICATIONS],
  ])('the %s set has a dozen that cover every category of the panel', (_who, set) => {
    expect(set).toHaveLength(12);
    expect(new Set(set.map((n) => notificationCategory(n.message)))).toEqual(new Set(NOTIFICATION_CATEGORIES));
  });

  it('each demo staff user gets a dozen, newest minutes old and oldest weeks old, some unread; seeding again adds none', async () => {
    await seedDemoStaff(ctx.deps);
    await seedDemoNotifications(ctx.deps);
    await seedDemoNotifications(ctx.deps);
    for (const username of ['supadmin', 'admin', 'tanod1']) {
      const user = (await findUserByUsername(ctx.deps.db, username))!;
      const headers = bearer(await signIn(ctx, user));
      const list = (await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers })).json();
      expect(list).toHaveLength(12);
      const ages = list.map((n: { createdAt: string }) => Date.now() - Date.parse(n.createdAt));
      expect(Math.min(...ages)).toBeLessThan(60 * 60_000);
      expect(Math.max(...ages)).toBeGreaterThan(14 * 24 * 60 * 60_000);
      const unread = list.filter((n: { read: boolean }) => !n.read).length;
      expect(unread).toBeGreaterThan(0);
      expect(unread).toBeLessThan(12);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers })).json().hasUnreadNotifications).toBe(true);
    }
  });
});
