import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UserType } from '@bantay/shared';
import { auditEntries } from '../../db/schema/index.ts';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { connected, refused, startRealtime, type RealtimeTestServer } from '../../../test/realtime.ts';
import { multipartBody } from '../../../test/multipart.ts';
import sharp from 'sharp';
import { findUserById } from './users.repository.ts';

let ctx: TestContext;
let live: RealtimeTestServer;
let supadmin: { id: string; token: string };
let admin: { id: string; token: string };
let tanod: Awaited<ReturnType<typeof staff>>;

async function staff(userType: UserType, overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(ctx, { userType, ...overrides });
  return { id: user.id, token: await signIn(ctx, user), user };
}

beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_RATE_LIMIT: '1000' } });
  live = await startRealtime(ctx);
  supadmin = await staff('supadmin');
  admin = await staff('admin');
  tanod = await staff('tanod');
});
afterAll(async () => {
  await live.close();
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, token: string | null, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

const newTanod = (suffix: string) => ({
  firstName: 'Liza',
  lastName: `Soberano ${suffix}`,
  username: `liza.${suffix}`,
  email: `liza.${suffix}@example.test`,
  phoneNumber: '0917 555 0199',
  address: 'Purok 2',
  birthday: '1995-01-04',
  gender: 'female',
  isTeamLeader: true,
});

describe('creating staff accounts', () => {
  it('an admin creates a tanod: the one-time password is answered once, stored hashed, and a set-your-password link goes out', async () => {
    const response = await call('POST', '/api/users', admin.token, newTanod('a1'));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.user).toMatchObject({
      userType: 'tanod',
      username: 'liza.a1',
      phoneNumber: '+639175550199',
      isTeamLeader: true,
      status: 'active',
      mustChangePassword: true,
    });
    expect(body.oneTimePassword).toMatch(/^[A-Za-z0-9]{14}$/);
    expect(body.linkSent).toBe(true);
    const row = await findUserById(ctx.deps.db, body.user._id);
    expect(row!.passwordHash).not.toContain(body.oneTimePassword);
    expect(JSON.stringify(body.user)).not.toMatch(/hash/i);
    // The link is a delivery written with the account; the worker sends it after commit.
    await ctx.deps.deliveries.idle();
    const mail = await fs.readdir(path.join(ctx.deps.config.dataDir, 'sent', 'mail'));
    const texts = await Promise.all(mail.map((file) => fs.readFile(path.join(ctx.deps.config.dataDir, 'sent', 'mail', file), 'utf8')));
    expect(texts.some((text) => text.includes('liza.a1@example.test') && text.includes('/reset-password/'))).toBe(true);
    // The audit entry names the account, never the password.
    const [entry] = await ctx.deps.db.select().from(auditEntries).where(eq(auditEntries.entityId, body.user._id));
    expect(entry).toMatchObject({ actorId: admin.id, action: 'create', entity: 'user' });
    expect(JSON.stringify(entry)).not.toContain(body.oneTimePassword);
  });

  it('signing in with the one-time password must change it first: every other call is 403 password_change_required and no socket connects', async () => {
    const created = (await call('POST', '/api/users', admin.token, newTanod('a2'))).json();
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'liza.a2', password: created.oneTimePassword } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userType: 'tanod', mustChangePassword: true });
    const token = login.json().token as string;

    const me = await call('GET', '/api/auth/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json().mustChangePassword).toBe(true);
    const blocked = await call('GET', '/api/notifications', token);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('password_change_required');
    const socketRefusal = await refused(live.client(token));
    expect(socketRefusal.data?.code).toBe('FORBIDDEN');
    expect(socketRefusal.message).toBe('Choose a new password before you continue');

    const changed = await call('POST', '/api/account/password', token, { currentPassword: created.oneTimePassword, newPassword: 'a-fresh-start-for-liza-7' });
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/notifications', token)).statusCode).toBe(200);
    expect((await call('GET', '/api/auth/me', token)).json().mustChangePassword).toBe(false);
    await connected(live.client(token));
  });

  it('the supadmin creates admins; an admin cannot, and nobody creates a supadmin', async () => {
    const byAdmin = await call('POST', '/api/users', admin.token, { ...newTanod('a3'), userType: 'admin' });
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().error.message).toBe('Admins can create tanod accounts only');
    const bySupadmin = await call('POST', '/api/users', supadmin.token, { ...newTanod('a4'), userType: 'admin' });
    expect(bySupadmin.statusCode).toBe(201);
    expect(bySupadmin.json().user.userType).toBe('admin');
    const supadminAccount = await call('POST', '/api/users', supadmin.token, { ...newTanod('a5'), userType: 'supadmin' });
    expect(supadminAccount.statusCode).toBe(400);
    expect(supadminAccount.json().error.fields[0].field).toBe('userType');
  });

  it('bad input names the field and creates nothing', async () => {
    const before = (await call('GET', '/api/users?q=nobody.here', admin.token)).json().items.length;
    const cases: [object, string][] = [
      [{ ...newTanod('b1'), firstName: '' }, 'firstName'],
      [{ ...newTanod('b2'), username: 'a b' }, 'username'],
      [{ ...newTanod('b3'), email: 'not-an-email' }, 'email'],
      [{ ...newTanod('b4'), phoneNumber: '12' }, 'phoneNumber'],
      [{ ...newTanod('b5'), birthday: '2999-01-01', username: 'nobody.here' }, 'birthday'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', '/api/users', admin.token, payload);
      expect(response.statusCode, field).toBeGreaterThanOrEqual(400);
      expect(response.json().error.fields[0].field).toBe(field);
    }
    const taken = await call('POST', '/api/users', admin.token, { ...newTanod('b6'), username: tanod.user.username });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual([{ field: 'username', message: 'This username is already taken' }]);
    expect((await call('GET', '/api/users?q=nobody.here', admin.token)).json().items.length).toBe(before);
  });
});

