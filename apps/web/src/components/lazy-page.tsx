import { lazy, Suspense, type ComponentType } from 'react';
import { useLingui } from '@lingui/react/macro';
import { chunkRetryRound, importWithRetry } from '@/lib/chunks.ts';
import { Loading } from './Loading.tsx';

/** docs/product.md §A9: a script chunk that has not loaded in 120 s counts as failed. */
const CHUNK_TIMEOUT_MS = 120_000;

function withTimeout<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = globalThis.setTimeout(() => reject(new Error('Loading the page timed out')), CHUNK_TIMEOUT_MS);
      load().then(
        (value) => {
          globalThis.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          globalThis.clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
}

/**
 * A component whose code is fetched on first render, tried again with backoff when that fails
 *. The failure then goes to the nearest error boundary (the route's error screen, or a
 * piece's own fallback). React keeps a failed lazy component failed for good, so once an error
 * screen's Retry has called `retryFailedChunks`, the next render starts from a fresh one.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  let failedInRound: number | null = null;
  const create = () =>
    lazy(() =>
      withTimeout(() => importWithRetry(load))().catch((error: unknown) => {
        failedInRound = chunkRetryRound();
        throw error;
      }),
    ) as unknown as ComponentType<P>;
  let current = create();
  return function LazyComponent(props: P) {
    if (failedInRound !== null && failedInRound < chunkRetryRound()) {
      failedInRound = null;
      current = create();
    }
    const Current = current;
    return <Current {...props} />;
  };
}

/** A page loaded on demand, showing the spinner while its code arrives. */
export function lazyPage<P extends object = object>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Page = lazyWithRetry(load);
  return function LazyPage(props: P) {
    const { t } = useLingui();
    return (
      <Suspense fallback={<Loading fullArea label={t`Loading page…`} />}>
        <Page {...props} />
      </Suspense>
    );
  };
}
