import type { ReactNode } from 'react';
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

export type Tone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

const TONES: Record<Tone, string> = {
  neutral: 'bg-surface-2 text-ink-soft',
  brand: 'bg-brand-600/10 text-brand-600',
  success: 'bg-success/10 text-success',
  warning: 'bg-amber-500/15 text-amber-800 dark:text-amber-300',
  danger: 'bg-danger/10 text-danger',
};

/** A small rounded label for a status. */
export function Chip({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** The lists' loading, error and empty states, shared by every feature's lists. */
export { QueryState } from '@/components/QueryState.tsx';

/** A form's closing row: Cancel, then the main action. */
export function DialogActions({
  busy,
  submitLabel,
  busyLabel,
  onCancel,
  danger = false,
}: {
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel(): void;
  danger?: boolean;
}) {
  return (
    <div className="mt-2 flex flex-wrap justify-end gap-2">
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`} disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </button>
    </div>
  );
}

/** A form error that belongs to no single field (a 409 from the server, say). */
export function FormAlert({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  );
}
