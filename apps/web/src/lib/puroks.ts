import { useEffect, useState } from 'react';
import type { PublicPuroks } from '@bantay/shared';
import { api } from './api-client.ts';

/**
 * The barangay's puroks (its active patrol areas' names, `GET /api/public/puroks`), for a
 * resident's home: the sign-up form and My account. Fetched once per page load and shared; plain
 * state rather than a query library, so the public sign-up page stays light (docs/product.md §8).
 */
let loaded: string[] | undefined;
let inFlight: Promise<string[]> | undefined;

function load(): Promise<string[]> {
  inFlight ??= api<PublicPuroks>('/api/public/puroks', { token: null }).then(
    (answer) => {
      loaded = answer.puroks.map((purok) => purok.name);
      return loaded;
    },
    (error: unknown) => {
      // The next form to open tries again.
      inFlight = undefined;
      throw error;
    },
  );
  return inFlight;
}

/** The puroks' names; `failed` when they could not be fetched (the form then offers a retry). */
export function usePuroks(): { puroks: string[] | undefined; failed: boolean; retry(): void } {
  const [puroks, setPuroks] = useState(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    load().then(
      (names) => {
        if (live) setPuroks(names);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  return {
    puroks,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
  };
}
