import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '../lib/i18n.ts';

/**
 * The pages the server sends (the app shell, the pre-rendered landing page) in the visitor's
 * language (docs/product.md §12, decision 029). The shell's own texts, written in
 * apps/web/index.html, are the only words of a page the web app's catalogues do not reach: the
 * description search engines and link previews show, and the note for a browser without
 * JavaScript. Their Filipino lives here beside the English it replaces; a test holds the English
 * to index.html's, and a text whose English no longer matches stays as it is rather than be
 * replaced by a stale translation.
 */
export const PAGE_TEXTS = {
  description: {
    en: 'Report incidents, follow your ticket and rate our tanods.',
    fil: 'Mag-report ng insidente, subaybayan ang iyong tiket at i-rate ang aming mga tanod.',
  },
  // The simple pages are the server's, without JavaScript (modules/plain-pages, decision 033).
  noscript: {
    en: 'Without JavaScript, use the simple pages: <a href="/lite/emergency">Emergency</a> · <a href="/lite/report">Report an incident</a> · <a href="/lite/ticket">Track a ticket</a>. The hotlines on <a href="/">the home page</a> work too.',
    fil: 'Kung walang JavaScript, gamitin ang mga simpleng pahina: <a href="/lite/emergency">Emergency</a> · <a href="/lite/report">Mag-report ng insidente</a> · <a href="/lite/ticket">Subaybayan ang tiket</a>. Gumagana rin ang mga hotline sa <a href="/">home page</a>.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

const HTML_LANG = /<html lang="[^"]*"/;
const DESCRIPTION = /(<meta name="description" content=")([^"]*)(")/;
const NOSCRIPT_NOTE = /(<noscript>\s*<p class="noscript-note">)([\s\S]*?)(<\/p>)/;

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** A page of the built app (index.html or the landing template) in a language: `<html lang>`, the description, the no-JavaScript note. */
export function pageInLanguage(html: string, locale: Locale): string {
  if (locale === 'en') return html;
  return html
    .replace(HTML_LANG, () => `<html lang="${locale}"`)
    .replace(DESCRIPTION, (whole, open: string, text: string, close: string) =>
      sameText(text, PAGE_TEXTS.description.en) ? `${open}${PAGE_TEXTS.description[locale]}${close}` : whole,
    )
    .replace(NOSCRIPT_NOTE, (whole, open: string, text: string, close: string) =>
      sameText(text, PAGE_TEXTS.noscript.en) ? `${open}${PAGE_TEXTS.noscript[locale]}${close}` : whole,
    );
}

/**
 * Per language, the chunks of the landing part of its catalogue (apps/web/src/lib/i18n.ts), as the
 * web build lists them in dist/ssr/catalogues.json (apps/web/scripts/landing-template.mjs). The
 * app fetches that part before it renders anything, so a page that names it up front lets the
 * browser fetch it alongside the entry script instead of after it (hydration waits for no extra
 * round trip). Empty without a build or without the file.
 */
export type CatalogueChunks = Partial<Record<Locale, string[]>>;

export function readCatalogueChunks(distDir: string): CatalogueChunks {
  const file = path.join(distDir, 'ssr', 'catalogues.json');
  if (!fs.existsSync(file)) return {};
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  const chunks: CatalogueChunks = {};
  for (const locale of ['en', 'fil'] as const) {
    const list = parsed[locale];
    if (Array.isArray(list)) chunks[locale] = list.filter((item): item is string => typeof item === 'string' && /^[\w./-]+$/.test(item));
  }
  return chunks;
}

/** The modulepreload hints of one language's catalogue, put before `</head>`. */
export function withCataloguePreload(html: string, chunks: CatalogueChunks, locale: Locale): string {
  const files = chunks[locale] ?? [];
  if (files.length === 0 || !html.includes('</head>')) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}
