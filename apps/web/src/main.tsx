import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/router.tsx';
import './index.css';

// The pre-rendered landing page inlines only its own CSS and fetches the whole stylesheet as
// "print", so that fetch never holds up its first paint (apps/web/scripts/landing-template.mjs).
// Now that the app runs, every page it can reach needs all of it.
document.getElementById('bantay-stylesheet')?.setAttribute('media', 'all');

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);
// The server sends the landing page pre-rendered (decision 013): React takes over that markup
// instead of painting it again. Every other page arrives empty and is rendered here.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

// The service worker (decision 020) is registered once the page has loaded, never before its first
// paint. What goes with it (the update prompt, the alerts' clicks, the installed app's start, the
// notice of a report waiting for a signal) matters only once a worker controls the page, so a first
// visit fetches none of it.
if (import.meta.env.PROD && navigator.serviceWorker)
  addEventListener('load', () => {
    const registered = navigator.serviceWorker.register('/sw.js');
    registered.catch(() => undefined);
    if (navigator.serviceWorker.controller) void import('./app/pwa/register.ts').then((pwa) => pwa.startPwa(registered));
  });
