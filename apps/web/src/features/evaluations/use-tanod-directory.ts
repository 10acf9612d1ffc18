import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '@lingui/core/macro';
import type { PublicTanod } from '@bantay/shared';
import { ApiError } from '@/lib/api-client.ts';
import { fetchTanodDirectory } from './evaluations-api.ts';

export interface TanodDirectoryState {
  tanods: PublicTanod[] | null;
  /** The first load, with nothing to show yet. */
  isLoading: boolean;
  /** A reload after a rating, while the current list stays on screen. */
  isRefreshing: boolean;
  error: string | null;
  /** Fetches the list again (Retry, or after a rating so the average, count and comments move). */
  reload(): void;
}

/**
 * The tanod directory, fetched once on mount and again on demand. A small hook rather than a
 * query library: this public page should stay light on a cheap phone (docs/product.md §8).
 */
export function useTanodDirectory(): TanodDirectoryState {
  const [tanods, setTanods] = useState<PublicTanod[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(true);
  const [generation, setGeneration] = useState(0);
  const latest = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    const request = ++latest.current;
    fetchTanodDirectory(controller.signal).then(
      (directory) => {
        if (request !== latest.current) return;
        setTanods(directory.tanods);
        setError(null);
        setPending(false);
      },
      (failure: unknown) => {
        if (controller.signal.aborted || request !== latest.current) return;
        setError(
          failure instanceof ApiError && (failure.isNetwork || failure.code === 'RATE_LIMITED')
            ? failure.message
            : t`The list of tanods could not be loaded.`,
        );
        setPending(false);
      },
    );
    return () => controller.abort();
  }, [generation]);

  const reload = useCallback(() => {
    setPending(true);
    setGeneration((value) => value + 1);
  }, []);

  return { tanods, isLoading: pending && tanods === null, isRefreshing: pending && tanods !== null, error, reload };
}
