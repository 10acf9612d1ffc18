import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { TEST_PASSWORD, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipart.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());

const patch = (token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/account', headers: token ? bearer(token) : {}, payload: payload as object });

describe('my profile', () => {
  it('a tanod reads and edits their own profile; empty optional fields clear, phone is stored in E.164', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    const read = await ctx.app.inject({ method: 'GET', url: '/api/account', headers: bearer(token) });
    expect(read.statusCode).toBe(200);
    expect(read.json()._id).toBe(tanod.id);

    const response = await patch(token, {
      firstName: ' Juan ',
      middleName: '',
      lastName: 'Dela Cruz',
      email: 'Juan.DelaCruz@Example.test',
      phoneNumber: '0917 555 0101',
      username: 'Juan.DC',
      address: 'Purok 3, Barangay Bagong Silang',
      birthday: '1990-05-17',
      gender: 'male',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Juan',
      middleName: null,
      lastName: 'Dela Cruz',
      email: 'juan.delacruz@example.test',
      phoneNumber: '+639175550101',
      username: 'juan.dc',
      address: 'Purok 3, Barangay Bagong Silang',
      birthday: '1990-05-17',
      gender: 'male',
    });
    // Only the fields sent change.
    const again = await patch(token, { gender: 'prefer not to say' });
    expect(again.json()).toMatchObject({ firstName: 'Juan', gender: 'prefer not to say' });
  });

  it("someone else's username or email is a 409 naming the field", async () => {
    const taken = await createUser(ctx);
    const token = await signIn(ctx, await createUser(ctx));
    const byName = await patch(token, { username: taken.username!.toUpperCase() });
    expect(byName.statusCode).toBe(409);
    expect(byName.json().error).toMatchObject({ code: 'CONFLICT', fields: [{ field: 'username', message: 'This username is already taken' }] });
    const both = await patch(token, { username: taken.username, email: taken.email });
    expect(both.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['username', 'email']);
  });

  it.each([
    [{ firstName: '' }, 'firstName'],
    [{ email: 'not-an-email' }, 'email'],
    [{ username: 'a b' }, 'username'],
    [{ birthday: '17/05/1990' }, 'birthday'],
    [{ birthday: '2999-01-01' }, 'birthday'],
    [{ phoneNumber: '12345678901' }, 'phoneNumber'],
    [{ lastName: 42 }, 'lastName'],
  ])('a malformed profile %j is refused with 400 naming %s', async (payload, field) => {
    const token = await signIn(ctx, await createUser(ctx));
    const response = await patch(token, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toEqual([field]);
  });

  it('the 2FA phone number cannot be swapped through the profile', async () => {
    const tanod = await createUser(ctx, { twoFactorEnabled: true, phoneNumber: '+639175550199' });
    const response = await patch(await signIn(ctx, tanod), { phoneNumber: '+639175550200' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.fields[0].field).toBe('phoneNumber');
  });

  it('without a token every account call is 401, and residents have no account page', async () => {
    for (const [method, url] of [
      ['GET', '/api/account'],
      ['PATCH', '/api/account'],
      ['POST', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['DELETE', '/api/account/sessions/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/account/photo'],
    ] as const) {
      expect((await ctx.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} })).statusCode, `${method} ${url}`).toBe(401);
    }
    const resident = await createUser(ctx, { userType: 'resident' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: bearer(await signIn(ctx, resident)) })).statusCode).toBe(403);
  });
});

describe('changing my password', () => {
  const change = (token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/password', headers: bearer(token), payload });

  it('needs the current password, and ends my other sessions but not this one', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    const other = await signIn(ctx, tanod);
    const revoked: string[][] = [];
    const unsubscribe = ctx.deps.events.subscribe('sessions.revoked', ({ sessionIds }) => revoked.push(sessionIds));

    const wrong = await change(token, { currentPassword: 'not-my-password', newPassword: 'Lantern-river-84-mango' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual([{ field: 'currentPassword', message: 'Current password is incorrect' }]);

    const done = await change(token, { currentPassword: TEST_PASSWORD, newPassword: 'Lantern-river-84-mango' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true, sessionsEnded: 1 });
    unsubscribe();
    expect(revoked).toHaveLength(1);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: bearer(token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: bearer(other) })).statusCode).toBe(401);
    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: tanod.username, password: 'Lantern-river-84-mango' } });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    ['short1!', 'Password must be at least 10 characters'],
    ['password123', 'This password is too common or too easy to guess. Try a longer phrase or add unusual words.'],
    ['qwertyuiop', 'This password is too common or too easy to guess. Try a longer phrase or add unusual words.'],
  ])('a weak new password %s is refused with the policy message', async (newPassword, message) => {
    const token = await signIn(ctx, await createUser(ctx));
    const response = await change(token, { currentPassword: TEST_PASSWORD, newPassword });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ field: 'newPassword', message }]);
  });
});

