import { i18n, type Messages } from '@lingui/core';
import { setSharedTranslator } from '@bantay/shared/i18n';
import { detectLocale, intlTag, saveLocale, type Locale } from './locale.ts';

/**
 * The app's catalogues (decision 029). Each language has two, compiled at build time from
 * `src/locales/<locale>/<part>.po` by Lingui's Vite plugin: `public` holds the strings of every
 * module the public pages reach (lingui.config.ts works the list out from their imports), `staff`
 * the rest. A visitor downloads only the public part of one language; the staff layout adds its
 * part before it renders.
 */
export type CatalogPart = 'public' | 'staff';

const loaders: Record<Locale, Record<CatalogPart, () => Promise<{ messages: Messages }>>> = {
  en: {
    public: () => withShared(import('../locales/en/public.po'), import('@bantay/shared/locales/en/messages.po')),
    staff: () => import('../locales/en/staff.po'),
  },
  fil: {
    public: () => withShared(import('../locales/fil/public.po'), import('@bantay/shared/locales/fil/messages.po')),
    staff: () => import('../locales/fil/staff.po'),
  },
};

/**
 * The shared package's catalogue (its schemas' form errors and labels, packages/shared/src/i18n.ts)
 * comes with the public part: the public forms use those schemas too. The package speaks through
 * this app's i18n, so its messages follow the language on screen.
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

/** Before the first render: the browser's language and the public part of its catalogue. */
export async function startI18n(): Promise<Locale> {
  const locale = detectLocale();
  wanted.add('public');
  await load(locale, 'public');
  showLocale(locale);
  return locale;
}

/** A part of the catalogue the page about to render needs (the staff layout asks for `staff`). */
export async function needCatalog(part: CatalogPart): Promise<void> {
  wanted.add(part);
  await load(currentLocale(), part);
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
