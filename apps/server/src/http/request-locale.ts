import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, isLocale, withLocale, type Locale, type LocaleScope } from '../lib/i18n.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the request is answered in (see `resolveRequestLocale`). */
    locale: Locale;
  }
}

/** The browser's saved choice (apps/web/src/lib/locale.ts `saveLocale`). */
const LOCALE_COOKIE = 'bantay_lang';

/** The language saved in the `bantay_lang` cookie, if the Cookie header carries a valid one. */
export function localeFromCookie(header: string | undefined): Locale | null {
  if (!header) return null;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== LOCALE_COOKIE) continue;
    const value = pair.slice(at + 1).trim();
    return isLocale(value) ? value : null;
  }
  return null;
}

/**
 * The language an Accept-Language header prefers most: Filipino for `fil` or `tl` (any region),
 * English for any other language, null without one (`*` alone, an empty or unreadable header).
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean);
      return {
        language: tag.trim().toLowerCase().split(/[-_]/)[0] ?? '',
        weight: q === undefined ? 1 : Number(q),
        order,
      };
    })
    .filter((entry) => entry.language && entry.language !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const first = ranked[0];
  if (!first) return null;
  return first.language === 'fil' || first.language === 'tl' ? 'fil' : 'en';
}

/**
 * The language a request is answered in, the one place that decides it (decision 029): the
 * choice the browser saved (the `bantay_lang` cookie), else the language kept on the signed-in
 * account, else the browser's Accept-Language, else English. Called when the request arrives and
 * again once its route's guard knows the caller (`request.actor`).
 */
export function resolveRequestLocale(request: FastifyRequest): Locale {
  return (
    localeFromCookie(request.headers.cookie) ??
    // The signed-in account's (request.actor, set by the route's requireAuth): a phone that lost
    // its cookie, or an API client, still reads the person's own language.
    request.actor?.language ??
    localeFromAcceptLanguage(request.headers['accept-language']) ??
    DEFAULT_LOCALE
  );
}

const SCOPE = Symbol('bantay.localeScope');
type Scoped = FastifyRequest & { [SCOPE]?: { scope: LocaleScope; resource: AsyncResource } };

/**
 * Every request runs in its language (lib/i18n.ts `withLocale`), so code however deep — the
 * shared schemas' zod messages, `t` — speaks it; the error handler reads `request.locale`. A body
 * parser may run in the stream's own callbacks, outside that context, so the validation step is
 * put back into it (the same approach as @fastify/request-context). Install before any hook.
 */
export function installRequestLocale(app: FastifyInstance): void {
  app.decorateRequest('locale', DEFAULT_LOCALE);
  app.addHook('onRequest', (request, _reply, done) => {
    const scope: LocaleScope = { locale: resolveRequestLocale(request) };
    request.locale = scope.locale;
    withLocale(scope, () => {
      const resource = new AsyncResource('bantay-request-locale');
      (request as Scoped)[SCOPE] = { scope, resource };
      resource.runInAsyncScope(done, request.raw);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const state = (request as Scoped)[SCOPE];
    if (!state) return done();
    // The route's guard has run by now: the caller's own language may count.
    state.scope.locale = request.locale = resolveRequestLocale(request);
    state.resource.runInAsyncScope(done, request.raw);
  });
}
