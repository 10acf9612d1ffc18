import { DEFAULT_LOCALE, type Locale } from '../lib/i18n.ts';
import { localeFromAcceptLanguage, localeFromCookie } from '../http/request-locale.ts';
import type { RealtimeSocket } from './types.ts';

/**
 * The language a socket's answers are in (decision 029): the `bantay_lang` cookie its handshake
 * carried (the browser sends it with the socket's first request), else the handshake's
 * Accept-Language, else English — the same order as an HTTP request, without the account's
 * language, which the socket's data does not carry (the web saves the account's choice in the
 * cookie after signing in, apps/web/src/lib/account-language.ts).
 */
export function socketLocale(socket: RealtimeSocket): Locale {
  const { headers } = socket.handshake;
  return localeFromCookie(headers.cookie) ?? localeFromAcceptLanguage(headers['accept-language']) ?? DEFAULT_LOCALE;
}
