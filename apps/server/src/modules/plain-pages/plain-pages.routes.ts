import { msg } from '@lingui/core/macro';
import type { WebModule } from '../../http/web-app.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { publicRoute, requestMeta } from '../../http/auth-guard.ts';
import { addressCounter, underReportCeiling } from '../../http/public-guards.ts';
import { isLocale, withLocale, type Locale } from '../../lib/i18n.ts';
import { PLAIN_PATHS } from './plain-html.ts';
import type { PlainFormKind } from './plain-form.ts';
import { sendForm, showForm, showProblem, showTicket, type PlainPage } from './plain-pages.service.ts';
import { postOrigin } from './request-origin.ts';

const HOUR = 3_600_000;
const FIFTEEN_MINUTES = 15 * 60_000;
/** A form is a few fields: far more than any person types, far less than the API's megabyte. */
const FORM_BODY_LIMIT = 16 * 1024;
const LOCALE_COOKIE = 'bantay_lang';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The pages without JavaScript under `/lite/` (docs/decisions/033-pages-without-javascript.md):
 * plain HTML in, plain HTML out, never the API's JSON. Every answer, a refusal or a fault
 * included, is a page with the hotlines. In their own scope, so the form parser and the error
 * page stay theirs. `enhanceScript` is the address of the web build's script for the forms
 * (apps/web/src/lite/enhance.ts, found by http/web-app.ts `webBuildModule`), when it has one.
 */
export async function plainPageRoutes(app: FastifyInstance, deps: AppDeps, options: { enhanceScript?: WebModule } = {}): Promise<void> {
  const script = options.enhanceScript;
  const limits = deps.config.publicLimits;
  const ownHosts = [new URL(deps.config.publicUrl).host];

  await app.register(async (scope) => {
    // Forms only: a body of any other type is refused (415) before a handler runs.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.setErrorHandler(async (error, request, reply) => {
      const page = await withLocale(request.locale, () => showProblem(deps, error, request.url.split('?')[0] ?? '/', request.locale));
      if (page.status >= 500) request.log.error({ err: error }, 'A page without JavaScript failed');
      return sendPage(reply, page, request.locale);
    });

    // Counted apart from the app's reports and tighter: these come with no bot check. Past it an
    // emergency still gets in, as part of a burst (modules/incidents/emergency-bursts.ts).
    const formsFromAddress = addressCounter(scope, 'plain-reports', limits.plainReportsPerIpPerHour, HOUR);
    const lookupsFromAddress = addressCounter(scope, 'plain-tickets', limits.ticketLookupsPerIpPer15Min, FIFTEEN_MINUTES);
    // The hard ceiling, one count with the app's report route, against floods (docs/decisions/031-emergency-bursts.md).
    const ceiling = underReportCeiling(msg`This network has sent more reports this hour than Bantay takes from one address. Please call the hotline.`);

    const forms: [PlainFormKind, string][] = [
      ['emergency', PLAIN_PATHS.emergency],
      ['report', PLAIN_PATHS.report],
    ];
    for (const [kind, path] of forms) {
      scope.get(path, { onRequest: publicRoute, schema: { hide: true }, config: { page: true } }, async (request, reply) => {
        const locale = chosenLocale(request, reply);
        return sendPage(reply, { status: 200, html: await withLocale(locale, () => showForm(deps, { kind, locale, script })) }, locale);
      });
      scope.post(
        path,
        { onRequest: [publicRoute, ceiling], schema: { hide: true, consumes: ['application/x-www-form-urlencoded'] }, config: { page: true } },
        async (request, reply) => {
          const page = await sendForm(deps, kind, request.body, {
            locale: request.locale,
            meta: requestMeta(request),
            origin: postOrigin(request.headers, [request.host, ...ownHosts]),
            // A form whose script solved the bot check is an app report: the app's count (app.ts).
            countAddress: (botCheck) => (botCheck === 'verified' ? scope.reportsFromAddress(request) : formsFromAddress(request)),
            script,
          });
          return sendPage(reply, page, request.locale);
        },
      );
    }

    scope.get<{ Querystring: Record<string, unknown> }>(
      PLAIN_PATHS.ticket,
      { onRequest: publicRoute, schema: { hide: true }, config: { page: true } },
      async (request, reply) => {
        const locale = chosenLocale(request, reply);
        const typed = typeof request.query.ticket === 'string' ? request.query.ticket.slice(0, 64) : undefined;
        const page = await withLocale(locale, () => showTicket(deps, typed, locale, () => lookupsFromAddress(request)));
        return sendPage(reply, page, locale);
      },
    );
  });
}

/**
 * The page's language: the request's (cookie, else Accept-Language: http/request-locale.ts), or the
 * one picked with `?lang=`, which is saved in the same cookie the app saves (apps/web/src/lib/locale.ts),
 * so the app and the other pages follow it.
 */
function chosenLocale(request: FastifyRequest, reply: FastifyReply): Locale {
  const picked = (request.query as Record<string, unknown> | undefined)?.lang;
  if (!isLocale(picked)) return request.locale;
  reply.header('Set-Cookie', `${LOCALE_COOKIE}=${picked}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax`);
  request.locale = picked;
  return picked;
}

function sendPage(reply: FastifyReply, page: PlainPage, locale: Locale): FastifyReply {
  return (
    reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      // A form carries its own id and a ticket's status changes: never from a cache.
      .header('Cache-Control', 'no-store')
      .header('Content-Language', locale)
      .header('Vary', 'Cookie, Accept-Language')
      // So this site's own posts carry their Origin (request-origin.ts); helmet's default is no-referrer.
      .header('Referrer-Policy', 'same-origin')
      .send(page.html)
  );
}
