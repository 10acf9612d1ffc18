import { lazy, Suspense, useSyncExternalStore } from 'react';
import { onToastsRequested, toastsRequested } from '@/lib/toast.ts';

const TopBarToasts = lazy(() => import('./TopBarToasts.tsx'));

/** Mounts the toast container once the first toast is asked for (see lib/toast.ts). */
export function ToastHost() {
  const needed = useSyncExternalStore(onToastsRequested, toastsRequested, () => false);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <TopBarToasts />
    </Suspense>
  );
}
