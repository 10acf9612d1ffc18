import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyAccountLanguage, saveAccountLanguage } from './account-language.ts';
import { currentLocale, i18n } from './i18n.ts';
import { LOCALE_COOKIE } from './locale.ts';

function answer(status: number, body: unknown) {
  return vi.fn(async (_url: string, _init?: RequestInit) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

const sentBody = (fetchMock: ReturnType<typeof answer>, call = 0) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as unknown;

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = `${LOCALE_COOKIE}=; Path=/; Max-Age=0`;
  i18n.activate('en');
});

describe('the language kept on the account (docs/product.md §12)', () => {
  it('a sign-in of an account with a language switches the app to it and remembers it in the browser', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    // No catalogue part is in use in a unit test; an empty one keeps Lingui from warning.
    i18n.load('fil', {});
    await applyAccountLanguage({ token: 'staff-token', userType: 'tanod', language: 'fil' });
    expect(currentLocale()).toBe('fil');
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=fil`);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a sign-in of an account without one saves the language on screen to it (staff and resident routes)', async () => {
    const fetchMock = answer(200, { language: 'en' });
    vi.stubGlobal('fetch', fetchMock);
    await applyAccountLanguage({ token: 'staff-token', userType: 'admin', language: null });
    await applyAccountLanguage({ token: 'resident-token', userType: 'resident', language: null });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/account/language');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT', headers: { authorization: 'Bearer staff-token' } });
    expect(sentBody(fetchMock)).toEqual({ language: 'en' });
    expect(fetchMock.mock.calls[1]![0]).toBe('/api/residents/me/language');
    expect(currentLocale()).toBe('en');
  });

  it('an answer that says nothing about the language changes nothing', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await applyAccountLanguage({ token: 'staff-token', userType: 'tanod' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(currentLocale()).toBe('en');
  });

  it('the switch saves to the stored session, and a failure is swallowed', async () => {
    localStorage.setItem('token', 'resident-token');
    localStorage.setItem('userType', 'resident');
    const failing = answer(500, { error: { code: 'INTERNAL', message: 'Something went wrong' } });
    vi.stubGlobal('fetch', failing);
    await expect(saveAccountLanguage('fil')).resolves.toBeUndefined();
    expect(failing.mock.calls[0]![0]).toBe('/api/residents/me/language');
    expect(sentBody(failing)).toEqual({ language: 'fil' });

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    await expect(saveAccountLanguage('fil')).resolves.toBeUndefined();
  });

  it('nobody signed in: nothing is sent', async () => {
    const fetchMock = answer(200, {});
    vi.stubGlobal('fetch', fetchMock);
    await saveAccountLanguage('fil');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
