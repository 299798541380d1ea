import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_IDS, findCurrency, formatMoney } from './currencies.ts';

describe('currencies (SPEC section 9)', () => {
  it('has the 24 entries, EUR in two formats', () => {
    expect(CURRENCIES).toHaveLength(24);
    expect(new Set(CURRENCY_IDS).size).toBe(24);
    expect(CURRENCIES.filter((c) => c.code === 'EUR').map((c) => c.id)).toEqual(['EUR', 'EUR_DOT']);
    const codes = new Set(CURRENCIES.map((c) => c.code));
    for (const code of ['USD', 'EUR', 'GBP', 'AUD', 'PLN', 'MXN', 'CLP', 'SAR', 'JPY', 'INR', 'TWD', 'EGP', 'KRW', 'HKD', 'BRL', 'MYR', 'IDR', 'CAD', 'ZAR', 'NZD', 'RON', 'SEK', 'SGD']) {
      expect(codes, code).toContain(code);
    }
  });

  it('finds by id', () => {
    expect(findCurrency('JPY')?.decimals).toBe(0);
    expect(findCurrency('nope')).toBeUndefined();
  });
});

describe('formatMoney (integer minor units)', () => {
  it.each([
    [123456, 'USD', '$1,234.56'],
    [5, 'USD', '$0.05'],
    [0, 'USD', '$0.00'],
    [123456789, 'USD', '$1,234,567.89'],
    [123456, 'EUR', '1.234,56 €'],
    [123456, 'EUR_DOT', '€1,234.56'],
    [1234567, 'JPY', '¥1,234,567'],
    [0, 'JPY', '¥0'],
    [-123456, 'USD', '-$1,234.56'],
    [-1500, 'JPY', '-¥1,500'],
    [-5, 'EUR', '-0,05 €'],
    [123456, 'PLN', '1 234,56 zł'],
    [100000, 'CLP', 'CLP$100.000'],
  ])('%i %s -> %s', (minor, id, out) => expect(formatMoney(minor, id)).toBe(out));

  it('falls back to USD for an unknown id', () => expect(formatMoney(100, 'XXX')).toBe('$1.00'));
});
