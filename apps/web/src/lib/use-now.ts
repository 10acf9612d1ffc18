import { useEffect, useState } from 'react';

/**
 * The clock, re-read every `intervalMs`, for what must change on screen while it stays open (an
 * age that grows, a loan that turns overdue) without a refetch.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}
