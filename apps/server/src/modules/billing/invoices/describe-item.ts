import { type Locale, translateError } from '@storecast/contract';
import type { PaymentItem } from '@storecast/db';

/** What an invoice was for, in the reader's language: a pack with its validity, a term, or an upgrade. */
export function describeItem(locale: Locale, item: PaymentItem): string {
  const t = (key: string, params: Record<string, string | number>) => translateError(locale, `notices.billing.${key}`, params);
  if (item.kind === 'pack') {
    return t('packInvoiceLine', { quantity: item.quantity.toLocaleString('en-US'), days: item.validityDays });
  }
  const level = t(`levels.${item.level}`, {});
  const term = t(item.months === 1 ? 'terms.one' : 'terms.other', { months: item.months });
  return t(item.kind === 'upgrade' ? 'upgradeName' : 'membershipName', { level, term });
}