describe('the role matrix', () => {
  it('a tanod, a resident and an anonymous caller are refused everywhere', async () => {
    const resident = await staff('resident');
    const target = await staff('tanod');
    const calls: ['GET' | 'POST' | 'PATCH', string, object?][] = [
      ['GET', '/api/users'],
      ['POST', '/api/users', newTanod('c1')],
      ['GET', `/api/users/${target.id}`],
      ['PATCH', `/api/users/${target.id}`, { firstName: 'X' }],
      ['POST', `/api/users/${target.id}/deactivate`],
      ['POST', `/api/users/${target.id}/reactivate`],
      ['POST', `/api/users/${target.id}/reset-password`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, tanod.token, payload)).statusCode, `${method} ${url} tanod`).toBe(403);
      expect((await call(method, url, resident.token, payload)).statusCode, `${method} ${url} resident`).toBe(403);
      expect((await call(method, url, null, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    expect((await findUserById(ctx.deps.db, target.id))!.status).toBe('active');
  });

  it('an admin can never touch an admin or the supadmin', async () => {
    const otherAdmin = await staff('admin');
    for (const target of [otherAdmin.id, supadmin.id]) {
      for (const [method, url, payload] of [
        ['GET', `/api/users/${target}`],
        ['PATCH', `/api/users/${target}`, { firstName: 'Hacked' }],
        ['POST', `/api/users/${target}/deactivate`],
        ['POST', `/api/users/${target}/reset-password`],
      ] as ['GET' | 'POST' | 'PATCH', string, object?][]) {
        const response = await call(method, url, admin.token, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().error.message).toBe('Admins can manage tanod accounts only');
      }
    }
    expect((await findUserById(ctx.deps.db, otherAdmin.id))!.firstName).not.toBe('Hacked');
    expect((await call('GET', '/api/users?role=admin', admin.token)).statusCode).toBe(403);
  });

  it('nobody deactivates themself, and two supadmins deactivating each other at once leave one', async () => {
    const self = await call('POST', `/api/users/${supadmin.id}/deactivate`, supadmin.token);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot deactivate your own account');

    const second = await staff('supadmin');
    const [a, b] = await Promise.all([
      call('POST', `/api/users/${second.id}/deactivate`, supadmin.token),
      call('POST', `/api/users/${supadmin.id}/deactivate`, second.token),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser is either already signed out (its session ended with the deactivation) or finds
    // the winner to be the last supadmin.
    expect([401, 403]).toContain(statuses[1]);
    const loser = a.statusCode === 200 ? b : a;
    if (loser.statusCode === 403) expect(loser.json().error.message).toBe('The last supadmin cannot be deactivated');
    const winner = a.statusCode === 200 ? supadmin : second;
    const active = (await call('GET', '/api/users?role=supadmin&status=active', winner.token)).json().items;
    expect(active.map((user: { _id: string }) => user._id)).toEqual([winner.id]);
    if (winner !== supadmin) {
      expect((await call('POST', `/api/users/${supadmin.id}/reactivate`, winner.token)).statusCode).toBe(200);
      supadmin.token = await signIn(ctx, (await findUserById(ctx.deps.db, supadmin.id))!);
    }
  });
});

describe('deactivation, reactivation and password resets', () => {
  it("a deactivated tanod's token and socket are cut at once; sign-in is refused; history stays", async () => {
    const target = await staff('tanod');
    const socket = await connected(live.client(target.token));
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const response = await call('POST', `/api/users/${target.id}/deactivate`, admin.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('deactivated');
    expect(await closed).toBe('io server disconnect');
    expect((await call('GET', '/api/auth/me', target.token)).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.user.username, password: 'correct-horse-battery-9' } });
    expect(login.json().error.code).toBe('ACCOUNT_DEACTIVATED');
    expect(await findUserById(ctx.deps.db, target.id)).toBeDefined();

    const back = await call('POST', `/api/users/${target.id}/reactivate`, admin.token);
    expect(back.json().status).toBe('active');
    const again = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.user.username, password: 'correct-horse-battery-9' } });
    expect(again.statusCode).toBe(200);
  });

  it('a password reset answers a new one-time password once, ends the sessions, and the old password stops working', async () => {
    const target = await staff('tanod');
    const response = await call('POST', `/api/users/${target.id}/reset-password`, admin.token);
    expect(response.statusCode).toBe(200);
    const { oneTimePassword } = response.json();
    expect((await call('GET', '/api/auth/me', target.token)).statusCode).toBe(401);
    const old = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.user.username, password: 'correct-horse-battery-9' } });
    expect(old.statusCode).toBe(401);
    const fresh = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: target.user.username, password: oneTimePassword } });
    expect(fresh.json().mustChangePassword).toBe(true);
  });

  it('an edit changes only the fields sent and is audited with before and after', async () => {
    const target = await staff('tanod');
    const response = await call('PATCH', `/api/users/${target.id}`, admin.token, { isTeamLeader: true, address: 'Purok 7' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isTeamLeader: true, address: 'Purok 7', firstName: target.user.firstName });
    const entries = await ctx.deps.db.select().from(auditEntries).where(eq(auditEntries.entityId, target.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', before: { isTeamLeader: false, address: null }, after: { isTeamLeader: true, address: 'Purok 7' } });
  });

  it('a failed write leaves no audit entry', async () => {
    const target = await staff('tanod');
    const clash = await call('PATCH', `/api/users/${target.id}`, admin.token, { username: tanod.user.username });
    expect(clash.statusCode).toBe(409);
    expect(await ctx.deps.db.select().from(auditEntries).where(eq(auditEntries.entityId, target.id))).toHaveLength(0);
  });
});

