import { useEffect, type RefObject } from 'react';

/** Where a press leaves the popup open: a confirmation dialog or a toast above it (a CSS selector). */
const LEAVES_IT_OPEN = '[data-confirm-dialog], .Toastify' as const;

/**
 * Closes a popup on a pointer press outside it (but not on the button that opened it, a
 * confirmation dialog or a toast) and on Escape when no modal dialog is open above it.
 */
export function useDismiss(popup: RefObject<HTMLElement | null>, anchor: RefObject<HTMLElement | null>, onClose: () => void): void {
  useEffect(() => {
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element;
      if (popup.current?.contains(target) || anchor.current?.contains(target)) return;
      if (target.closest?.(LEAVES_IT_OPEN)) return;
      onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !document.querySelector('dialog[open]')) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [popup, anchor, onClose]);
}
