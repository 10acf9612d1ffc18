import { AsyncLocalStorage } from 'node:async_hooks';
import { setupI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setSharedTranslator } from '@bantay/shared/i18n';
import { messages as sharedEn } from '@bantay/shared/locales/en/messages.po';
import { messages as sharedFil } from '@bantay/shared/locales/fil/messages.po';
import { messages as serverEn } from '../locales/en/messages.po';
import { messages as serverFil } from '../locales/fil/messages.po';

/**
 * The languages the server answers in (decision 029): English, the source, and Filipino. Each has
 * the server's catalogue (src/locales) and the shared package's, compiled at build time.
 *
 * What a person reads is marked with Lingui's `msg` macro and translated when it is sent, in the
 * language of the request being answered (http/request-locale.ts keeps it for the request):
 *
 *   import { msg } from '@lingui/core/macro';
 *   throw new AppError('NOT_FOUND', msg`Incident not found`);      // the error handler translates
 *   reply.send({ message: translate(msg`Saved`) });                  // the request's language
 *   translate(msg`Your code is ${code}`, recipient.language ?? 'en') // someone else's language
 *
 * `t` from `@lingui/core/macro` works too and means `translate(msg…)`. Logs stay English: never
 * translate what goes to the log (`inEnglish` gives the English of a message).
 */
const LOCALES = ['en', 'fil'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** A person's text: a marked message, or (until every module is marked) English as it was written. */
export type Text = MessageDescriptor | string;

function catalogue(locale: Locale, messages: I18n['messages']): I18n {
  const i18n = setupI18n({ locale, messages: { [locale]: messages } });
  // A message marked since the last `npm run i18n:extract` is not in the catalogues yet: it is
  // shown in its English, with its placeholders filled.
  i18n.setMessagesCompiler(compileMessage);
  return i18n;
}

const catalogues: Record<Locale, I18n> = {
  en: catalogue('en', { ...sharedEn, ...serverEn }),
  fil: catalogue('fil', { ...sharedFil, ...serverFil }),
};

/** The language of the work in progress (a request, or a job that chose one), mutable while it runs. */
export interface LocaleScope {
  locale: Locale;
}

const scopes = new AsyncLocalStorage<LocaleScope>();

/** The language of the request being answered; English outside any (jobs, startup). */
export function currentLocale(): Locale {
  return scopes.getStore()?.locale ?? DEFAULT_LOCALE;
}

/**
 * Runs `work` in a language: everything it calls, however deep (the shared schemas' messages,
 * `t`), speaks it. A scope object may be changed while the work runs (the request's language,
 * once the caller is known).
 */
export function withLocale<T>(locale: Locale | LocaleScope, work: () => T): T {
  return scopes.run(typeof locale === 'string' ? { locale } : locale, work);
}

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** A text in a language, by default the current request's. A plain string is English as written and stays so. */
export function translate(text: Text, locale: Locale = currentLocale()): string {
  return typeof text === 'string' ? text : catalogues[locale]._(text);
}

/** A text's English: for logs and for `Error.message`. */
export function inEnglish(text: Text): string {
  return translate(text, 'en');
}

// The shared schemas' messages (zod errors, labels) speak the current request's language.
setSharedTranslator((message) => translate(message));
