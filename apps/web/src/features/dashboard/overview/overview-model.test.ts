import type { OverviewTotals } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { buildCards, changeOf, formatChange, formatRate, formatRoi, goalPercent, toMajor, toMinor } from './overview-model.ts';

const zero: OverviewTotals = {
  sent: 0, delivered: 0, bounced: 0, opened: 0, clicked: 0, unsubscribed: 0, complaints: 0, units: 0, orders: 0, revenue: 0,
  open_rate: 0, click_rate: 0, unsubscribe_rate: 0, cost: 0, roi: null, new_subscribers: 0, lost_subscribers: 0, store_orders: 0, store_revenue: 0,
};

describe('overview model', () => {
  it('measures change against the previous period, with no percentage when there was nothing before', () => {
    expect(changeOf(150, 100)).toEqual({ kind: 'change', value: 0.5 });
    expect(changeOf(50, 100)).toEqual({ kind: 'change', value: -0.5 });
    expect(changeOf(5, 0)).toEqual({ kind: 'new' });
    expect(changeOf(0, 0)).toEqual({ kind: 'same' });
    expect(formatChange(0.125, 'en-US')).toBe('+12.5%');
    expect(formatChange(-0.5, 'en-US')).toBe('-50%');
  });

  it('formats rates, ROI and money per language and currency', () => {
    expect(formatRate(0.2345, 'en-US')).toBe('23.45%');
    expect(formatRoi(null, 'en-US')).toBeNull();
    expect(formatRoi(1234.5, 'en-US')).toBe('1,234.5x');
    const cards = buildCards({ ...zero, revenue: 123456, orders: 3, open_rate: 0.5, roi: 2 }, { ...zero, revenue: 100000, orders: 3 }, 'USD', 'en-US');
    expect(cards.map((c) => c.key)).toEqual(['revenue', 'orders', 'roi', 'newSubscribers', 'lostSubscribers', 'sent', 'openRate', 'clickRate', 'unsubscribeRate']);
    expect(cards[0]).toMatchObject({ value: '$1,234.56', change: { kind: 'change', value: 0.23456 }, upIsGood: true });
    expect(cards[1]!.change).toEqual({ kind: 'same' });
    expect(cards[2]).toMatchObject({ value: '2x', change: { kind: 'new' } });
    expect(cards.find((c) => c.key === 'lostSubscribers')!.upIsGood).toBe(false);
    expect(buildCards(zero, zero, 'EUR', 'en-US')[0]!.value).toBe('0,00 €');
  });

  it('turns goals into progress and money between the form and the API', () => {
    expect(goalPercent(25, 100)).toBe(25);
    expect(goalPercent(250, 100)).toBe(100);
    expect(goalPercent(5, 0)).toBe(0);
    expect(toMinor(12.34, 2)).toBe(1234);
    expect(toMajor(1234, 2)).toBe(12.34);
    expect(toMinor(500, 0)).toBe(500);
  });
});
