import type { AccountLanguage, UserType } from '@bantay/shared';
import { api } from './api-client.ts';
import { changeLocale, currentLocale } from './i18n.ts';
import { isLocale, type Locale } from './locale.ts';
import { storage, storedUserType } from './storage.ts';

/**
 * The language kept on the account (docs/product.md §12). The browser's choice lives in a cookie;
 * the account keeps one too, so a person finds their language on any phone they sign in on, and
 * the server writes to them in it (SMS, push) and answers them in it when their browser sends no
 * choice of its own. Staff and residents each have their own route for it.
 */
interface SignedIn {
  token: string | null;
  userType: UserType | null;
}

const languageUrl = (userType: UserType) => (userType === 'resident' ? '/api/residents/me/language' : '/api/account/language');

/**
 * Keeps `language` on the signed-in account (the stored session unless one is given). Best
 * effort: the language on screen has changed already, and a failure (offline, session gone) must
 * not undo that; the next sign-in saves it again if the account still has none.
 */
export async function saveAccountLanguage(
  language: Locale,
  session: SignedIn = { token: storage.get('token'), userType: storedUserType() },
): Promise<void> {
  if (!session.token || !session.userType) return;
  try {
    await api(languageUrl(session.userType), { method: 'PUT', body: { language }, token: session.token });
  } catch {
    // Best effort, as above.
  }
}

/**
 * After a sign-in (staff or resident): an account with a language switches the app to it before
 * the first signed-in page renders; an account without one gets the language the person signed in
 * with. An answer that says nothing about the language (an older server) changes nothing.
 */
export async function applyAccountLanguage(signIn: {
  token: string;
  userType: UserType;
  language?: AccountLanguage | null;
}): Promise<void> {
  if (signIn.language === undefined) return;
  if (signIn.language === null) {
    void saveAccountLanguage(currentLocale(), signIn);
    return;
  }
  if (!isLocale(signIn.language) || signIn.language === currentLocale()) return;
  try {
    await changeLocale(signIn.language);
  } catch {
    // Its catalogue could not be fetched (offline): the app stays in the language it is in.
  }
}
