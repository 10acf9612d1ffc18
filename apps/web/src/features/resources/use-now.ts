import { useEffect, useState } from 'react';

/** The clock, re-read every `ms`: a loan turns overdue on screen when its time comes, without a refetch. */
export function useNow(ms = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}
