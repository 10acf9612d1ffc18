import { Component, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { lazyWithRetry } from '@/components/lazy-page.tsx';
import { onlineOrAfter, retryFailedChunks } from '@/lib/chunks.ts';
import { onToastsRequested, toastsRequested } from '@/lib/toast.ts';

const TopBarToasts = lazyWithRetry(() => import('./TopBarToasts.tsx'));

/**
 * If the container's code cannot be fetched (offline), nothing is shown and the fetch is tried
 * again once the connection returns: the toasts wait in lib/toast.ts's queue meanwhile. Without
 * this, a failed fetch here took the whole app down.
 */
class RetryWhenOnline extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    void onlineOrAfter(10_000).then(() => {
      retryFailedChunks();
      this.setState({ failed: false });
    });
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Mounts the toast container once the first toast is asked for (see lib/toast.ts). */
export function ToastHost() {
  const needed = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!needed) return null;
  return (
    <RetryWhenOnline>
      <Suspense fallback={null}>
        <TopBarToasts />
      </Suspense>
    </RetryWhenOnline>
  );
}
