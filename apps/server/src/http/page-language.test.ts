import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { PAGE_TEXTS, pageInLanguage } from './page-language.ts';

/**
 * The pages the server sends, in the visitor's language (docs/product.md §12): the cookie the
 * language switch saves, else the browser's Accept-Language, else English. The built app is a
 * stand-in made from the real apps/web/index.html; its landing renderer renders a heading per language.
 */
const INDEX_HTML = path.resolve(import.meta.dirname, '../../../web/index.html');

let ctx: TestContext;
let dist: string;
let index: string;

beforeAll(async () => {
  index = await fs.readFile(INDEX_HTML, 'utf8');
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'bantay-dist-lang-'));
  await fs.mkdir(path.join(dist, 'ssr'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), index);
  await fs.writeFile(path.join(dist, 'ssr', 'landing.html'), index.replace('<div id="root"></div>', '<div id="root"><!--bantay-landing--></div>'));
  await fs.writeFile(
    path.join(dist, 'ssr', 'landing.js'),
    `export async function renderLanding(settings, locale = 'en') {
  return locale === 'fil' ? '<main><h1>Ano ang kailangan mo?</h1></main>' : '<main><h1>What do you need?</h1></main>';
}`,
  );
  await fs.writeFile(
    path.join(dist, 'ssr', 'catalogues.json'),
    JSON.stringify({ en: ['assets/public-EN111.js'], fil: ['assets/public-FIL22.js', 'assets/messages-FIL33.js'] }),
  );
  ctx = await createTestContext({ env: { WEB_DIST_DIR: dist } });
});
afterAll(async () => {
  await ctx.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('the shell texts', () => {
  it("index.html's English is the English the Filipino replaces", () => {
    const filipino = pageInLanguage(index, 'fil');
    expect(filipino).toContain('<html lang="fil"');
    expect(filipino).toContain(`<meta name="description" content="${PAGE_TEXTS.description.fil}"`);
    expect(filipino).toContain(PAGE_TEXTS.noscript.fil);
    expect(filipino).not.toContain(PAGE_TEXTS.description.en);
    expect(filipino).not.toContain('use the simple pages');
    expect(pageInLanguage(index, 'en')).toBe(index);
  });

  it('a text whose English changed stays as it is, not replaced by a stale translation', () => {
    const changed = index.replace(PAGE_TEXTS.description.en, 'Something new.');
    const filipino = pageInLanguage(changed, 'fil');
    expect(filipino).toContain('content="Something new."');
    expect(filipino).toContain(PAGE_TEXTS.noscript.fil);
  });
});

describe('the landing page in the visitor language', () => {
  it('is English by default, with the English catalogue preloaded, and says what it varies on', async () => {
    const response = await get('/');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="en"');
    expect(response.body).toContain('<h1>What do you need?</h1>');
    expect(response.body).toContain(PAGE_TEXTS.description.en);
    expect(response.body).toContain('<link rel="modulepreload" crossorigin href="/assets/public-EN111.js">');
    expect(response.body).not.toContain('FIL22');
    const vary = String(response.headers.vary);
    expect(vary).toContain('Cookie');
    expect(vary).toContain('Accept-Language');
    expect(vary).toContain('Accept-Encoding');
    expect(response.headers['content-language']).toBe('en');
  });

  it('is Filipino for the saved choice (cookie bantay_lang=fil), even when the browser asks for English', async () => {
    const response = await get('/', { cookie: 'theme=dark; bantay_lang=fil', 'accept-language': 'en-US,en;q=0.9' });
    expect(response.body).toContain('<html lang="fil"');
    expect(response.body).toContain('<h1>Ano ang kailangan mo?</h1>');
    expect(response.body).toContain(`<meta name="description" content="${PAGE_TEXTS.description.fil}"`);
    expect(response.body).toContain(PAGE_TEXTS.noscript.fil);
    expect(response.body).toContain('href="/assets/public-FIL22.js"');
    expect(response.body).toContain('href="/assets/messages-FIL33.js"');
    expect(response.body).not.toContain('EN111');
    expect(response.headers['content-language']).toBe('fil');
  });

  it('is Filipino for a browser that asks for Filipino or Tagalog first, and English when the cookie says so', async () => {
    for (const accept of ['fil-PH,fil;q=0.9,en;q=0.8', 'tl', 'en;q=0.5, fil-PH']) {
      const response = await get('/', { 'accept-language': accept });
      expect(response.body).toContain('<html lang="fil"');
      expect(response.body).toContain('<h1>Ano ang kailangan mo?</h1>');
    }
    const english = await get('/', { cookie: 'bantay_lang=en', 'accept-language': 'fil-PH' });
    expect(english.body).toContain('<h1>What do you need?</h1>');
    expect(english.body).toContain('<html lang="en"');
  });

  it('each language is compressed as made, in its own cache', async () => {
    const br = await get('/', { 'accept-encoding': 'br', cookie: 'bantay_lang=fil' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString('utf8')).toContain('<h1>Ano ang kailangan mo?</h1>');
    const gzip = await get('/', { 'accept-encoding': 'gzip' });
    expect(zlib.gunzipSync(gzip.rawPayload).toString('utf8')).toContain('<h1>What do you need?</h1>');
  });
});

describe('the app shell in the visitor language', () => {
  it('every other page is the shell in the chosen language, with its catalogue preloaded', async () => {
    const filipino = await get('/Reportincidents', { cookie: 'bantay_lang=fil' });
    expect(filipino.statusCode).toBe(200);
    expect(filipino.body).toContain('<html lang="fil"');
    expect(filipino.body).toContain(PAGE_TEXTS.noscript.fil);
    expect(filipino.body).toContain('<div id="root"></div>');
    expect(filipino.body).toContain('href="/assets/public-FIL22.js"');
    const vary = String(filipino.headers.vary);
    expect(vary).toContain('Cookie');
    expect(vary).toContain('Accept-Language');

    const english = await get('/Reportincidents');
    expect(english.body).toContain('<html lang="en"');
    expect(english.body).toContain(PAGE_TEXTS.description.en);
    expect(english.body).toContain('href="/assets/public-EN111.js"');
  });
});
