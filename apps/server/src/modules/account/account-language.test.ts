import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD, bearer, createTestContext, createUser, signIn, type TestContext } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipart.ts';
import { hashSecret } from '../../lib/passwords.ts';

/** The language kept on the account (docs/product.md §12): staff and residents set it, sign-ins and `/api/auth/me` carry it. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { LOGIN_RATE_LIMIT: '1000' } });
});
afterAll(() => ctx.close());

const STAFF_URL = '/api/account/language';
const RESIDENT_URL = '/api/residents/me/language';

const put = (url: string, token: string | null, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url, headers: token ? bearer(token) : {}, payload: payload as object });
const me = async (token: string) => (await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json();

const RESIDENT_PIN = '482916';
let phoneSeq = 0;
async function createResident() {
  phoneSeq += 1;
  return createUser(ctx, {
    userType: 'resident',
    phoneNumber: `+6391777${String(process.pid % 100).padStart(2, '0')}${String(phoneSeq).padStart(3, '0')}`,
    passwordHash: null,
    pinHash: await hashSecret(RESIDENT_PIN),
  });
}

describe('the language kept on a staff account', () => {
  it('is null until chosen; a tanod sets it and the who-am-I answer and the next sign-in carry it', async () => {
    const tanod = await createUser(ctx);
    const token = await signIn(ctx, tanod);
    expect((await me(token)).language).toBeNull();

    const set = await put(STAFF_URL, token, { language: 'fil' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ language: 'fil' });
    expect((await me(token)).language).toBe('fil');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/account', headers: bearer(token) })).json().language).toBe('fil');

    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: tanod.username, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ userId: tanod.id, language: 'fil' });

    const back = await put(STAFF_URL, token, { language: 'en' });
    expect(back.json()).toEqual({ language: 'en' });
    expect((await me(token)).language).toBe('en');
  });

  it('a sign-in of an account without a language says null', async () => {
    const admin = await createUser(ctx, { userType: 'admin' });
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: admin.username, password: TEST_PASSWORD },
    });
    expect(login.json()).toMatchObject({ userType: 'admin', language: null });
  });

  it('stays open while a one-time password waits to be replaced', async () => {
    const token = await signIn(ctx, await createUser(ctx, { mustChangePassword: true }));
    expect((await put(STAFF_URL, token, { language: 'fil' })).statusCode).toBe(200);
  });

  it.each([[{ language: 'es' }], [{ language: 'FIL' }], [{ language: null }], [{}], [{ language: 1 }]])(
    'a bad value %j is refused with 400 naming the field',
    async (payload) => {
      const token = await signIn(ctx, await createUser(ctx));
      const response = await put(STAFF_URL, token, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['language']);
    },
  );

  it('a resident may not use the staff route (403), and no session is 401', async () => {
    const resident = await signIn(ctx, await createResident());
    expect((await put(STAFF_URL, resident, { language: 'fil' })).statusCode).toBe(403);
    const anonymous = await put(STAFF_URL, null, { language: 'fil' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('the language kept on a resident account', () => {
  it('a resident sets it; the who-am-I answer and the next sign-in carry it', async () => {
    const resident = await createResident();
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/api/residents/login',
      payload: { phoneNumber: resident.phoneNumber, pin: RESIDENT_PIN },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ userType: 'resident', language: null });
    const token = first.json().token as string;

    const set = await put(RESIDENT_URL, token, { language: 'fil' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ language: 'fil' });
    expect((await me(token)).language).toBe('fil');

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/residents/login',
      payload: { phoneNumber: resident.phoneNumber, pin: RESIDENT_PIN },
    });
    expect(again.json()).toMatchObject({ userId: resident.id, language: 'fil' });
  });

  it('a bad value is refused with 400 naming the field', async () => {
    const token = await signIn(ctx, await createResident());
    const response = await put(RESIDENT_URL, token, { language: 'tl' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields.map((f: { field: string }) => f.field)).toEqual(['language']);
  });

  it('staff may not use the resident route (403), and no session is 401', async () => {
    for (const userType of ['tanod', 'admin', 'supadmin'] as const) {
      const token = await signIn(ctx, await createUser(ctx, { userType }));
      expect((await put(RESIDENT_URL, token, { language: 'fil' })).statusCode).toBe(403);
    }
    expect((await put(RESIDENT_URL, null, { language: 'fil' })).statusCode).toBe(401);
  });
});

describe("the request's language for someone signed in (http/request-locale.ts)", () => {
  // An error the route raises once it knows the caller: a photo that is not an image.
  const notAnImage = (token: string, headers: Record<string, string> = {}) => {
    const body = multipartBody('photo', [{ filename: 'note.txt', contentType: 'text/plain', bytes: Buffer.from('not a photo') }]);
    return ctx.app.inject({ method: 'POST', url: '/api/account/photo', headers: { ...bearer(token), ...body.headers, ...headers }, payload: body.payload });
  };

  it("the browser's cookie first, then the account's language, then Accept-Language", async () => {
    const token = await signIn(ctx, await createUser(ctx, { language: 'fil' }));
    const english = 'Upload a JPEG, PNG or WebP image';
    const filipino = 'Mag-upload ng litratong JPEG, PNG o WebP';

    const byAccount = await notAnImage(token, { 'accept-language': 'en-US,en;q=0.9' });
    expect(byAccount.statusCode).toBe(415);
    expect(byAccount.json().error).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: filipino });

    const byCookie = await notAnImage(token, { cookie: 'bantay_lang=en', 'accept-language': 'fil-PH' });
    expect(byCookie.json().error.message).toBe(english);

    // An account without a language leaves it to Accept-Language.
    const other = await signIn(ctx, await createUser(ctx));
    expect((await notAnImage(other, { 'accept-language': 'fil-PH' })).json().error.message).toBe(filipino);
    expect((await notAnImage(other)).json().error.message).toBe(english);

    // A language set now counts from this session's next request.
    expect((await put(STAFF_URL, token, { language: 'en' })).statusCode).toBe(200);
    expect((await notAnImage(token, { 'accept-language': 'fil-PH' })).json().error.message).toBe(english);
  });
});
