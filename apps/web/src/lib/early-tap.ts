import { navigate } from 'wouter/use-browser-location';

declare global {
  interface Window {
    /** Set once the app runs: src/theme-init.js stops holding taps. */
    bantayStarted?: boolean;
    /** A report link tapped before the app ran (src/theme-init.js). */
    bantayEarlyTap?: string;
  }
}

/**
 * A tap on one of the landing page's report links before the app has started. On a slow phone the
 * pre-rendered page paints seconds before its code has arrived, and a link followed then loads the
 * whole app again for the report page, throwing away what was half downloaded. src/theme-init.js
 * (run in the head of every page; kept short, as it is served as written) holds the tap instead:
 * the card dims (`aria-busy`) and the app goes there as soon as it runs. A second tap, a page whose
 * scripts have all loaded, or an app that still has not started 3 s after they have, go by the link
 * as usual. With scripts off nothing is held and the links work as links.
 *
 * Called once the app has taken over the page: tells src/theme-init.js to stop holding taps,
 * and goes where a tap held before then asked to, as the link would have. Only the report page's
 * addresses are held, so only those are followed.
 */
export function followEarlyTap(): void {
  window.bantayStarted = true;
  const href = window.bantayEarlyTap;
  delete window.bantayEarlyTap;
  const link = document.querySelector('a[aria-busy="true"][href^="/Reportincidents"]');
  if (link instanceof HTMLElement) {
    link.removeAttribute('aria-busy');
    link.style.removeProperty('opacity');
    link.style.removeProperty('cursor');
  }
  if (href && /^\/Reportincidents(?:[?#]|$)/.test(href)) navigate(href);
}
