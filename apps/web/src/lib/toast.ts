import type { ToastContent, ToastOptions } from 'react-toastify';

/** Brief §9: the top bar's toasts close after 3000 ms, top-centre, one at a time. */
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

function show(kind: Kind, message: string, options: ToastOptions = {}) {
  request();
  void import('react-toastify').then(({ toast }) => toast[kind](message, { containerId: TOP_BAR_TOASTS, ...options }));
}

/**
 * A top-bar toast with custom content, such as a question with Confirm and Cancel buttons (brief
 * §4: disabling 2FA asks in the top bar). The content gets `closeToast` when it is a component.
 */
export function notifyCustom(content: ToastContent, options: ToastOptions = {}): void {
  request();
  void import('react-toastify').then(({ toast }) => toast(content, { containerId: TOP_BAR_TOASTS, ...options }));
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  warning: (message: string) => show('warning', message),
};
