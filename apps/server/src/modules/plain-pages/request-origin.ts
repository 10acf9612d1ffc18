import type { IncomingHttpHeaders } from 'node:http';

/**
 * Where a form post came from, as the browser says it (docs/decisions/033-pages-without-javascript.md).
 *
 * The forms are anonymous: a post carries no session, so a page elsewhere that makes its visitors'
 * browsers post here cannot act as anyone. What it could do is send reports from many addresses
 * (its visitors'), each under the per-address limit. Browsers say where a post came from, and a post
 * from another site is refused:
 * - `Sec-Fetch-Site` (Chromium 76+, Firefox 90+, Safari 16.4+), which a page cannot forge;
 * - else `Origin`, unless `null` (a page with `Referrer-Policy: no-referrer` posts `Origin: null`;
 *   these pages send `same-origin`, so their own posts carry it);
 * - else `Referer`.
 * A browser that sends none of them (an old one, or a page that hid its referrer) is let through:
 * refusing it would refuse the old phones these pages are for, and its posts count against the
 * address's limit like any other.
 */
export type PostOrigin = 'same' | 'other' | 'unknown';

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** A host with its port, the default ports left out (`localhost:80` and `http://localhost` are one). */
const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

function hostOf(url: string): string | null {
  try {
    return withoutDefaultPort(new URL(url).host);
  } catch {
    return null;
  }
}

/** `ownHosts`: the host the request was sent to (with its port), and PUBLIC_URL's. */
export function postOrigin(headers: IncomingHttpHeaders, ownHosts: readonly string[]): PostOrigin {
  const own = new Set(ownHosts.map(withoutDefaultPort));
  const site = first(headers['sec-fetch-site']);
  if (site) return site === 'same-origin' || site === 'none' ? 'same' : 'other';
  const origin = first(headers.origin);
  if (origin && origin !== 'null') {
    const host = hostOf(origin);
    return host && own.has(host) ? 'same' : 'other';
  }
  const referer = first(headers.referer);
  if (referer) {
    const host = hostOf(referer);
    return host && own.has(host) ? 'same' : 'other';
  }
  return 'unknown';
}
