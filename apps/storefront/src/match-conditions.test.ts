import { popupConditionsSchema, popupContentSchema, type PopupConditionsInput, type StorefrontPopup } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { allowedByFrequency, eligiblePopups, matchesAudience, matchesPages, type VisitorFacts, withinSchedule } from './match-conditions.ts';

const DAY = 86_400_000;
const texts = { title: 'T', button: 'B', consent: 'C', success_title: 'S' };
const popup = (id: string, kind: 'main' | 'custom', updated_at: string, conditions: PopupConditionsInput = {}): StorefrontPopup => ({
  id, kind, updated_at, has_coupon: false,
  content: popupContentSchema.parse({ texts: { 'zh-CN': texts, 'en-US': texts } }),
  conditions: popupConditionsSchema.parse(conditions),
});
const visitor = (over: Partial<VisitorFacts> = {}, server: Partial<VisitorFacts['server']> = {}): VisitorFacts => ({
  isNew: true, signedUp: false, ...over, server: { subscriber: false, customer: false, days_since_order: null, ...server },
});
const pages = (mode: 'all' | 'include' | 'exclude', rules: [string, string][]) =>
  popupConditionsSchema.parse({ pages: { mode, rules: rules.map(([match, value]) => ({ name: 'p', match, value })) } }).pages;

describe('pages', () => {
  it('matches contains, equals and starts_with on path and query, case-insensitively', () => {
    expect(matchesPages(pages('all', []), '/anything')).toBe(true);
    expect(matchesPages(pages('include', [['contains', 'sale']]), '/collections/Sale-2026')).toBe(true);
    expect(matchesPages(pages('include', [['equals', '/cart']]), '/cart/')).toBe(true);
    expect(matchesPages(pages('include', [['equals', '/cart']]), '/cart?x=1')).toBe(false);
    expect(matchesPages(pages('include', [['starts_with', '/products/']]), '/products/tea')).toBe(true);
    expect(matchesPages(pages('include', [['starts_with', '/products/']]), '/blog/products/')).toBe(false);
    expect(matchesPages(pages('include', [['contains', 'ref=mail']]), '/?ref=mail')).toBe(true);
    // A rule written as a full URL compares its path.
    expect(matchesPages(pages('include', [['equals', 'https://shop.example.com/about']]), '/about')).toBe(true);
    expect(matchesPages(pages('include', []), '/')).toBe(false);
  });

  it('exclude shows everywhere but the listed pages', () => {
    const p = pages('exclude', [['starts_with', '/checkout'], ['contains', 'account']]);
    expect(matchesPages(p, '/')).toBe(true);
    expect(matchesPages(p, '/checkout/step-1')).toBe(false);
    expect(matchesPages(p, '/my-account')).toBe(false);
  });
});

describe('audience', () => {
  const audience = (a: PopupConditionsInput['audience']) => popupConditionsSchema.parse({ audience: a }).audience;
  it('tells new from returning visitors', () => {
    expect(matchesAudience(audience({ visitors: 'new', subscribers: 'all' }), visitor())).toBe(true);
    expect(matchesAudience(audience({ visitors: 'new', subscribers: 'all' }), visitor({ isNew: false }))).toBe(false);
    expect(matchesAudience(audience({ visitors: 'returning', subscribers: 'all' }), visitor({ isNew: false }))).toBe(true);
  });
  it('knows subscribers from the server or from a sign-up in this browser', () => {
    const non = audience({ subscribers: 'non_subscribers' });
    expect(matchesAudience(non, visitor())).toBe(true);
    expect(matchesAudience(non, visitor({}, { subscriber: true }))).toBe(false);
    expect(matchesAudience(non, visitor({ signedUp: true }))).toBe(false);
    expect(matchesAudience(audience({ subscribers: 'subscribers' }), visitor({}, { subscriber: true }))).toBe(true);
  });
  it('picks customers by days since their last order', () => {
    const lapsed = audience({ subscribers: 'all', customers: 'customers', days_since_order: 30 });
    expect(matchesAudience(lapsed, visitor({}, { customer: true, days_since_order: 45 }))).toBe(true);
    expect(matchesAudience(lapsed, visitor({}, { customer: true, days_since_order: 5 }))).toBe(false);
    expect(matchesAudience(lapsed, visitor())).toBe(false);
    expect(matchesAudience(audience({ subscribers: 'all', customers: 'non_customers' }), visitor({}, { customer: true }))).toBe(false);
  });
});

describe('frequency and schedule', () => {
  it('allows `times` showings per period', () => {
    const now = 100 * DAY;
    expect(allowedByFrequency({ times: 2, period_days: 7 }, [now - DAY], now)).toBe(true);
    expect(allowedByFrequency({ times: 2, period_days: 7 }, [now - DAY, now - 2 * DAY], now)).toBe(false);
    expect(allowedByFrequency({ times: 2, period_days: 7 }, [now - 8 * DAY, now - 2 * DAY], now)).toBe(true);
    expect(allowedByFrequency({ times: 1, period_days: 1 }, [], now)).toBe(true);
  });
  it('shows only between start and end', () => {
    const s = { start_at: '2026-01-01T00:00:00Z', end_at: '2026-02-01T00:00:00Z' };
    expect(withinSchedule(s, Date.parse('2025-12-31T23:59:59Z'))).toBe(false);
    expect(withinSchedule(s, Date.parse('2026-01-15T00:00:00Z'))).toBe(true);
    expect(withinSchedule(s, Date.parse('2026-02-01T00:00:00Z'))).toBe(false);
    expect(withinSchedule({ start_at: null, end_at: null }, 0)).toBe(true);
  });
});

describe('eligiblePopups', () => {
  const page = { path: '/', now: Date.parse('2026-06-01T00:00:00Z') };
  it('orders the main pop-up first, then the most recently updated', () => {
    const list = [
      popup('old', 'custom', '2026-01-01T00:00:00Z'),
      popup('main', 'main', '2025-01-01T00:00:00Z'),
      popup('new', 'custom', '2026-05-01T00:00:00Z'),
    ];
    expect(eligiblePopups(list, page, visitor(), {}).map((p) => p.id)).toEqual(['main', 'new', 'old']);
  });
  it('drops pop-ups after a sign-up when they say so, and by frequency', () => {
    const list = [popup('a', 'main', '2026-01-01T00:00:00Z'), popup('b', 'custom', '2026-01-01T00:00:00Z', { stop_after_sign_up: false, audience: { subscribers: 'all' } })];
    expect(eligiblePopups(list, page, visitor({ signedUp: true }), {}).map((p) => p.id)).toEqual(['b']);
    expect(eligiblePopups(list, page, visitor(), { a: [page.now - 1000] }).map((p) => p.id)).toEqual(['b']);
  });
});
