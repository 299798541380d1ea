import { describe, expect, it } from 'vitest';
import { reportRates } from './report-rates.ts';

const stats = (over: Partial<Record<string, number>>) => ({
  recipients: 0, sent: 0, delivered: 0, bounced: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0, complaints: 0, orders: 0, revenue: 0, ...over,
});

describe('report rates', () => {
  it('measures engagement against delivered mail, to one decimal', () => {
    expect(reportRates(stats({ sent: 200, delivered: 150, opened: 50, clicked: 7, unsubscribed: 1 })))
      .toEqual({ deliveryRate: 75, openRate: 33.3, clickRate: 4.7, unsubscribeRate: 0.7 });
  });
  it('falls back to sent before delivery results arrive, and never divides by zero', () => {
    expect(reportRates(stats({ sent: 4, opened: 1 })).openRate).toBe(25);
    expect(reportRates(stats({}))).toEqual({ deliveryRate: 0, openRate: 0, clickRate: 0, unsubscribeRate: 0 });
  });
});
