import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { AppRoutes } from './app/router.tsx';
import { i18n, startI18n, withCatalog } from './lib/i18n.ts';
import './index.css';

// The pre-rendered landing page inlines only its own CSS and fetches the whole stylesheet as
// "print", so that fetch never holds up its first paint (apps/web/scripts/landing-template.mjs).
// Now that the app runs, every page it can reach needs all of it.
document.getElementById('bantay-stylesheet')?.setAttribute('media', 'all');

const container = document.getElementById('root')!;
// The page renders in one language from its first frame: the catalogue comes before React starts
// (the pre-rendered landing page preloads it, so hydration does not wait on a second round trip).
// A promise, not a top-level await: an entry that awaits at its top level cannot share its modules
// with the chunks it loads meanwhile, so the bundler would split React, the router and Lingui out of
// it into a score of small chunks (docs/benchmarks.md, "Landing page in two languages").
void startI18n().then(() => {
  const app = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <AppRoutes />
      </I18nProvider>
    </StrictMode>
  );
  // The server sends the landing page pre-rendered (decision 013): React takes over that markup
  // instead of painting it again. Every other page arrives empty and is rendered here.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
});

// The service worker (decision 020) is registered once the page has loaded, never before its first
// paint. What goes with it (the update prompt, the alerts' clicks, the installed app's start, the
// notice of a report waiting for a signal) matters only once a worker controls the page, so a first
// visit fetches none of it.
if (import.meta.env.PROD && navigator.serviceWorker)
  addEventListener('load', () => {
    const registered = navigator.serviceWorker.register('/sw.js');
    registered.catch(() => undefined);
    if (navigator.serviceWorker.controller) void withCatalog(() => import('./app/pwa/register.ts'))().then((pwa) => pwa.startPwa(registered));
  });
