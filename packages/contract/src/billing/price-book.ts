import { CURRENCIES } from '../currencies.ts';

/**
 * What a store can buy, with list prices in US cents. A store pays in its own currency: the list
 * price converted at `USD_RATES` and rounded up to a whole unit of that currency, so an invoice
 * never shows odd fractions. Operators who want other prices edit this one file.
 */

/** Sending-volume packs (SPEC section 3: name, quantity, price, validity days). */
export interface PackOffer {
  id: string;
  quantity: number;
  usdCents: number;
  validityDays: number;
}

export const PACK_OFFERS: readonly PackOffer[] = [
  { id: 'pack-5k', quantity: 5_000, usdCents: 900, validityDays: 90 },
  { id: 'pack-20k', quantity: 20_000, usdCents: 2_900, validityDays: 180 },
  { id: 'pack-100k', quantity: 100_000, usdCents: 11_900, validityDays: 365 },
  { id: 'pack-500k', quantity: 500_000, usdCents: 44_900, validityDays: 365 },
];

/** Membership terms on sale: one month or twelve (SPEC: monthly or yearly). */
export const MEMBERSHIP_TERMS = [1, 12] as const;
export type MembershipTerm = (typeof MEMBERSHIP_TERMS)[number];

/** Monthly list price per paid level (1 entry, 2 basic, 3 professional); a year costs ten months. */
export const MEMBERSHIP_MONTHLY_USD_CENTS: Readonly<Record<1 | 2 | 3, number>> = { 1: 1_900, 2: 4_900, 3: 9_900 };

/** Units of each currency one US dollar buys: list prices only, not a live exchange rate. */
export const USD_RATES: Readonly<Record<string, number>> = {
  USD: 1, EUR: 0.92, GBP: 0.79, AUD: 1.52, PLN: 3.95, MXN: 17.5, CLP: 930, SAR: 3.75, JPY: 150,
  INR: 83, TWD: 32, EGP: 48, KRW: 1350, HKD: 7.8, BRL: 5.1, MYR: 4.6, IDR: 15_800, CAD: 1.36,
  ZAR: 18.5, NZD: 1.65, RON: 4.6, SEK: 10.6, SGD: 1.35,
};

/** The ISO code a store pays in: its own currency when priced here, else US dollars. */
export function chargeCurrency(storeCurrency: string | null | undefined): string {
  const code = CURRENCIES.find((c) => c.id === storeCurrency || c.code === storeCurrency)?.code;
  return code && USD_RATES[code] !== undefined ? code : 'USD';
}

/** Decimal places of a currency's minor unit (JPY, KRW, CLP, IDR: none). */
export function currencyDecimals(code: string): number {
  return CURRENCIES.find((c) => c.code === code)?.decimals ?? 2;
}

/** A list price in US cents as minor units of `currency`, rounded up to a whole unit. */
export function priceIn(usdCents: number, currency: string): number {
  const rate = USD_RATES[currency] ?? 1;
  const unit = 10 ** currencyDecimals(currency);
  return Math.ceil((usdCents / 100) * rate) * unit;
}

/** Price of a membership level for a term, in US cents. */
export function membershipUsdCents(level: 1 | 2 | 3, months: MembershipTerm): number {
  const monthly = MEMBERSHIP_MONTHLY_USD_CENTS[level];
  return months === 12 ? monthly * 10 : monthly * months;
}

/**
 * What one e-mail of volume costs at list price, in (fractional) minor units of `currency`: the
 * best per-mail price on sale (the largest pack). The dashboard's ROI divides revenue by it.
 */
export function unitPriceMinor(currency: string): number {
  return Math.min(...PACK_OFFERS.map((o) => priceIn(o.usdCents, currency) / o.quantity));
}
