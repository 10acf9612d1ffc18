import { i18n, type Messages } from '@lingui/core';
import { setSharedTranslator } from '@bantay/shared/i18n';
import { detectLocale, intlTag, saveLocale, type Locale } from './locale.ts';

/**
 * The app's catalogues (decision 029). Each language has three, compiled at build time from
 * `src/locales/<locale>/<part>.po` by Lingui's Vite plugin: `landing` holds the strings of the
 * modules the landing page reaches by static imports, `public` those of the rest the public pages
 * reach (lingui.config.ts works both lists out from the imports), `staff` the rest. A first visit
 * downloads only the landing part of one language; every other page, and whatever the landing
 * page loads later, adds the public part (`withCatalog`); the staff layout adds its own.
 */
export type CatalogPart = 'landing' | 'public' | 'staff';

const loaders: Record<Locale, Record<CatalogPart, () => Promise<{ messages: Messages }>>> = {
  en: {
    landing: () => import('../locales/en/landing.po'),
    public: () => withShared(import('../locales/en/public.po'), import('@bantay/shared/locales/en/messages.po')),
    staff: () => import('../locales/en/staff.po'),
  },
  fil: {
    landing: () => import('../locales/fil/landing.po'),
    public: () => withShared(import('../locales/fil/public.po'), import('@bantay/shared/locales/fil/messages.po')),
    staff: () => import('../locales/fil/staff.po'),
  },
};

/**
 * The shared package's catalogue (its schemas' form errors and labels, packages/shared/src/i18n.ts)
 * comes with the public part: the landing page shows none of them before the sign-in card is
 * used, and that card loads the public part as it loads its network code. The package speaks
 * through this app's i18n, so its messages follow the language on screen.
 */
async function withShared(
  part: Promise<{ messages: Messages }>,
  shared: Promise<{ messages: Messages }>,
): Promise<{ messages: Messages }> {
  const [own, common] = await Promise.all([part, shared]);
  return { messages: { ...common.messages, ...own.messages } };
}
setSharedTranslator((message) => i18n._(message));

const loaded = new Map<Locale, Set<CatalogPart>>();
const wanted = new Set<CatalogPart>();

async function load(locale: Locale, part: CatalogPart): Promise<void> {
  const parts = loaded.get(locale) ?? new Set<CatalogPart>();
  if (parts.has(part)) return;
  const { messages } = await loaders[locale][part]();
  i18n.load(locale, messages);
  parts.add(part);
  loaded.set(locale, parts);
}

function showLocale(locale: Locale): void {
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

/** Before the first render: the browser's language and the landing part of its catalogue. */
export async function startI18n(): Promise<Locale> {
  const locale = detectLocale();
  wanted.add('landing');
  await load(locale, 'landing');
  showLocale(locale);
  return locale;
}

/** A part of the catalogue the page about to render needs (the staff layout asks for `staff`). */
async function needCatalog(part: CatalogPart): Promise<void> {
  wanted.add(part);
  // Asked for before the app has started (a module that fetches its code as it loads): the language it will start in.
  await load(i18n.locale ? currentLocale() : detectLocale(), part);
}

/**
 * A loader of code that shows strings beyond the landing part (another page, a part of the landing
 * page loaded later): the module and that part of the catalogue arrive together, so the code never
 * renders before its strings are there. `part` is `public` unless said otherwise.
 */
export function withCatalog<T>(load: () => Promise<T>, part: CatalogPart = 'public'): () => Promise<T> {
  return async () => (await Promise.all([load(), needCatalog(part)]))[0];
}

/** The language switch: every part in use, in the new language, then the whole app re-renders in it. */
export async function changeLocale(locale: Locale): Promise<void> {
  await Promise.all([...wanted].map((part) => load(locale, part)));
  saveLocale(locale);
  showLocale(locale);
}

export function currentLocale(): Locale {
  return (i18n.locale || 'en') as Locale;
}

/** The Intl tag of the language on screen (`en-PH` or `fil-PH`), for dates and numbers. */
export function currentIntlTag(): string {
  return intlTag(currentLocale());
}

export { i18n };
