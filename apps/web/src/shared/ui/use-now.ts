import { useEffect, useState } from 'react';

/**
 * The current time as state, refreshed every `everyMs` until `until` has passed: a render reads
 * the clock through this instead of calling `Date.now()`, so rendering stays pure and time-based
 * hints (a send time that has become too early, a countdown) update while the page stays open.
 */
export function useNow(everyMs = 15_000, until = Infinity): number {
  const [now, setNow] = useState(() => Date.now());
  const running = now < until;
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    // The first tick comes at once: a countdown started now must not read a clock that stopped
    // when the last one ended.
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [everyMs, running, until]);
  return now;
}
