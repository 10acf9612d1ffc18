import { Component, Suspense, type ComponentType, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { lazyWithRetry } from '@/components/lazy-page.tsx';

/**
 * A map module loaded on demand (it brings Leaflet, about 45 KB gzip, and clustering): pages show
 * a placeholder of the map's size while it arrives, and a clear message if it cannot load.
 */

class MapErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <p role="alert" className="rounded-xl border border-line bg-surface-2 p-4 text-sm">
        <Trans>The map could not load. Check your connection and reload the page.</Trans>
      </p>
    );
  }
}

function MapPlaceholder({ className = 'h-80' }: { className?: string }) {
  return (
    <div className={`flex w-full items-center justify-center rounded-xl border border-line bg-surface-2 text-sm text-muted ${className}`}>
      <Trans>Loading the map…</Trans>
    </div>
  );
}

/** `lazyMap(() => import('./IncidentMap.tsx'), 'h-80')`: the module's default export, lazily. */
export function lazyMap<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, placeholderClass?: string) {
  // Fetched again with backoff first, like every lazy piece; the boundary shows if it still fails.
  const MapModule = lazyWithRetry(load);
  return function LazyMap(props: P) {
    return (
      <MapErrorBoundary>
        <Suspense fallback={<MapPlaceholder className={placeholderClass} />}>
          <MapModule {...props} />
        </Suspense>
      </MapErrorBoundary>
    );
  };
}
