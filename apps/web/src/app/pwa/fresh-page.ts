import type { PublicSettings } from '@bantay/shared';
import type { FreshPublicPage } from '@/lib/public-page-cache.ts';
import { replacePublicSettings } from '@/lib/public-settings.ts';

/**
 * A public page the service worker served from this phone (src/sw/public-pages.ts) carries the
 * settings and advisories of the visit it was stored in. The worker fetches it again behind and,
 * when the server's differ, says so: the hotlines, name and incident types are replaced in place,
 * and the advisory block (plain HTML the server puts before the app's root) is swapped for the
 * server's new one, or removed. Nothing reloads, so nothing being typed is lost.
 */
export function followFreshPublicPages(): void {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    const data = event.data as Partial<FreshPublicPage> | null;
    if (data?.type === 'bantay:fresh-public-page') show(data as FreshPublicPage);
  });
  // The change may have been found before this listener was there.
  navigator.serviceWorker.controller?.postMessage({ type: 'bantay:fresh-public-page?' });
}

function show({ settings, advisories }: FreshPublicPage) {
  if (settings) {
    try {
      replacePublicSettings(JSON.parse(settings) as PublicSettings);
    } catch {
      // A block that does not parse is left as it was; the next visit brings the page again.
    }
  }
  const root = document.getElementById('root');
  const current = document.querySelector('section.bantay-advisories');
  // Only the landing page carries the block, before the root (apps/server/src/modules/advisories/landing-banner.ts).
  if (!root || (!current && !advisories)) return;
  const style = current?.previousElementSibling;
  if (style?.tagName === 'STYLE') style.remove();
  current?.remove();
  // The server's own HTML for this page, as the page itself was (same origin, through the worker).
  if (advisories) root.insertAdjacentHTML('beforebegin', advisories);
}
