/**
 * Whether the reader asked their system for less motion, read once at load (a change applies on
 * the next load). antd's animations and the charts' growing bars and lines are switched off for
 * such a reader: the page shows its final state at once.
 */
export const PREFERS_REDUCED_MOTION = typeof window !== 'undefined' && typeof window.matchMedia === 'function'
  && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** An echarts option's animation switch for this reader. */
export const CHART_ANIMATION = !PREFERS_REDUCED_MOTION;
