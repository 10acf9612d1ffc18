import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { Router } from 'wouter';
import { I18nProvider } from '@lingui/react';
import { setupI18n } from '@lingui/core';
import { messages as english } from '@/locales/en/landing.po';
import { messages as filipino } from '@/locales/fil/landing.po';
import type { PublicSettings } from '@bantay/shared';
import { AppRoutes } from '@/app/router.tsx';
import { replacePublicSettings } from '@/lib/public-settings.ts';

/**
 * The landing page's HTML, rendered from the same routes and components the browser hydrates
 * (decision 013). The server calls it once per version of the public settings (the page shows the
 * barangay's name and hotlines), so the markup matches what the browser renders from the settings
 * embedded in the same page. It renders what a visitor sees: a signed-in resident's page takes
 * over after hydration, as it did before.
 */
export async function renderLanding(settings: PublicSettings, locale: 'en' | 'fil' = 'en'): Promise<string> {
  replacePublicSettings(settings);
  // The catalogue the browser starts with (lib/i18n.ts: the landing part alone), so the markup matches its render.
  const i18n = setupI18n({ locale, messages: { en: english, fil: filipino } });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Router ssrPath="/">
          <AppRoutes />
        </Router>
      </I18nProvider>
    </StrictMode>,
  );
  const parts: Buffer[] = [];
  for await (const part of prelude) parts.push(typeof part === 'string' ? Buffer.from(part) : (part as Buffer));
  return Buffer.concat(parts).toString('utf8');
}
