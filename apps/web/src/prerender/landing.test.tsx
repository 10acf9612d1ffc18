import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { act, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PublicSettings } from '@bantay/shared';
import { messages as filipino } from '@/locales/fil/landing.po';
import { AppRoutes } from '@/app/router.tsx';
import { replacePublicSettings } from '@/lib/public-settings.ts';

// The renderer is built as `npm run build` builds it and run in a process of its own, as the
// server runs it: a server render in this process would leave its context values behind for the
// client render (React shares context objects between its two renderers).
let outDir: string;
beforeAll(async () => {
  const root = path.resolve(import.meta.dirname, '../..');
  // Inside the repository (.tmp is ignored), so the bundle finds react and wouter as the server's does.
  const scratch = path.resolve(root, '../../.tmp');
  await fs.mkdir(scratch, { recursive: true });
  outDir = await fs.mkdtemp(path.join(scratch, 'landing-'));
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { ssr: 'src/prerender/landing.tsx', outDir, emptyOutDir: true },
  });
}, 120_000);
afterAll(async () => {
  await fs.rm(outDir, { recursive: true, force: true });
});

async function renderLanding(settings: PublicSettings, locale: 'en' | 'fil' = 'en'): Promise<string> {
  const script = `import(${JSON.stringify(path.join(outDir, 'landing.js'))}).then((m) => m.renderLanding(JSON.parse(process.argv[1]), process.argv[2])).then((html) => process.stdout.write(html))`;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify(settings), locale],
    { cwd: outDir },
  );
  return stdout;
}

const SETTINGS: PublicSettings = {
  name: 'Barangay San Isidro',
  abbreviation: 'BSI',
  logo: null,
  boundary: null,
  mapStartLat: 14.7356,
  mapStartLng: 121.0498,
  mapStartZoom: 15,
  hotlines: [
    { label: 'Barangay Hall', number: '+63289301234' },
    { label: 'Fire', number: '911' },
  ],
  incidentTypes: [],
  timezone: 'Asia/Manila',
} as unknown as PublicSettings;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.className = '';
  localStorage.clear();
});

/** Hydrates the pre-rendered markup as main.tsx does; returns the errors React recovered from (mismatches). */
async function hydrate(html: string): Promise<{ errors: unknown[]; container: HTMLElement }> {
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  // The browser's address, which the routes follow as main.tsx starts them (no router of their own).
  history.replaceState(null, '', '/');
  // What the page's settings block gives the browser (lib/public-settings.ts reads it at start).
  replacePublicSettings(SETTINGS);
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(
      container,
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <AppRoutes />
        </I18nProvider>
      </StrictMode>,
      { onRecoverableError: (error) => errors.push(error) },
    );
    // The landing page's chunk arrives; its boundary then hydrates.
    await new Promise((resolve) => setTimeout(resolve, 200));
  });
  return { errors, container };
}

describe('the pre-rendered landing page (decision 013)', () => {
  it("shows the barangay's name, the three actions and the hotlines without any script", async () => {
    const html = await renderLanding(SETTINGS);
    const page = document.createElement('div');
    page.innerHTML = html;
    expect(page.querySelector('h1')?.textContent).toBe('Barangay San Isidro');
    const links = [...page.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(
      expect.arrayContaining([
        '/lite/emergency',
        '/Reportincidents',
        '/Reportincidents?track=1',
        'tel:+63289301234',
        'tel:911',
      ]),
    );
    expect(page.querySelector('form')).not.toBeNull();
  });

  it('hydrates without a mismatch, keeping the server-rendered elements', async () => {
    const html = await renderLanding(SETTINGS);
    const heading = () => document.querySelector('h1');
    const { errors, container } = await hydrate(html);
    expect(errors).toEqual([]);
    expect(container.querySelector('h1')?.textContent).toBe('Barangay San Isidro');
    expect(heading()?.isConnected).toBe(true);
  });

  it('hydrates without a mismatch for a visitor whose saved theme is dark, then shows the dark theme', async () => {
    localStorage.setItem('theme', 'dark');
    const html = await renderLanding(SETTINGS);
    const { errors, container } = await hydrate(html);
    expect(errors).toEqual([]);
    expect(container.querySelector('button[aria-label="Switch to Light Mode"]')).not.toBeNull();
  });

  it('hydrates without a mismatch in Filipino (docs/product.md §12), its language switch offering English', async () => {
    const html = await renderLanding(SETTINGS, 'fil');
    // What the browser loads before it hydrates (lib/i18n.ts startI18n): the landing part alone.
    i18n.load('fil', filipino);
    i18n.activate('fil');
    try {
      const { errors, container } = await hydrate(html);
      expect(errors).toEqual([]);
      expect(container.querySelector('button[lang="en"]')?.textContent).toBe('EN');
      const actions = container.querySelector('section[data-landing-actions]')?.getAttribute('aria-label');
      expect(actions).toBeTruthy();
      expect(actions).not.toBe('What do you need?');
    } finally {
      i18n.activate('en');
    }
  });
});
