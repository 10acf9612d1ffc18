interface AvatarProps {
  firstName?: string | null;
  lastName?: string | null;
  src?: string | null;
  size?: number;
}

/** A user's photo, or their initials on a colour derived from the name. */
export function Avatar({ firstName, lastName, src, size = 36 }: AvatarProps) {
  const initials = `${firstName?.charAt(0) ?? ''}${lastName?.charAt(0) ?? ''}`.toUpperCase() || '?';
  const style = { width: size, height: size, fontSize: Math.round(size * 0.4) };
  if (src) return <img src={src} alt="" style={style} className="shrink-0 rounded-full object-cover" />;
  const hue = [...initials].reduce((sum, c) => sum + c.charCodeAt(0), 0) % 360;
  return (
    <span
      aria-hidden="true"
      style={{ ...style, background: `hsl(${hue} 55% 42%)` }}
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
    >
      {initials}
    </span>
  );
}
