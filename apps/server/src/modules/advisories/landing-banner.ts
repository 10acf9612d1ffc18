import { msg } from '@lingui/core/macro';
import type { PublicAdvisory } from '@bantay/shared';
import { translate, type Locale } from '../../lib/i18n.ts';
import { formatInZone } from '../../lib/time-zone.ts';

/**
 * The active advisories as plain HTML for the top of the pre-rendered landing page (decision 028):
 * the server puts it before the app's root, so it paints with the page and costs the landing page
 * no JavaScript (its script is at its budget, decision 013). React never sees it: it hydrates the
 * root only. Its styles come with it (the page's critical CSS is cut at build time to what the
 * rendered landing uses), in both themes (`dark-mode` is set on <html> by theme-init.js).
 *
 * The app's router moves to other pages without reloading, and this block would stay on top of
 * them: the last rule shows it only while the landing page is in the root. It finds the landing
 * page by the mark on its actions (`data-landing-actions`, routes/LandingPage.tsx), which, unlike
 * their label, reads the same in every language. A browser without `:has()` ignores that rule and
 * keeps the block on the other pages too, which is harmless.
 */
const STYLE = `<style>
.bantay-advisories{box-sizing:border-box;max-width:64rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-direction:column;gap:.5rem}
.bantay-advisory{border:1px solid;border-left-width:6px;border-radius:.75rem;padding:.625rem .875rem}
.bantay-advisory h2{margin:0;font-size:1rem;font-weight:700;line-height:1.35}
.bantay-advisory-tag{display:inline-block;margin-right:.5rem;padding:0 .4rem;border-radius:.25rem;font-size:.75rem;font-weight:700;letter-spacing:.04em;text-transform:uppercase;vertical-align:.1em;color:#fff}
.bantay-advisory p{margin:.25rem 0 0;font-size:.9375rem;line-height:1.45;white-space:pre-line;overflow-wrap:anywhere}
.bantay-advisory small{display:block;margin-top:.375rem;font-size:.8125rem}
.bantay-advisory-info{background:#eff6ff;border-color:#1d4ed8;color:#1e3a8a}
.bantay-advisory-info .bantay-advisory-tag{background:#1d4ed8}
.bantay-advisory-warning{background:#fffbeb;border-color:#b45309;color:#713f12}
.bantay-advisory-warning .bantay-advisory-tag{background:#b45309}
.bantay-advisory-danger{background:#fef2f2;border-color:#b91c1c;color:#7f1d1d}
.bantay-advisory-danger .bantay-advisory-tag{background:#b91c1c}
.dark-mode .bantay-advisory-info{background:#172554;border-color:#60a5fa;color:#dbeafe}
.dark-mode .bantay-advisory-warning{background:#422006;border-color:#f59e0b;color:#fef3c7}
.dark-mode .bantay-advisory-danger{background:#450a0a;border-color:#f87171;color:#fee2e2}
body:not(:has(#root [data-landing-actions])) .bantay-advisories{display:none}
</style>`;

const TAGS = { info: msg`Advisory`, warning: msg`Warning`, danger: msg`Danger` } as const;

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * The block for these advisories, in the page's language (the landing page is rendered per
 * language, docs/product.md §12); empty when there are none, so the page is exactly as before.
 */
export function landingAdvisoriesHtml(items: readonly PublicAdvisory[], timeZone: string, locale: Locale = 'en'): string {
  if (items.length === 0) return '';
  const cards = items.map((item) => {
    const areaNames = item.areas.map((area) => area.name).join(', ');
    const areas = item.areas.length > 0 ? `${translate(msg`For ${areaNames}.`, locale)} ` : '';
    const at = formatInZone(timeZone, new Date(item.endsAt ?? item.startsAt), undefined, locale);
    const until = translate(item.endsAt ? msg`Until ${at}.` : msg`Since ${at}.`, locale);
    return (
      `<article class="bantay-advisory bantay-advisory-${item.severity}" data-advisory="${escapeHtml(item._id)}">` +
      `<h2><span class="bantay-advisory-tag">${translate(TAGS[item.severity], locale)}</span>${escapeHtml(item.title)}</h2>` +
      `<p>${escapeHtml(item.body)}</p>` +
      `<small>${escapeHtml(areas)}${escapeHtml(until)}</small>` +
      `</article>`
    );
  });
  return `${STYLE}<section class="bantay-advisories" aria-label="${escapeHtml(translate(msg`Advisories`, locale))}" role="region">${cards.join('')}</section>`;
}