describe("a staff member's photo", () => {
  it('an admin uploads a tanod photo, re-encoded; a tanod cannot, nor can an admin for an admin', async () => {
    const target = await staff('tanod');
    const jpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 10, g: 120, b: 60 } } }).jpeg().toBuffer();
    const upload = (token: string, id: string) => {
      const body = multipartBody('photo', [{ filename: 'face.jpg', contentType: 'image/jpeg', bytes: jpeg }]);
      return ctx.app.inject({ method: 'POST', url: `/api/users/${id}/photo`, headers: { ...bearer(token), ...body.headers }, payload: body.payload });
    };
    const response = await upload(admin.token, target.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().profilePicture).toMatch(/^\/api\/files\/avatars\/[a-f0-9]{32}\.webp$/);
    expect((await upload(tanod.token, target.id)).statusCode).toBe(403);
    expect((await upload(admin.token, supadmin.id)).statusCode).toBe(403);
  });
});

describe('the list', () => {
  it('filters by status and text, sorts, and pages with a cursor without repeats', async () => {
    const tag = `pg${Date.now().toString(36)}`;
    for (let i = 0; i < 5; i += 1) await createUser(ctx, { userType: 'tanod', firstName: `Zed${i}`, lastName: `${tag}${String.fromCharCode(101 - i)}` });
    await createUser(ctx, { userType: 'tanod', firstName: 'Gone', lastName: `${tag}z`, status: 'deactivated' });
    const first = (await call('GET', `/api/users?q=${tag}&status=active&limit=2`, admin.token)).json();
    expect(first.items.map((u: { lastName: string }) => u.lastName)).toEqual([`${tag}a`, `${tag}b`]);
    const second = (await call('GET', `/api/users?q=${tag}&status=active&limit=2&cursor=${first.nextCursor}`, admin.token)).json();
    const third = (await call('GET', `/api/users?q=${tag}&status=active&limit=2&cursor=${second.nextCursor}`, admin.token)).json();
    expect([...second.items, ...third.items].map((u: { lastName: string }) => u.lastName)).toEqual([`${tag}c`, `${tag}d`, `${tag}e`]);
    expect(third.nextCursor).toBeNull();
    const descending = (await call('GET', `/api/users?q=${tag}&sort=-name&limit=1`, admin.token)).json();
    expect(descending.items[0].lastName).toBe(`${tag}z`);
    // An admin's list never shows admins.
    const all = (await call('GET', '/api/users?limit=100', admin.token)).json();
    expect(all.items.every((u: { userType: string }) => u.userType === 'tanod')).toBe(true);
    const bad = await call('GET', '/api/users?cursor=garbage', admin.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe('cursor');
  });
});
