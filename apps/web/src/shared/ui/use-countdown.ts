import { useCallback, useState } from 'react';
import { useNow } from './use-now.ts';

/** Whole seconds left until `deadline` (epoch ms), never more than `max`; 0 once it has passed. */
export function useSecondsLeft(deadline: number, max: number): number {
  const now = useNow(1000, deadline);
  return Math.min(max, Math.max(0, Math.ceil((deadline - now) / 1000)));
}

/**
 * A countdown an event starts (a code was just sent; the server said when to allow the next):
 * the seconds left, and how to start it again.
 */
export function useCountdown(initialSeconds = 0): [number, (seconds: number) => void] {
  const [run, setRun] = useState(() => ({ seconds: initialSeconds, deadline: Date.now() + initialSeconds * 1000 }));
  const start = useCallback((seconds: number) => setRun({ seconds, deadline: Date.now() + seconds * 1000 }), []);
  return [useSecondsLeft(run.deadline, run.seconds), start];
}
