import { t } from '@lingui/core/macro';
import type { Hotline } from '@bantay/shared';
import type { WebModule } from '../../http/web-app.ts';
import type { Locale } from '../../lib/i18n.ts';

/**
 * The few pieces every page without JavaScript is made of (docs/decisions/033-pages-without-javascript.md):
 * markup escaped by default, one small inline stylesheet that reads at 240 px wide, the language
 * switch and the hotlines. No image, no web font, no other file, and no script but the forms'
 * optional enhancing one, which the page does not need: a page is one request of a few kilobytes,
 * as a phone on a slow network in Opera Mini or KaiOS can take it.
 */

/** Markup that is already safe; anything else put into `html` is escaped. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

function render(value: unknown): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/** A tagged template: values are escaped, `Html` values and lists of them are put in as they are. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1]!;
  });
  return new Html(out);
}

// System fonts, a 36em column, inputs as wide as the screen, tap targets of 44 px (the emergency
// types 48 px, boxed: the first thing a person taps, often in a hurry): readable from 240 px (a
// KaiOS phone) to a desktop, light or dark as the phone is set. Inline, as the CSP allows styles
// (app.ts), so it costs no request. A browser without `:has` marks the chosen type by its radio alone.
// The emergency page's Send stays at the bottom of the screen (sticky, inside its form): on a 375 px
// phone the form runs past the screen, and a person who chose the type should not have to scroll
// to send. Not on screens under 480 px tall (a 240 × 320 KaiOS phone), where it would hide a sixth
// of the page and the field a D-pad moves to; a browser without sticky positioning shows it in place.
const STYLE = [
  ':root{color-scheme:light dark}body{margin:0 auto;padding:8px;max-width:36em;font:16px/1.4 sans-serif;color:#111;background:#fff;overflow-wrap:break-word}',
  'a{color:#0b3d91}h1{font-size:1.35em;margin:.4em 0}h2{font-size:1.1em;margin:1.2em 0 .3em}',
  '.em h1,h1.em,strong.em{color:#b71c1c}nav{font-size:.9em}nav a{display:inline-block;padding:.3em 0}',
  'fieldset{border:0;margin:0;padding:0}legend,.l{display:block;font-weight:bold;margin:.9em 0 .2em;padding:0}',
  '.c label{display:block;box-sizing:border-box;min-height:48px;padding:.6em;margin:.4em 0;border:2px solid #767676;border-radius:6px}',
  '.c input{margin:0 .6em 0 0;vertical-align:middle;width:1.4em;height:1.4em;accent-color:#b71c1c}.c label:has(:checked){border-color:#b71c1c;background:#fdecea;font-weight:bold}',
  '.f{box-sizing:border-box;display:block;width:100%;min-height:2.6em;padding:.35em;font:inherit;border:1px solid #555;background:#fff;color:#111}',
  '.h{margin:.1em 0;font-size:.9em;color:#444}.e{margin:.2em 0;padding-left:.4em;border-left:4px solid #b00020;color:#b00020;font-weight:bold}',
  '.a{border:2px solid #b00020;padding:.5em;margin:.6em 0}.ok{border:2px solid #1b5e20;padding:.5em;margin:.6em 0}',
  'button{display:block;box-sizing:border-box;width:100%;min-height:2.8em;margin:1.2em 0;font:inherit;font-weight:bold;color:#fff;background:#0b3d91;border:0}',
  '@media (min-height:480px){.em form>button[type=submit]{position:sticky;bottom:8px;box-shadow:0 0 0 8px #fff}}',
  '.em button,button.em{background:#b71c1c;color:#fff}.t{font:bold 1.45em monospace;letter-spacing:.04em;margin:.2em 0}',
  'ul,ol{padding-left:1.3em}li{margin:.3em 0}dt{font-weight:bold}dd{margin:0 0 .4em}',
  '@media (prefers-color-scheme:dark){body,.f{background:#121212;color:#eee}a{color:#9ec1ff}.h{color:#bbb}.f{border-color:#999}',
  '.em form>button[type=submit]{box-shadow:0 0 0 8px #121212}.em h1,h1.em,strong.em,.e{color:#ff8a80}.e,.a,.c label:has(:checked){border-color:#ff8a80}.c label:has(:checked){background:#3d1414}.ok{border-color:#81c784}}',
].join('');

/** The pages' paths: short, and apart from the app's own (`/Reportincidents`, …). */
export const PLAIN_PATHS = { emergency: '/lite/emergency', report: '/lite/report', ticket: '/lite/ticket' } as const;

export interface PageFrame {
  locale: Locale;
  /** The `<title>`; the barangay's name follows it. */
  title: string;
  barangay: string;
  /** This page's path (without query), for the language switch. */
  path: string;
  /** `em` paints the heading and the button red (the emergency page). */
  tone?: 'em';
  /** The module script that enhances the page, if any (plain-forms.view.ts). */
  script?: WebModule;
  body: Html;
}

/** The other language's link: `?lang=` sets the same cookie the app saves (http/request-locale.ts). */
function languageSwitch(locale: Locale, path: string): Html {
  return locale === 'fil' ? html`<a href="${path}?lang=en" hreflang="en" lang="en">English</a>` : html`<a href="${path}?lang=fil" hreflang="fil" lang="fil">Filipino</a>`;
}

export function page(frame: PageFrame): string {
  const { locale, title, barangay, path, tone, script, body } = frame;
  // A module script is deferred: the page paints and works before it runs.
  // Its imports are preloaded with it: one round trip for all, not one per level of imports.
  const enhance = script
    ? html`<script type="module" src="${script.src}"></script>${script.imports.map((file) => html`<link rel="modulepreload" href="${file}">`)}${script.workers.map((file) => html`<link rel="prefetch" href="${file}">`)}`
    : html``;
  return html`<!DOCTYPE html>
<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} · ${barangay}</title><style>${new Html(STYLE)}</style>${enhance}</head>
<body${tone ? new Html(' class="em"') : ''}><nav><a href="/">${barangay}</a> · ${languageSwitch(locale, path)}</nav>
<main>
${body}
</main></body></html>`.value;
}

/** `tel:` takes digits and a leading plus. */
const dialable = (number: string) => number.replace(/[^\d+]/g, '');

/** The barangay's hotlines as links that dial; nothing when it has none. */
export function hotlineList(hotlines: readonly Hotline[], title: string): Html {
  if (hotlines.length === 0) return html``;
  return html`<section id="hotlines"><h2>${title}</h2><ul>${hotlines.map(
    // Non-breaking spaces: a number never wraps across two lines.
    (hotline) => html`<li>${hotline.label}: <a href="tel:${dialable(hotline.number)}">${hotline.number.replace(/ /g, '\u00a0')}</a></li>`,
  )}</ul></section>`;
}

/** The links between the three pages, the one shown left out. */
export function otherPages(current: keyof typeof PLAIN_PATHS): Html {
  const links = [
    current !== 'emergency' && html`<li><a href="${PLAIN_PATHS.emergency}">${t`Emergency`}</a></li>`,
    current !== 'report' && html`<li><a href="${PLAIN_PATHS.report}">${t`Report an incident`}</a></li>`,
    current !== 'ticket' && html`<li><a href="${PLAIN_PATHS.ticket}">${t`Track a ticket`}</a></li>`,
  ];
  return html`<ul>${links}</ul>`;
}
