import { flowReportSchema, type FlowReport } from '@storecast/contract';
import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { isEmptyReport, readRange, sendingSteps, skipsOf, stepName, toMajor } from './report-model.ts';

const zero = { entered: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, sms_sent: 0, sms_clicked: 0, unsubscribed: 0, orders: 0, revenue: 0 };
const report = (over: Partial<FlowReport> = {}): FlowReport => flowReportSchema.parse({
  flow: {
    id: 'f1', kind: 'abandoned-cart', enabled: true, version: 1, unpublished: false, updated_at: '2026-11-01T00:00:00Z', ai_note: null,
    last_30_days: { entered: 0, sent: 0, orders: 0, revenue: 0 }, active_runs: 0,
  },
  currency: 'USD',
  totals: zero,
  steps: [
    { ...zero, key: 'w1', type: 'wait', number: 1, depth: 0, skipped: [] },
    { ...zero, key: 'e1', type: 'email', number: 1, depth: 0, skipped: [{ reason: 'frequency', count: 2 }, { reason: 'weekly-cap', count: 5 }, { reason: 'no-email', count: 0 }] },
    { ...zero, key: 's1', type: 'split', number: 1, depth: 0, skipped: [] },
    { ...zero, key: 'e2', type: 'email', number: 2, depth: 1, skipped: [] },
    { ...zero, key: 'm1', type: 'sms', number: 1, depth: 1, skipped: [] },
  ],
  daily: [{ day: '2026-11-01', entered: 0, sent: 0, opened: 0, clicked: 0, revenue: 0 }],
  ...over,
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('the flow report model', () => {
  it("names a step by its type and place among that type's steps in the reader's language, never by its template", async () => {
    const names = () => report().steps.map((s) => stepName(s, i18n.t));
    expect(names()).toEqual(['等待 1', '邮件 1', '条件分支 1', '邮件 2', '短信 1']);
    await act(() => i18n.changeLanguage('en-US'));
    expect(names()).toEqual(['Wait 1', 'E-mail 1', 'Split 1', 'E-mail 2', 'SMS 1']);
  });

  it('offers 7, 30 and 90 days and falls back to 30', () => {
    expect(readRange('7')).toBe(7);
    expect(readRange('90')).toBe(90);
    expect(readRange('12')).toBe(30);
    expect(readRange(null)).toBe(30);
  });

  it('is empty until something entered or happened in the range', () => {
    expect(isEmptyReport(report())).toBe(true);
    expect(isEmptyReport(report({ totals: { ...zero, entered: 1 } }))).toBe(false);
    expect(isEmptyReport(report({ daily: [{ day: '2026-11-01', entered: 0, sent: 0, opened: 0, clicked: 0, revenue: 100 }] }))).toBe(false);
  });

  it('puts only e-mail and SMS steps in the funnel, in order', () => {
    expect(sendingSteps(report().steps).map((s) => s.key)).toEqual(['e1', 'e2', 'm1']);
  });

  it('lists a step\'s skips most frequent first, leaving out empty reasons', () => {
    expect(skipsOf(report().steps[1]!)).toEqual([{ reason: 'weekly-cap', count: 5 }, { reason: 'frequency', count: 2 }]);
  });

  it('turns minor units into major units by the currency', () => {
    expect(toMajor(12_345, 'USD')).toBe(123.45);
    expect(toMajor(500, 'JPY')).toBe(500);
  });
});
