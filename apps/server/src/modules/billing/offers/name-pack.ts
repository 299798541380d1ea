import { type Locale, translateError } from '@storecast/contract';

/**
 * A pack's name as the admin shows it, in the reader's language: the free starter allowance and
 * the operator's grants by their own names, a bought pack by its quantity. Stored names are not shown: they were written in
 * no particular language.
 */
export function packDisplayName(locale: Locale, pack: { kind: string; total: number }): string {
  if (pack.kind === 'starter') return translateError(locale, 'notices.billing.starterPackName');
  if (pack.kind === 'grant') return translateError(locale, 'notices.billing.grantPackName', { quantity: pack.total.toLocaleString('en-US') });
  return translateError(locale, 'notices.billing.packName', { quantity: pack.total.toLocaleString('en-US') });
}
