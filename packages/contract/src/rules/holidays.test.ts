import { describe, expect, it } from 'vitest';
import { holidaysOf, marketOf } from './holidays.ts';

const on = (market: Parameters<typeof holidaysOf>[0], month: string) =>
  Object.fromEntries(holidaysOf(market, month).map((h) => [h.id, h.date]));

describe('holidays of a market', () => {
  it('computes the US retail days from Thanksgiving, even across the month end', () => {
    expect(on('US', '2025-11')).toMatchObject({ thanksgiving: '2025-11-27', 'black-friday': '2025-11-28' });
    expect(on('US', '2025-12')).toMatchObject({ 'cyber-monday': '2025-12-01', christmas: '2025-12-25' });
    expect(on('US', '2026-11')).toMatchObject({ thanksgiving: '2026-11-26', 'black-friday': '2026-11-27', 'cyber-monday': '2026-11-30' });
  });

  it('computes weekday rules and Easter', () => {
    expect(on('US', '2025-05')).toMatchObject({ 'mothers-day': '2025-05-11', 'memorial-day': '2025-05-26' });
    expect(on('US', '2026-04')).toMatchObject({ easter: '2026-04-05' });
    expect(on('GB', '2026-03')).toMatchObject({ 'mothering-sunday': '2026-03-15' });
    expect(on('GB', '2027-03')).toMatchObject({ easter: '2027-03-28', 'good-friday': '2027-03-26' });
    expect(on('JP', '2026-01')).toMatchObject({ 'coming-of-age-day': '2026-01-12' });
  });

  it('takes the lunar festivals from the table and leaves them out past it', () => {
    expect(on('CN', '2026-02')).toMatchObject({ 'spring-festival': '2026-02-17' });
    expect(on('CN', '2028-10')).toMatchObject({ 'mid-autumn': '2028-10-03', 'national-day': '2028-10-01' });
    expect(on('CN', '2030-02')['spring-festival']).toBeUndefined();
  });

  it('names each holiday in both languages, by date', () => {
    const nov = holidaysOf('CN', '2026-11');
    expect(nov.map((h) => h.date)).toEqual([...nov.map((h) => h.date)].sort());
    expect(nov.find((h) => h.id === 'singles-day')?.names).toEqual({ 'zh-CN': '双十一', 'en-US': "Singles' Day" });
  });

  it('picks the market from the currency, then the time zone', () => {
    expect(marketOf('CNY', 'UTC')).toBe('CN');
    expect(marketOf('USD', 'Asia/Shanghai')).toBe('US');
    expect(marketOf('EUR', 'Europe/Berlin')).toBe('EU');
    expect(marketOf('GBP', 'UTC')).toBe('GB');
    expect(marketOf('AUD', 'Asia/Tokyo')).toBe('JP');
    expect(marketOf('SEK', 'Europe/Stockholm')).toBe('EU');
    expect(marketOf('CAD', 'America/Toronto')).toBe('US');
  });
});
