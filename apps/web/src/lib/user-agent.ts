import { t } from '@lingui/core/macro';

/** Product names, the same in every language. */
type Browser = 'Edge' | 'Opera' | 'Samsung Internet' | 'Firefox' | 'Chrome' | 'Safari';
type System = 'Android' | 'iPhone' | 'iPad' | 'Windows' | 'ChromeOS' | 'macOS' | 'Linux';

/** The first match wins: Edge and Opera say "Chrome" too, Chrome says "Safari". */
const BROWSERS: readonly (readonly [(ua: string) => boolean, Browser])[] = [
  [(ua) => /EdgA?\//.test(ua), 'Edge'],
  [(ua) => /OPR\/|Opera/.test(ua), 'Opera'],
  [(ua) => /SamsungBrowser\//.test(ua), 'Samsung Internet'],
  [(ua) => /Firefox\/|FxiOS\//.test(ua), 'Firefox'],
  [(ua) => /Chrome\/|CriOS\/|Chromium\//.test(ua), 'Chrome'],
  [(ua) => /Safari\//.test(ua) && /Version\//.test(ua), 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, System])[] = [
  [/Android/, 'Android'],
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A short, human name for the browser behind a session ("Chrome on Android"), from its user
 * agent. Good enough to recognise one's own devices; the full string stays in the tooltip. In the
 * language on screen: call it while rendering.
 */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return t`Unknown device`;
  const ua = userAgent;
  const browser = BROWSERS.find(([matches]) => matches(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  if (browser && os) return t`${browser} on ${os}`;
  if (browser) return browser;
  if (os) return t`Browser on ${os}`;
  // Scripts and apps: the product token ("curl/8.5", "Playwright/1.65") says enough.
  const product = /^([A-Za-z][\w.-]*)\/[\d.]+/.exec(ua);
  return product ? product[1]! : t`Unknown device`;
}
