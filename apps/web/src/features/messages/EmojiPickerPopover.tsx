import type { CSSProperties } from 'react';
import EmojiPicker, { Categories, EmojiStyle, Theme } from 'emoji-picker-react';
import { useLingui } from '@lingui/react/macro';

/** The picker's colours from our theme tokens, so it matches both themes (index.css). */
const THEMED = {
  '--epr-bg-color': 'var(--surface)',
  '--epr-category-label-bg-color': 'var(--surface)',
  '--epr-picker-border-color': 'var(--line)',
  '--epr-text-color': 'var(--ink)',
  '--epr-category-label-text-color': 'var(--muted)',
  '--epr-category-icon-active-color': 'var(--color-brand-600)',
  '--epr-highlight-color': 'var(--color-brand-600)',
  '--epr-hover-bg-color': 'var(--surface-2)',
  '--epr-focus-bg-color': 'var(--surface-2)',
  '--epr-search-input-bg-color': 'var(--surface-2)',
  '--epr-search-input-bg-color-active': 'var(--surface)',
  '--epr-search-input-text-color': 'var(--ink)',
  '--epr-search-input-placeholder-color': 'var(--muted)',
  '--epr-search-border-color': 'var(--line)',
  '--epr-search-border-color-active': 'var(--focus)',
} as CSSProperties;

interface EmojiPickerPopoverProps {
  theme: 'light' | 'dark';
  onPick(emoji: string): void;
}

/**
 * docs/product.md §A2 picker: 320×400, search on, skin tones off, no preview, our theme. Native emoji
 * (the system font draws them), so no image is fetched from a CDN. Its own words (search, category
 * names) are in the language on screen; the search itself still matches the emoji's English names.
 */
export default function EmojiPickerPopover({ theme, onPick }: EmojiPickerPopoverProps) {
  const { t } = useLingui();
  const labels = {
    searchPlaceholder: t`Search`,
    searchLabel: t`Type to search for an emoji`,
    searchClear: t`Clear`,
    searchResultsNone: t`No results found`,
    searchResultsOne: t`1 result found. Use up and down arrow keys to navigate.`,
    // The picker puts the count in place of %n.
    searchResultsMany: t`%n results found. Use up and down arrow keys to navigate.`,
    categoryNavigation: t`Category navigation`,
    loading: t`Loading…`,
    loadingError: t`Could not load emojis.`,
    retryLoading: t`Try again`,
  };
  // The picker's own order, named in the language on screen.
  const categories = [
    { category: Categories.SUGGESTED, name: t`Frequently Used` },
    { category: Categories.CUSTOM, name: t`Custom Emojis` },
    { category: Categories.SMILEYS_PEOPLE, name: t`Smileys & People` },
    { category: Categories.ANIMALS_NATURE, name: t`Animals & Nature` },
    { category: Categories.FOOD_DRINK, name: t`Food & Drink` },
    { category: Categories.TRAVEL_PLACES, name: t`Travel & Places` },
    { category: Categories.ACTIVITIES, name: t`Activities` },
    { category: Categories.OBJECTS, name: t`Objects` },
    { category: Categories.SYMBOLS, name: t`Symbols` },
    { category: Categories.FLAGS, name: t`Flags` },
  ];
  return (
    <EmojiPicker
      width={320}
      height={400}
      searchDisabled={false}
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      theme={theme === 'dark' ? Theme.DARK : Theme.LIGHT}
      emojiStyle={EmojiStyle.NATIVE}
      lazyLoadEmojis
      style={THEMED}
      labels={labels}
      categories={categories}
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
