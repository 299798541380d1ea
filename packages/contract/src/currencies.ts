/**
 * The 24 currencies of SPEC section 9. EUR comes in two formats (1.234,56 € and €1,234.56),
 * so an entry is identified by `id`, not by its ISO code.
 */
export interface Currency {
  id: string;
  code: string;
  symbol: string;
  /** Decimal places of the minor unit; money is stored as integer minor units. */
  decimals: number;
  /** Thousands and decimal separators, and whether the symbol comes after the number. */
  thousands: string;
  decimal: string;
  symbolAfter: boolean;
}

const c = (
  id: string, code: string, symbol: string, decimals = 2,
  thousands = ',', decimal = '.', symbolAfter = false,
): Currency => ({ id, code, symbol, decimals, thousands, decimal, symbolAfter });

export const CURRENCIES: readonly Currency[] = [
  c('USD', 'USD', '$'),
  c('EUR', 'EUR', '€', 2, '.', ',', true),
  c('EUR_DOT', 'EUR', '€'),
  c('GBP', 'GBP', '£'),
  c('AUD', 'AUD', 'A$'),
  c('PLN', 'PLN', 'zł', 2, ' ', ',', true),
  c('MXN', 'MXN', 'MX$'),
  c('CLP', 'CLP', 'CLP$', 0, '.', ','),
  c('SAR', 'SAR', 'SAR'),
  c('JPY', 'JPY', '¥', 0),
  c('INR', 'INR', '₹'),
  c('TWD', 'TWD', 'NT$'),
  c('EGP', 'EGP', 'E£'),
  c('KRW', 'KRW', '₩', 0),
  c('HKD', 'HKD', 'HK$'),
  c('BRL', 'BRL', 'R$', 2, '.', ','),
  c('MYR', 'MYR', 'RM'),
  c('IDR', 'IDR', 'Rp', 0, '.', ','),
  c('CAD', 'CAD', 'CA$'),
  c('ZAR', 'ZAR', 'R', 2, ' ', '.'),
  c('NZD', 'NZD', 'NZ$'),
  c('RON', 'RON', 'lei', 2, '.', ',', true),
  c('SEK', 'SEK', 'kr', 2, ' ', ',', true),
  c('SGD', 'SGD', 'S$'),
];

export const CURRENCY_IDS = CURRENCIES.map((x) => x.id) as [string, ...string[]];

export function findCurrency(id: string): Currency | undefined {
  return CURRENCIES.find((x) => x.id === id);
}

/** Formats integer minor units, e.g. formatMoney(123456, 'EUR') -> "1.234,56 €". */
export function formatMoney(minor: number, id: string): string {
  const cur = findCurrency(id) ?? CURRENCIES[0]!;
  const negative = minor < 0;
  const abs = Math.abs(minor);
  const unit = 10 ** cur.decimals;
  const whole = Math.floor(abs / unit).toString().replace(/\B(?=(\d{3})+(?!\d))/g, cur.thousands);
  const frac = cur.decimals ? cur.decimal + String(abs % unit).padStart(cur.decimals, '0') : '';
  // The sign leads the whole amount, symbol included: -$1,234.56 and -1.234,56 €.
  const sign = negative ? '-' : '';
  return cur.symbolAfter ? `${sign}${whole}${frac} ${cur.symbol}` : `${sign}${cur.symbol}${whole}${frac}`;
}
