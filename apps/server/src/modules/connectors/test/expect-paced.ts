import { expect } from 'vitest';

/**
 * Checks that calls a fake platform received kept the platform's pace: n calls span at least
 * n - 1 intervals, less one for slack. The connector spaces the calls it sends; when each one
 * arrives also depends on how busy the machine is, so a single gap between two arrivals may be
 * shorter than the interval while the pace over all of them still holds. Unpaced, the same calls
 * arrive within a few milliseconds of each other.
 */
export function expectPaced(arrivals: number[], intervalMs: number) {
  expect(arrivals.length).toBeGreaterThan(3);
  const span = arrivals[arrivals.length - 1]! - arrivals[0]!;
  expect(span).toBeGreaterThanOrEqual((arrivals.length - 2) * intervalMs);
}
