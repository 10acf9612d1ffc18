import { useCallback, useEffect, useState } from 'react';

/** docs/product.md §A2 and §9: the side nav collapses at 768 px or less. */
const MOBILE_QUERY = '(max-width: 768px)' as const;

function matches(query: string): boolean {
  return typeof window !== 'undefined' && window.matchMedia(query).matches;
}

export function useSideNav() {
  const [isMobile, setIsMobile] = useState(() => matches(MOBILE_QUERY));
  const [isOpen, setIsOpen] = useState(() => !matches(MOBILE_QUERY));

  useEffect(() => {
    const media = window.matchMedia(MOBILE_QUERY);
    const onChange = (event: MediaQueryListEvent) => {
      setIsMobile(event.matches);
      setIsOpen(!event.matches);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, []);

  const open = useCallback(() => setIsOpen(true), []);
  const close = useCallback(() => setIsOpen(false), []);
  const toggle = useCallback(() => setIsOpen((value) => !value), []);
  /** A nav click closes the nav on small screens. */
  const onNavigate = useCallback(() => {
    if (matches(MOBILE_QUERY)) setIsOpen(false);
  }, []);
  return { isOpen, isMobile, open, close, toggle, onNavigate };
}
