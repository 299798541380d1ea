import { formatMoney, type OverviewTotals } from '@storecast/contract';

/** How a number moved against the previous period: a fraction, or why there is none. */
export type Change = { kind: 'change'; value: number } | { kind: 'same' } | { kind: 'new' };

export function changeOf(now: number, before: number): Change {
  if (now === before) return { kind: 'same' };
  if (before === 0) return { kind: 'new' };
  return { kind: 'change', value: (now - before) / Math.abs(before) };
}

/** "+12.5%" / "-3%" from a fraction. */
export function formatChange(value: number, language: string): string {
  const pct = (value * 100).toLocaleString(language, { maximumFractionDigits: 1 });
  return value > 0 ? `+${pct}%` : `${pct}%`;
}

/** "12.5%" from a 0..1 rate. */
export function formatRate(rate: number, language: string): string {
  return `${(rate * 100).toLocaleString(language, { maximumFractionDigits: 2 })}%`;
}

/** ROI as a multiple ("3.25x"), or null when nothing was spent. */
export function formatRoi(roi: number | null, language: string): string | null {
  return roi === null ? null : `${roi.toLocaleString(language, { maximumFractionDigits: 2 })}x`;
}

export type CardKey = 'revenue' | 'orders' | 'roi' | 'newSubscribers' | 'lostSubscribers' | 'sent' | 'openRate' | 'clickRate' | 'unsubscribeRate';

export interface CardModel {
  key: CardKey;
  /** The figure as shown; null when it has no meaning (ROI without cost). */
  value: string | null;
  change: Change;
  /** Whether a rise is good news (unsubscribes and the unsubscribe rate are not). */
  upIsGood: boolean;
}

const FIELDS: Record<CardKey, keyof OverviewTotals> = {
  revenue: 'revenue', orders: 'orders', roi: 'roi', newSubscribers: 'new_subscribers', lostSubscribers: 'lost_subscribers',
  sent: 'sent', openRate: 'open_rate', clickRate: 'click_rate', unsubscribeRate: 'unsubscribe_rate',
};

/** The number cards of the overview, in page order, with their change against the period before. */
export function buildCards(totals: OverviewTotals, previous: OverviewTotals, currency: string, language: string): CardModel[] {
  const num = (n: number) => n.toLocaleString(language);
  const show: Record<CardKey, (t: OverviewTotals) => string | null> = {
    revenue: (t) => formatMoney(t.revenue, currency),
    orders: (t) => num(t.orders),
    roi: (t) => formatRoi(t.roi, language),
    newSubscribers: (t) => num(t.new_subscribers),
    lostSubscribers: (t) => num(t.lost_subscribers),
    sent: (t) => num(t.sent),
    openRate: (t) => formatRate(t.open_rate, language),
    clickRate: (t) => formatRate(t.click_rate, language),
    unsubscribeRate: (t) => formatRate(t.unsubscribe_rate, language),
  };
  return (Object.keys(FIELDS) as CardKey[]).map((key) => ({
    key,
    value: show[key](totals),
    change: changeOf(Number(totals[FIELDS[key]] ?? 0), Number(previous[FIELDS[key]] ?? 0)),
    upIsGood: key !== 'lostSubscribers' && key !== 'unsubscribeRate',
  }));
}

/** A share of a goal reached, 0..100 for a progress bar; 0 when no goal is set. */
export function goalPercent(progress: number, goal: number): number {
  if (goal <= 0) return 0;
  return Math.min(100, Math.round((progress / goal) * 1000) / 10);
}

/** Whole currency units typed in the goals form to the API's minor units, and back. */
export function toMinor(major: number, decimals: number): number {
  return Math.round(major * 10 ** decimals);
}
export function toMajor(minor: number, decimals: number): number {
  return minor / 10 ** decimals;
}
