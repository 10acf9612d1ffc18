import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Loading } from './Loading.tsx';

/** Brief §9: a script chunk that has not loaded in 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error('Loading the page timed out')), CHUNK_TIMEOUT_MS);
      load().then(
        (value) => {
          window.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          window.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

class ChunkErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-md p-8 text-center">
        <p className="mb-4 text-lg font-semibold">This page could not be loaded.</p>
        <p className="mb-6 text-sm text-muted">Check your connection and try again.</p>
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}

/** A page loaded on demand, showing the spinner while its code arrives. */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Page = lazy(withTimeout(load)) as unknown as ComponentType<P>;
  return function LazyPage(props: P) {
    return (
      <ChunkErrorBoundary>
        <Suspense fallback={<Loading fullArea label="Loading page…" />}>
          <Page {...props} />
        </Suspense>
      </ChunkErrorBoundary>
    );
  };
}
