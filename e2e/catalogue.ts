import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import PO from 'pofile';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * The app's catalogues as the browser tests read them (decision 029): the Filipino of an English
 * text, so a walk in Filipino finds its buttons by what they say there, and the English texts
 * that must not be left on a Filipino screen.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Every Filipino catalogue: the web's parts (landing, public, staff), the shared schemas', the server's. */
const CATALOGUES = ['apps/web/src/locales/fil', 'packages/shared/src/locales/fil', 'apps/server/src/locales/fil'].flatMap((dir) =>
  fs
    .readdirSync(path.join(root, dir))
    .filter((file) => file.endsWith('.po'))
    .map((file) => path.join(dir, file)),
);

const filipinoOf = new Map<string, string>();
for (const file of CATALOGUES) {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) continue;
  for (const item of PO.parse(fs.readFileSync(full, 'utf8')).items) {
    const translation = item.msgstr[0];
    if (translation && !filipinoOf.has(item.msgid)) filipinoOf.set(item.msgid, translation);
  }
}

export type Language = 'en' | 'fil';

/** The text as the screen shows it in `language`: the English itself, or its Filipino. */
export function say(language: Language, english: string): string {
  if (language === 'en') return english;
  const filipino = filipinoOf.get(english);
  if (filipino === undefined) throw new Error(`No Filipino in the catalogues for "${english}"`);
  return filipino;
}

/** `say` as a pattern: the whole text, or its start when `start` is set; a `{placeholder}` matches any text. */
export function sayPattern(language: Language, english: string, { start = false } = {}): RegExp {
  const text = say(language, english)
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(start ? `^${text}` : `^${text}$`);
}

/**
 * The English texts a Filipino screen must not show: every catalogue message without placeholders
 * whose Filipino differs from it (the words both languages share, such as "PIN" or "Dashboard", are
 * left out).
 */
const ENGLISH_ONLY = new Set(
  [...filipinoOf]
    .filter(
      ([english, filipino]) =>
        !/[{}<>]/.test(english) && /[A-Za-z]{2}/.test(english) && filipino.trim() !== english.trim(),
    )
    .map(([english]) => normalise(english)),
);

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The language cookie the switch sets (apps/web/src/lib/locale.ts), for every later page of the context. */
export async function useLanguage(context: BrowserContext, baseURL: string, language: Language): Promise<void> {
  await context.addCookies([{ name: 'bantay_lang', value: language, url: baseURL }]);
}

/**
 * The catalogue's English left on the screen: visible text, and the names a screen reader or a
 * pointer shows (aria-label, title, placeholder, alt). Names, places and other data are not in the
 * catalogue, so they pass.
 */
export async function englishLeft(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, noscript, [aria-hidden="true"]') || !visible(parent)) continue;
      const text = node.textContent?.trim();
      if (text) found.push(text);
      // A text split over several nodes (a word in bold) is also read as the element says it.
      const whole = parent.textContent?.trim();
      if (whole && whole !== text) found.push(whole);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]'))) {
      if (!visible(element) && element.getAttribute('aria-hidden') !== 'false') continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    return found;
  });
  return [...new Set(texts.map(normalise).filter((text) => ENGLISH_ONLY.has(text)))];
}
