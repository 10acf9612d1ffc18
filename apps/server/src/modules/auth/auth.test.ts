import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUser } from '../users/users.repository.ts';
import { ManualClock, TEST_PASSWORD, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-01T08:00:00Z'));

beforeAll(async () => {
  ctx = await createTestContext({ clock, env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());

const login = (username: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

describe('staff sign-in', () => {
  it('a tanod signs in with username and password and gets a token, type and id', async () => {
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const response = await login(tanod.username!, TEST_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ userType: 'tanod', userId: tanod.id });
    expect(body.token).toEqual(expect.any(String));
  });

  it('the username is case-insensitive and the email works too', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    expect((await login(admin.username!.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(admin.email!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a wrong password and an unknown user get the same 401', async () => {
    const tanod = await createUser(ctx);
    const wrong = await login(tanod.username!, 'not-the-password');
    const unknown = await login('nobody-here', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('a resident cannot use the staff sign-in', async () => {
    const resident = await createUser(ctx, { userType: 'resident', username: 'resident-x', email: 'resident-x@example.test' });
    expect((await login(resident.username!, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('a deactivated user is refused, and their open session ends at once', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    await updateUser(ctx.deps.db, tanod.id, { status: 'deactivated' });
    const response = await login(tanod.username!, TEST_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('ACCOUNT_DEACTIVATED');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
  });

  it('a deactivated account with a wrong password does not reveal that it is deactivated', async () => {
    const tanod = await createUser(ctx, { status: 'deactivated' });
    expect((await login(tanod.username!, 'wrong-password')).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('ten failures in 15 minutes lock the account for 15 minutes, even with the right password', async () => {
    const tanod = await createUser(ctx);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect((await login(tanod.username!, 'wrong-password')).statusCode).toBe(401);
    }
    const tenth = await login(tanod.username!, 'wrong-password');
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().error.code).toBe('ACCOUNT_LOCKED');
    expect(Number(tenth.headers['retry-after'])).toBe(15 * 60);

    const locked = await login(tanod.username!, TEST_PASSWORD);
    expect(locked.statusCode).toBe(429);

    clock.advance(15 * 60_000 + 1000);
    expect((await login(tanod.username!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('failures spread over more than 15 minutes do not lock the account', async () => {
    const tanod = await createUser(ctx);
    for (let attempt = 1; attempt <= 9; attempt += 1) await login(tanod.username!, 'wrong-password');
    clock.advance(16 * 60_000);
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect((await login(tanod.username!, 'wrong-password')).statusCode).toBe(401);
    }
    expect((await login(tanod.username!, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a successful sign-in resets the failure count', async () => {
    const tanod = await createUser(ctx);
    for (let attempt = 1; attempt <= 9; attempt += 1) await login(tanod.username!, 'wrong-password');
    expect((await login(tanod.username!, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await login(tanod.username!, 'wrong-password')).statusCode).toBe(401);
  });

  it.each([
    [{}, ['password', 'username']],
    [{ username: 'a' }, ['password']],
    [{ username: '   ', password: 'x' }, ['username']],
    [{ username: 42, password: 'x' }, ['username']],
    [{ username: 'a', password: 'x'.repeat(500) }, ['password']],
  ])('a malformed body %j is refused with 400 naming %j', async (payload, fields) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.map((f: { field: string }) => f.field).sort()).toEqual(fields);
  });

  it('a body that is not JSON is refused with 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('sessions', () => {
  it('me returns the user without any secret', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ _id: tanod.id, userType: 'tanod', firstName: tanod.firstName, hasUnreadNotifications: false });
    const text = response.body;
    expect(text).not.toContain('passwordHash');
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain('failedLogin');
  });

  it('me without a token, with a garbage token, or a token signed with another key is 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer('garbage') })).statusCode).toBe(401);
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6IngiLCJ1c2VyVHlwZSI6InN1cGFkbWluIiwianRpIjoieCJ9.2ZxBqXf5Jj2rPqPC3hC4lQm4hJ7d0mUvS0oD2f4d9Xk';
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(forged) })).statusCode).toBe(401);
  });

  it('after logout the same token is refused', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('logout ends only that session, and announces it so sockets can close', async () => {
    const tanod = await createUser(ctx);
    const first = await signIn(ctx, tanod);
    const second = await signIn(ctx, tanod);
    const revoked: string[][] = [];
    const unsubscribe = ctx.deps.events.subscribe('sessions.revoked', ({ sessionIds }) => revoked.push(sessionIds));
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(first) });
    unsubscribe();
    expect(revoked).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(second) })).statusCode).toBe(200);
  });

  it('an expired session is refused', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    clock.advance(ctx.deps.config.sessionTtlMs + 1000);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});

describe('who a user may write to', () => {
  const names = (body: { users: { _id: string; userType: string }[] }) => body.users;

  it('an admin sees only active tanods, never themself', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const retired = await createUser(ctx, { userType: 'tanod', status: 'deactivated' });
    await createUser(ctx, { userType: 'resident', username: null, email: null });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/users', headers: bearer(await signIn(ctx, admin)) });
    expect(response.statusCode).toBe(200);
    const users = names(response.json());
    expect(new Set(users.map((u) => u.userType))).toEqual(new Set(['tanod']));
    expect(users.map((u) => u._id)).toContain(tanod.id);
    expect(users.map((u) => u._id)).not.toContain(retired.id);
    expect(users.map((u) => u._id)).not.toContain(admin.id);
  });

  it('a supadmin is treated as an admin: tanods only', async () => {
    const supadmin = await createUser(ctx, { userType: 'supadmin' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/users', headers: bearer(await signIn(ctx, supadmin)) });
    expect(new Set(names(response.json()).map((u) => u.userType))).toEqual(new Set(['tanod']));
  });

  it('a tanod sees tanods and admins but not residents or themself', async () => {
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const admin = await createUser(ctx, { userType: 'admin' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/users', headers: bearer(await signIn(ctx, tanod)) });
    const users = names(response.json());
    expect(users.map((u) => u._id)).toContain(admin.id);
    expect(users.map((u) => u._id)).not.toContain(tanod.id);
    expect(users.some((u) => u.userType === 'resident')).toBe(false);
  });

  it('a resident may write to nobody', async () => {
    const resident = await createUser(ctx, { userType: 'resident' });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/users', headers: bearer(await signIn(ctx, resident)) });
    expect(response.statusCode).toBe(403);
  });

  it('without a token the list is 401', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/users' })).statusCode).toBe(401);
  });
});
