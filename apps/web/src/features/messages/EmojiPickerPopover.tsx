import type { CSSProperties } from 'react';
import EmojiPicker, { EmojiStyle, Theme } from 'emoji-picker-react';

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
 * (the system font draws them), so no image is fetched from a CDN.
 */
export default function EmojiPickerPopover({ theme, onPick }: EmojiPickerPopoverProps) {
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
      onEmojiClick={(data) => onPick(data.emoji)}
    />
  );
}
