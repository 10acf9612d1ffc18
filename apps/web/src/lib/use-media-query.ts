import { useSyncExternalStore } from 'react';

/** Below Tailwind's `md` (768 px) popups fill the screen (docs/product.md §A2: full width on mobile). */
export const PHONE_QUERY = '(max-width: 767.98px)' as const;

/** Whether a CSS media query matches now; re-renders when that changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(query);
      media.addEventListener('change', listener);
      return () => media.removeEventListener('change', listener);
    },
    () => window.matchMedia(query).matches,
  );
}
