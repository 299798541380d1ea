import { findCurrency, type FlowReport } from '@storecast/contract';
import type { TFunction } from 'i18next';

export type ReportStep = FlowReport['steps'][number];

/** The ranges the report offers, in days. */
export const REPORT_RANGES = [7, 30, 90] as const;
export type ReportRange = (typeof REPORT_RANGES)[number];

/** A ?days= value the report offers, or its default of 30. */
export function readRange(value: string | null): ReportRange {
  const days = Number(value);
  return (REPORT_RANGES as readonly number[]).includes(days) ? (days as ReportRange) : 30;
}

/** Nothing has entered the flow or happened in the range: the page explains how data arrives. */
export function isEmptyReport(report: FlowReport): boolean {
  const t = report.totals;
  return t.entered === 0 && t.sent === 0 && t.sms_sent === 0 && t.orders === 0
    && report.daily.every((d) => d.entered === 0 && d.sent === 0 && d.opened === 0 && d.clicked === 0 && d.revenue === 0);
}

/** The steps that send something, in order: the funnel compares what each of them reached. */
export function sendingSteps(steps: readonly ReportStep[]): ReportStep[] {
  return steps.filter((s) => s.type === 'email' || s.type === 'sms');
}

/** Minor units as the currency's major units, for chart axes (the tables use formatMoney). */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** (findCurrency(currency)?.decimals ?? 2);
}

/** Every skip of a step, most frequent first. */
export function skipsOf(step: ReportStep): ReportStep['skipped'] {
  return [...step.skipped].filter((s) => s.count > 0).sort((a, b) => b.count - a.count);
}

/** A step's name in the reader's language, its type and its place among steps of that type: "E-mail 2", never its subject's template. */
export function stepName(step: Pick<ReportStep, 'type' | 'number'>, t: TFunction): string {
  return t('automation.report.stepName', { type: t(`automation.report.stepTypes.${step.type}`), n: step.number });
}
