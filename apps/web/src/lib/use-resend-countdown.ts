import { useCallback, useEffect, useState } from 'react';

/**
 * The seconds before a code may be sent again (sign-in, resident sign-up, two-factor set-up): it
 * counts down each second while any remain, and `restart(seconds)` starts a new wait from now
 * (the server says how long in `resendAfterSeconds`).
 */
export function useResendCountdown(initialSeconds = 0): { secondsLeft: number; restart(seconds: number): void } {
  const [resendAt, setResendAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = Math.max(0, Math.ceil((resendAt - now) / 1000));

  useEffect(() => {
    if (secondsLeft === 0) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [secondsLeft]);

  const restart = useCallback((seconds: number) => {
    const at = Date.now();
    setResendAt(at + seconds * 1000);
    setNow(at);
  }, []);

  return { secondsLeft, restart };
}
