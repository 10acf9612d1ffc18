import { describe, expect, it } from 'vitest';
import { AVATAR_FILLS, avatarFill, initialsOf } from './Avatar.tsx';

/** WCAG 2.x relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((start) => {
    const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrastWithWhite = (hex: string) => 1.05 / (luminance(hex) + 0.05);

describe('avatar initials', () => {
  it.each(AVATAR_FILLS)('white initials on %s meet 4.5:1', (fill) => {
    expect(contrastWithWhite(fill)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives the same person the same fill, and a name without letters a question mark', () => {
    expect(avatarFill(initialsOf('Juan', 'Dela Cruz'))).toBe(avatarFill('JD'));
    expect(initialsOf('', null)).toBe('?');
  });
});
