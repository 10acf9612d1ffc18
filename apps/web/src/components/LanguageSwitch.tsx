import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { saveAccountLanguage } from '@/lib/account-language.ts';
import { changeLocale } from '@/lib/i18n.ts';
import type { Locale } from '@/lib/locale.ts';

/** Each language's short name, the same on every screen. */
const LANGUAGE_CODES: Record<Locale, string> = { en: 'EN', fil: 'FIL' };

/**
 * The language switch of the top bar and the public header (docs/product.md §12): it names the
 * other language in that language, the way a bilingual sign does ("Filipino" on the English
 * screen, "English" on the Filipino one), and says in words of the current one what it does.
 * Someone signed in (staff or resident) keeps the choice on their account too, best effort: the
 * switch stands even when that call fails (lib/account-language.ts).
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  // The provider's language, not the app's global one: the landing page's server render has its own.
  const next: Locale = i18n.locale === 'fil' ? 'en' : 'fil';
  const label = next === 'fil' ? t`Switch to Filipino` : t`Switch to English`;
  const code = LANGUAGE_CODES[next];
  const switchLanguage = async () => {
    setBusy(true);
    try {
      await changeLocale(next);
      void saveAccountLanguage(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="icon-btn w-auto px-2 text-sm font-semibold"
      title={label}
      // The name starts with the visible code, as "JD, Account menu" does, so "FIL" spoken by voice
      // control finds it (WCAG 2.5.3); not in brackets, which axe reads as an aside and drops.
      aria-label={`${code}, ${label}`}
      lang={next}
      disabled={busy}
      onClick={() => void switchLanguage()}
    >
      {code}
    </button>
  );
}