describe('my sessions', () => {
  it('lists my live sessions with the current one marked, and signs one out', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    await signIn(ctx, tanod);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as { _id: string; current: boolean; userAgent: string; ip: string }[];
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ userAgent: 'vitest', ip: '127.0.0.1' });
    const other = sessions.find((s) => !s.current)!;
    const revoked: string[][] = [];
    const unsubscribe = ctx.deps.events.subscribe('sessions.revoked', ({ sessionIds }) => revoked.push(sessionIds));
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/account/sessions/${other._id}`, headers: bearer(token) });
    unsubscribe();
    expect(del.statusCode).toBe(200);
    expect(revoked).toEqual([[other._id]]);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(token) });
    expect(after.json().sessions.map((s: { _id: string }) => s._id)).not.toContain(other._id);
  });

  it("someone else's session is 404 and stays alive", async () => {
    const victim = await createUser(ctx);
    const victimToken = await signIn(ctx, victim);
    const victimSession = (await ctx.app.inject({ method: 'GET', url: '/api/account/sessions', headers: bearer(victimToken) })).json().sessions[0]._id;
    const attacker = await signIn(ctx, await createUser(ctx));
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/account/sessions/${victimSession}`, headers: bearer(attacker) });
    expect(response.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: bearer(victimToken) })).statusCode).toBe(200);
    const malformed = await ctx.app.inject({ method: 'DELETE', url: '/api/account/sessions/not-a-uuid', headers: bearer(attacker) });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('my profile photo', () => {
  const multipart = (filename: string, contentType: string, bytes: Buffer) => multipartBody('photo', [{ filename, contentType, bytes }]);
  const upload = (token: string, body: ReturnType<typeof multipart>) =>
    ctx.app.inject({ method: 'POST', url: '/api/account/photo', headers: { ...bearer(token), ...body.headers }, payload: body.payload });

  it('a JPEG with GPS metadata comes back re-encoded, resized, and without any metadata', async () => {
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 30, b: 30 } } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Make: 'PhoneMaker', Model: 'Snap 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '14/1 44/1 8/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 2/1 59/1' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const token = await signIn(ctx, await createUser(ctx));
    const response = await upload(token, multipart('me.jpg', 'image/jpeg', jpeg));
    expect(response.statusCode).toBe(200);
    const url = response.json().profilePicture as string;
    expect(url).toMatch(/^\/api\/files\/avatars\/[a-f0-9]{32}\.webp$/);

    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
  });

  it('a new photo replaces the old file', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0a0' } }).png().toBuffer();
    const first = (await upload(token, multipart('a.png', 'image/png', png))).json().profilePicture;
    const second = (await upload(token, multipart('b.png', 'image/png', png))).json().profilePicture;
    expect(second).not.toBe(first);
    expect((await ctx.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
  });

  it('a file that only claims to be an image (by name and type) is refused by its content', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const fake = await upload(token, multipart('photo.jpg', 'image/jpeg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00f' } }).gif().toBuffer();
    expect((await upload(token, multipart('photo.png', 'image/png', gif))).statusCode).toBe(415);
  });

  it('a file over 5 MB is refused with 413', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 1);
    const response = await upload(token, multipart('big.jpg', 'image/jpeg', big));
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an upload without a file is 400, and unknown avatar names are 404', async () => {
    const token = await signIn(ctx, await createUser(ctx));
    const boundary = 'x-boundary';
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/photo',
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(empty.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/files/avatars/..%2F..%2Fjwt-secret' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/files/avatars/${'a'.repeat(32)}.webp` })).statusCode).toBe(404);
  });
});
