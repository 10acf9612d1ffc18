import { Box, Car, Flashlight, HardHat, Radio, Stethoscope, Umbrella, Wrench, type LucideIcon } from 'lucide-react';
import type { InventoryCategory } from '@bantay/shared';

const CATEGORY_ICONS: Record<InventoryCategory, LucideIcon> = {
  communication: Radio,
  lighting: Flashlight,
  protection: HardHat,
  rain_gear: Umbrella,
  first_aid: Stethoscope,
  tools: Wrench,
  other: Box,
};

/** An item's or vehicle's photo, or an icon for its kind when it has none. */
export function Thumb({
  image,
  category,
  size = 40,
}: {
  image: string | null;
  category?: InventoryCategory;
  size?: number;
}) {
  const style = { width: size, height: size };
  if (image)
    return <img src={image} alt="" style={style} className="shrink-0 rounded-lg border border-line object-cover" />;
  const Icon = category ? CATEGORY_ICONS[category] : Car;
  return (
    <span
      style={style}
      className="inline-flex shrink-0 items-center justify-center rounded-lg bg-surface-2 text-muted"
      aria-hidden="true"
    >
      <Icon className="h-1/2 w-1/2" />
    </span>
  );
}
