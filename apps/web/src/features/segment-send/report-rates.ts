import type { StrategyStats } from '@storecast/contract';

/**
 * The report's rates. Engagement is measured against delivered mail (what reached an inbox),
 * falling back to sent while delivery results are still coming in; delivery against sent.
 */
export function reportRates(s: StrategyStats) {
  const base = s.delivered || s.sent;
  const pct = (n: number, of: number) => (of > 0 ? Math.round((n / of) * 1000) / 10 : 0);
  return {
    deliveryRate: pct(s.delivered, s.sent),
    openRate: pct(s.opened, base),
    clickRate: pct(s.clicked, base),
    unsubscribeRate: pct(s.unsubscribed, base),
  };
}
