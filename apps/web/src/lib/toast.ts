import type { toast as toastFunction, ToastContent, ToastOptions } from 'react-toastify';
import { importWithRetry, onlineOrAfter } from './chunks.ts';

/** docs/product.md §A9: the top bar's toasts close after 3000 ms, top-centre, one at a time. */
export const TOP_BAR_TOASTS = 'top-bar';

type Kind = 'success' | 'error' | 'info' | 'warning';

/**
 * react-toastify is fetched on the first toast, not with the page: most visits to the public pages
 * never show one, and a cheap phone on 3G should not download it up front. The container mounts
 * when the library arrives (see ToastHost) and shows what was queued.
 */
let requested = false;
const listeners = new Set<() => void>();

export function toastsRequested(): boolean {
  return requested;
}

export function onToastsRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function request() {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/**
 * Fetches the toast code now, before anything goes wrong: a page that may lose its
 * connection (the staff pages, the sign-in) must not need the network to say that it did.
 */
export function preloadToasts(): void {
  request();
}

/** react-toastify, waiting for a connection as long as it takes: a queued toast is never dropped. */
async function loadToastify(): Promise<Toastify> {
  for (;;) {
    try {
      return await importWithRetry(() => import('react-toastify'));
    } catch {
      await onlineOrAfter(10_000);
    }
  }
}

type Toastify = { toast: typeof toastFunction };

/**
 * Resolves once the top-bar container has mounted (TopBarToasts calls `markToastContainerReady`).
 * Toasts wait for it, so none is ever handed to react-toastify before its container exists.
 */
let containerMounted: () => void = () => undefined;
const containerReady = new Promise<void>((resolve) => {
  containerMounted = resolve;
});
export function markToastContainerReady(): void {
  containerMounted();
}

/**
 * docs/product.md §A9's "one at a time" is kept here rather than with the container's `limit`: a queue in
 * react-toastify lives in the container's store, and a toast queued there while an earlier one was
 * showing was seen to vanish. Each toast waits for the previous one to close.
 */
interface Pending {
  id: string | number | undefined;
  open(toastify: Toastify, closed: () => void): void;
}
const waiting: Pending[] = [];
let current: Pending | null = null;

function enqueue(item: Pending): void {
  request();
  // A toast with an id replaces itself (a second click must not stack two questions).
  if (item.id !== undefined && (current?.id === item.id || waiting.some((w) => w.id === item.id))) return;
  waiting.push(item);
  void next();
}

async function next(): Promise<void> {
  if (current || waiting.length === 0) return;
  current = waiting.shift()!;
  const [toastify] = await Promise.all([loadToastify(), containerReady]);
  const shown = current;
  shown.open(toastify, () => {
    if (current !== shown) return;
    current = null;
    void next();
  });
}

function withClose(options: ToastOptions, closed: () => void): ToastOptions {
  return {
    containerId: TOP_BAR_TOASTS,
    ...options,
    onClose: (reason) => {
      options.onClose?.(reason);
      closed();
    },
  };
}

function show(kind: Kind, message: string) {
  enqueue({ id: undefined, open: ({ toast }, closed) => toast[kind](message, withClose({}, closed)) });
}

/**
 * A top-bar toast with custom content, such as a question with Confirm and Cancel buttons
 * (docs/product.md §A4: disabling 2FA asks in the top bar). The content gets `closeToast` when it
 * is a component.
 */
export function notifyCustom(content: ToastContent, options: ToastOptions = {}): void {
  enqueue({ id: options.toastId, open: ({ toast }, closed) => toast(content, withClose(options, closed)) });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
