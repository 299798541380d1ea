import type { CampaignReport, CampaignType } from '@storecast/contract';

export type ReportNumber = keyof CampaignReport['totals'];

const DRAW_NUMBERS: readonly ReportNumber[] = ['views', 'draws', 'winners', 'redeemed', 'orders', 'revenue'];
// Only a lucky draw is played and wins prizes; for the other types those counts are always zero,
// so their cards and lines would only say "0" where nothing could have happened.
const OFFER_NUMBERS: readonly ReportNumber[] = ['views', 'orders', 'revenue'];

/** The numbers a campaign of this type can have, in the order the page shows them. */
export function numbersOf(type: CampaignType): readonly ReportNumber[] {
  return type === 'lucky_draw' ? DRAW_NUMBERS : OFFER_NUMBERS;
}

/** Nothing at all happened in the range: the page says so instead of drawing a flat chart. */
export function isEmptyReport(report: CampaignReport): boolean {
  return Object.values(report.totals).every((n) => n === 0);
}
