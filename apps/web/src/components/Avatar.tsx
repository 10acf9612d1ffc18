interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  src?: string | null;
  size?: number;
}

/**
 * The fills behind the white initials: deep shades, each at least 4.5:1 against white (WCAG 1.4.3;
 * Avatar.test.ts checks every one), in hues far enough apart to tell people apart. The initials
 * sit on their own fill, so the same shades serve both themes.
 */
export const AVATAR_FILLS = [
  '#1d4ed8', // blue
  '#047857', // emerald
  '#7c3aed', // violet
  '#be123c', // rose
  '#b45309', // amber
  '#0e7490', // cyan
  '#a21caf', // fuchsia
  '#4338ca', // indigo
  '#15803d', // green
  '#c2410c', // orange
  '#475569', // slate
  '#9d174d', // pink
] as const;

export function initialsOf(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.charAt(0) ?? ''}${lastName?.charAt(0) ?? ''}`.toUpperCase() || '?';
}

/** The same person always gets the same fill. */
export function avatarFill(initials: string): string {
  const sum = [...initials].reduce((total, c) => total + c.charCodeAt(0), 0);
  return AVATAR_FILLS[sum % AVATAR_FILLS.length]!;
}

/** A user's photo, or their initials on a colour derived from the name. */
export function Avatar({ firstName, lastName, src, size = 36 }: AvatarProps) {
  const initials = initialsOf(firstName, lastName);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src) return <img src={src} alt="" style={style} className="shrink-0 rounded-full object-cover" />;
  return (
    <span
      aria-hidden="true"
      style={{ ...style, background: avatarFill(initials) }}
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
    >
      {initials}
    </span>
  );
}
