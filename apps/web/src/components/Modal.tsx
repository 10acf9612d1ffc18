import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { useLingui } from '@lingui/react/macro';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
  /** `side`: a drawer along the right edge, full height (details beside a list). */
  placement?: 'center' | 'side';
}

/** Open modals, innermost last: only the innermost answers Escape and Tab (a dialog over a drawer). */
const openModals: symbol[] = [];

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])' as const;

/**
 * A modal dialog drawn in the page, not in the browser's top layer: the top-bar toasts (docs/product.md §A8
 * texts shown while the dialog is open) must stay above it and readable. Focus moves in, stays in
 * (Tab wraps), and returns to the opener; Escape and the close button dismiss it. It is portalled
 * to the body: an opener inside the blurred top bar would otherwise trap the fixed overlay in it.
 */
export function Modal({ title, onClose, children, widthClass = 'max-w-md', placement = 'center' }: ModalProps) {
  const { t } = useLingui();
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    const self = Symbol('modal');
    openModals.push(self);
    const onKey = (event: KeyboardEvent) => {
      if (openModals[openModals.length - 1] !== self) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel) return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) return;
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      openModals.splice(openModals.indexOf(self), 1);
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return createPortal(
    <div
      className={
        placement === 'side'
          ? 'fixed inset-0 z-[60] flex justify-end bg-black/50'
          : 'fixed inset-0 z-[60] flex items-end justify-center bg-black/50 p-0 sm:items-center sm:p-4'
      }
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={
          placement === 'side'
            ? `h-dvh w-full overflow-y-auto border-l border-line bg-surface text-ink shadow-2xl ${widthClass}`
            : `max-h-[100dvh] w-full overflow-y-auto rounded-t-2xl border border-line bg-surface text-ink shadow-2xl sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl ${widthClass}`
        }
      >
        <div className="sticky top-0 z-10 flex items-start gap-3 border-b border-line bg-surface px-5 py-4">
          <h2 id={titleId} className="flex-1 text-lg font-semibold leading-snug">
            {title}
          </h2>
          <button type="button" className="icon-btn -my-2 -mr-2" aria-label={t`Close`} onClick={onClose}>
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <div className="px-5 py-4">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
