/**
 * The languages Bantay speaks (docs/product.md §12) and how a browser picks one: the choice it
 * saved, else the browser's own languages (Filipino or Tagalog → Filipino), else English. The
 * choice lives in a cookie, so the server answers in it too (the landing page, error messages)
 * before it knows who is asking; a signed-in person's choice is also kept on the account, so the
 * SMS and push alerts sent to them are in it.
 */
const LOCALES = ['en', 'fil'] as const;
export type Locale = (typeof LOCALES)[number];

export const LOCALE_COOKIE = 'bantay_lang';

/** A year: the choice outlives any session (signing out clears the browser's storage, not this cookie). */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `fil`, `fil-PH`, `tl`, `tl-PH` → Filipino; any other language → English; nothing → null. */
function localeFromLanguageTag(tag: string): Locale | null {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  if (!primary) return null;
  return primary === 'fil' || primary === 'tl' ? 'fil' : 'en';
}

function savedLocale(cookie: string): Locale | null {
  const match = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(cookie);
  return match && isLocale(match[1]) ? match[1] : null;
}

export function detectLocale(): Locale {
  if (typeof document === 'undefined') return 'en';
  const saved = savedLocale(document.cookie);
  if (saved) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const locale = tag ? localeFromLanguageTag(tag) : null;
    if (locale) return locale;
  }
  return 'en';
}

export function saveLocale(locale: Locale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie's attributes, not prose
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  // The public pages the service worker keeps are in the language they were fetched in. Loaded
  // here, not with the app: the landing page's script is at its budget (docs/benchmarks.md).
  void import('./public-page-cache.ts').then((cache) => cache.forgetPublicPages()).catch(() => undefined);
}

/** The tag Intl formats with: Philippine English or Filipino as written in the Philippines. */
export function intlTag(locale: Locale): string {
  return locale === 'fil' ? 'fil-PH' : 'en-PH';
}
