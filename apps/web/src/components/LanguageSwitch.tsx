import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { changeLocale, currentLocale } from '@/lib/i18n.ts';
import type { Locale } from '@/lib/locale.ts';

/** Each language's short name, the same on every screen. */
const LANGUAGE_CODES: Record<Locale, string> = { en: 'EN', fil: 'FIL' };

/**
 * The language switch of the top bar and the public header (docs/product.md §12): it names the
 * other language in that language, the way a bilingual sign does ("Filipino" on the English
 * screen, "English" on the Filipino one), and says in words of the current one what it does.
 * `onChanged` lets a signed-in page keep the choice on the account too.
 */
export function LanguageSwitch({ onChanged }: { onChanged?: (locale: Locale) => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const next: Locale = currentLocale() === 'fil' ? 'en' : 'fil';
  const label = next === 'fil' ? t`Switch to Filipino` : t`Switch to English`;
  const switchLanguage = async () => {
    setBusy(true);
    try {
      await changeLocale(next);
      onChanged?.(next);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="icon-btn w-auto px-2 text-sm font-semibold"
      title={label}
      aria-label={label}
      lang={next}
      disabled={busy}
      onClick={() => void switchLanguage()}
    >
      {LANGUAGE_CODES[next]}
    </button>
  );
}
