import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, createUser, signIn, type TestContext } from '../../test/harness.ts';
import { localeFromAcceptLanguage, localeFromCookie } from './request-locale.ts';

// The server answers in the request's language (decision 029): the bantay_lang cookie, else
// Accept-Language, else English. Codes stay English; only the words change.

describe('the language a request asks for', () => {
  it('reads the bantay_lang cookie among the others, and only en or fil', () => {
    expect(localeFromCookie('theme=dark; bantay_lang=fil; other=1')).toBe('fil');
    expect(localeFromCookie('bantay_lang=en')).toBe('en');
    expect(localeFromCookie('bantay_lang=de')).toBeNull();
    expect(localeFromCookie('xbantay_lang=fil')).toBeNull();
    expect(localeFromCookie(undefined)).toBeNull();
  });

  it('takes the language Accept-Language prefers most: Filipino or Tagalog is Filipino, any other English', () => {
    expect(localeFromAcceptLanguage('fil-PH')).toBe('fil');
    expect(localeFromAcceptLanguage('tl')).toBe('fil');
    expect(localeFromAcceptLanguage('en-US,fil;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('en;q=0.5, fil-PH;q=0.8')).toBe('fil');
    expect(localeFromAcceptLanguage('ja, fil;q=0.9')).toBe('en');
    expect(localeFromAcceptLanguage('fil;q=0, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage('*')).toBeNull();
    expect(localeFromAcceptLanguage('')).toBeNull();
  });
});

describe('answers in the language of the request', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { LOGIN_RATE_LIMIT: '1000' } });
  });
  afterAll(() => ctx.close());

  const account = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/account', headers });

  it('an English request is answered as before', async () => {
    const response = await account();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Sign in to continue' } });
  });

  it('the bantay_lang cookie asks for Filipino: the same code, the message in Filipino', async () => {
    const response = await account({ cookie: 'bantay_lang=fil' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Mag-sign in para magpatuloy' } });
  });

  it('Accept-Language: fil-PH asks for Filipino too, and the cookie outranks it', async () => {
    expect((await account({ 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' })).json().error.message).toBe('Mag-sign in para magpatuloy');
    expect((await account({ 'accept-language': 'fil-PH', cookie: 'bantay_lang=en' })).json().error.message).toBe('Sign in to continue');
    expect((await account({ 'accept-language': 'en-PH', cookie: 'bantay_lang=fil' })).json().error.message).toBe('Mag-sign in para magpatuloy');
  });

  it("a zod field error of a shared schema speaks the request's language, its field named as before", async () => {
    const login = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: { password: 'whatever' } });
    const english = (await login({})).json();
    expect(english).toEqual({
      error: { code: 'VALIDATION_FAILED', message: 'username: Username is required', fields: [{ field: 'username', message: 'Username is required' }] },
    });
    const filipino = (await login({ 'accept-language': 'fil-PH' })).json();
    expect(filipino).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'username: Kailangan ang username',
        fields: [{ field: 'username', message: 'Kailangan ang username' }],
      },
    });
  });

  it('a labelled field message translates its label too, for a signed-in caller', async () => {
    const tanod = await createUser(ctx, { userType: 'tanod' });
    const auth = bearer(await signIn(ctx, tanod));
    const patch = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/account', headers: { ...auth, ...headers }, payload: { firstName: '   ' } });
    expect((await patch({})).json().error.fields).toEqual([{ field: 'firstName', message: 'First name is required' }]);
    expect((await patch({ cookie: 'bantay_lang=fil' })).json().error.fields).toEqual([{ field: 'firstName', message: 'Kailangan ang Pangalan' }]);
  });

  it('requests in both languages at once each get their own (the language is kept per request)', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: i % 2 ? { cookie: 'bantay_lang=fil' } : {},
          payload: { password: 'whatever' },
        }),
      ),
    );
    answers.forEach((answer, i) =>
      expect(answer.json().error.fields[0].message).toBe(i % 2 ? 'Kailangan ang username' : 'Username is required'),
    );
  });

  it("the router's own refusals and the error handler's own words follow the language", async () => {
    const badAddress = await ctx.app.inject({ method: 'GET', url: '/api/incidents/%zz', headers: { cookie: 'bantay_lang=fil' } });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Hindi wasto ang address' });
    const badJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'tl' },
      payload: '{not json',
    });
    expect(badJson.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Hindi wastong JSON ang request body' });
  });

  it('over a real connection, where the body arrives in pieces, validation still speaks Filipino', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'bantay_lang=fil' },
      body: JSON.stringify({ username: 'someone', padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'password: Kailangan ang password',
        fields: [{ field: 'password', message: 'Kailangan ang password' }],
      },
    });
  });
});
