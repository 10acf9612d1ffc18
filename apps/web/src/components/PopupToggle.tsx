import type { RefObject } from 'react';
import type { LucideIcon } from 'lucide-react';

interface PopupToggleProps {
  ref: RefObject<HTMLButtonElement | null>;
  label: string;
  icon: LucideIcon;
  open: boolean;
  /** The red dot of docs/product.md §A2: something unread behind this button. */
  dot: boolean;
  dotTestId: string;
  onToggle(): void;
}

/** A top-bar icon button that opens and closes a popup panel. */
export function PopupToggle({ ref, label, icon: Icon, open, dot, dotTestId, onToggle }: PopupToggleProps) {
  return (
    <button
      ref={ref}
      type="button"
      className="icon-btn relative"
      aria-label={label}
      title={label}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={onToggle}
    >
      <Icon className="h-5 w-5" aria-hidden="true" />
      {dot && <span className="unread-dot" data-testid={dotTestId} />}
    </button>
  );
}
