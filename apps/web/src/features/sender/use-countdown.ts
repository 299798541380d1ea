import { useEffect, useState } from 'react';

/**
 * Seconds left of a countdown the server reported (`resend_after`), ticking once a second.
 * `stamp` changes whenever fresh data arrives, restarting the count from the server's figure.
 */
export function useCountdown(seconds: number, stamp: unknown): number {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setDeadline(Date.now() + seconds * 1000);
    setNow(Date.now());
  }, [seconds, stamp]);
  const left = Math.max(0, Math.ceil((deadline - now) / 1000));
  useEffect(() => {
    if (left <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left > 0]);
  return left;
}
