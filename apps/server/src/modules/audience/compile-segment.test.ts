import type { SegmentCondition } from '@storecast/contract';
import { events, orderItems, orders, shopScope, subscribers, subscriberTags, tags } from '@storecast/db';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { activityLevelSql } from './activity-level.ts';
import { compileSegment } from './compile-segment.ts';

/**
 * Every operator of the segment engine against real rows. Each subscriber is named for what
 * makes it special, and each case lists exactly which names it must match.
 */
let t: TestApp;
let shopId: string;
let otherShopId: string;
const ids = new Map<string, number>();
let vipTag = 0;
const day = 86_400_000;
const ago = (d: number) => new Date(Date.now() - d * day);

beforeAll(async () => {
  t = await startTestApp();
  shopId = (await signUp(t)).shopId;
  otherShopId = (await signUp(t)).shopId;
  const db = t.deps.dbh.db;
  const rows: Record<string, Partial<typeof subscribers.$inferInsert>> = {
    // engaged 5 days ago and bought 10 days ago: S
    star: { email: 'star@example.com', firstName: 'Stella', attributes: { plan: 'gold', age: 41 }, lastOpenAt: ago(5), lastOrderAt: ago(10), orderCount: 3, totalSpent: 30000, subscribedAt: ago(400) },
    // only bought 60 days ago: A
    buyer: { email: 'buyer@example.com', phone: '+8613800138000', attributes: { plan: 'silver', age: '29' }, lastOrderAt: ago(60), orderCount: 1, totalSpent: 5000, subscribedAt: ago(100), source: 'import' },
    // clicked 100 days ago: B
    clicker: { email: 'clicker@example.com', lastName: 'Click_er', attributes: { age: 'n/a' }, lastClickAt: ago(100), subscribedAt: ago(3), status: 'unsubscribed' },
    // nothing: C
    sleeper: { email: 'sleeper@test.org', subscribedAt: ago(1) },
    // phone only: C
    phoneonly: { email: null, phone: '+15550001111', subscribedAt: ago(2), attributes: { plan: 'gold%' } },
  };
  for (const [name, r] of Object.entries(rows)) {
    const [row] = await db.insert(subscribers).values({ source: 'manual', ...r, shopId } as typeof subscribers.$inferInsert).returning({ id: subscribers.id });
    ids.set(name, row!.id);
  }
  // Another store's subscriber that would match almost everything: must never be counted.
  await db.insert(subscribers).values({ shopId: otherShopId, source: 'manual', email: 'star@example.com', attributes: { plan: 'gold' }, lastOpenAt: ago(1), lastOrderAt: ago(1) });
  const [tag] = await db.insert(tags).values({ shopId, name: 'VIP' }).returning({ id: tags.id });
  vipTag = tag!.id;
  await db.insert(subscriberTags).values([{ shopId, subscriberId: ids.get('star')!, tagId: vipTag }, { shopId, subscriberId: ids.get('buyer')!, tagId: vipTag }]);
  await db.insert(events).values([
    { shopId, subscriberId: ids.get('star')!, type: 'opened', occurredAt: ago(5) },
    { shopId, subscriberId: ids.get('clicker')!, type: 'clicked', occurredAt: ago(100) },
    { shopId, subscriberId: ids.get('buyer')!, type: 'viewed_product', occurredAt: ago(2), subject: 'tea-1' },
    { shopId, subscriberId: ids.get('sleeper')!, type: 'viewed_product', occurredAt: ago(2), subject: 'mug-9' },
  ]);
  const [o] = await db.insert(orders).values({ shopId, externalId: 'o1', subscriberId: ids.get('star')!, currency: 'USD', total: 1000, placedAt: ago(10) }).returning({ id: orders.id });
  await db.insert(orderItems).values({ shopId, orderId: o!.id, productId: 'tea-1', quantity: 1, price: 1000 });
});
afterAll(() => t.close());

async function match(conditions: SegmentCondition[], m: 'all' | 'any' = 'all'): Promise<string[]> {
  const rows = await t.deps.dbh.db.select({ id: subscribers.id }).from(subscribers).where(compileSegment(shopScope(shopId), { match: m, conditions }));
  const byId = new Map([...ids].map(([k, v]) => [v, k]));
  return rows.map((r) => byId.get(r.id)!).sort();
}

const cases: [string, SegmentCondition[], string[], ('all' | 'any')?][] = [
  ['email eq (case-insensitive)', [{ field: 'email', op: 'eq', value: 'STAR@example.com' }], ['star']],
  ['email neq includes empty', [{ field: 'email', op: 'neq', value: 'star@example.com' }], ['buyer', 'clicker', 'phoneonly', 'sleeper']],
  ['email contains', [{ field: 'email', op: 'contains', value: 'example' }], ['buyer', 'clicker', 'star']],
  ['email not_contains', [{ field: 'email', op: 'not_contains', value: 'example' }], ['phoneonly', 'sleeper']],
  ['phone is_set', [{ field: 'phone', op: 'is_set' }], ['buyer', 'phoneonly']],
  ['phone is_not_set', [{ field: 'phone', op: 'is_not_set' }], ['clicker', 'sleeper', 'star']],
  ['first_name eq', [{ field: 'first_name', op: 'eq', value: 'stella' }], ['star']],
  ['last_name contains an underscore literally', [{ field: 'last_name', op: 'contains', value: 'k_e' }], ['clicker']],
  ['source eq', [{ field: 'source', op: 'eq', value: 'import' }], ['buyer']],
  ['status in', [{ field: 'status', op: 'in', value: ['unsubscribed'] }], ['clicker']],
  ['status not_in', [{ field: 'status', op: 'not_in', value: ['unsubscribed', 'error'] }], ['buyer', 'phoneonly', 'sleeper', 'star']],
  ['attribute eq text', [{ field: 'attribute', key: 'plan', op: 'eq', value: 'gold' }], ['star']],
  ['attribute eq number matches text "29"', [{ field: 'attribute', key: 'age', op: 'eq', value: 29 }], ['buyer']],
  ['attribute neq', [{ field: 'attribute', key: 'plan', op: 'neq', value: 'gold' }], ['buyer', 'clicker', 'phoneonly', 'sleeper']],
  ['attribute contains a literal %', [{ field: 'attribute', key: 'plan', op: 'contains', value: 'd%' }], ['phoneonly']],
  ['attribute gt skips non-numbers', [{ field: 'attribute', key: 'age', op: 'gt', value: 30 }], ['star']],
  ['attribute lt', [{ field: 'attribute', key: 'age', op: 'lt', value: 30 }], ['buyer']],
  ['attribute is_set', [{ field: 'attribute', key: 'age', op: 'is_set' }], ['buyer', 'clicker', 'star']],
  ['attribute is_not_set', [{ field: 'attribute', key: 'age', op: 'is_not_set' }], ['phoneonly', 'sleeper']],
  ['attribute key with a quote is a parameter', [{ field: 'attribute', key: "x' or '1'='1", op: 'is_set' }], []],
  ['activity S', [{ field: 'activity_level', op: 'in', value: ['S'] }], ['star']],
  ['activity S,A', [{ field: 'activity_level', op: 'in', value: ['S', 'A'] }], ['buyer', 'star']],
  ['activity A', [{ field: 'activity_level', op: 'in', value: ['A'] }], ['buyer']],
  ['activity B', [{ field: 'activity_level', op: 'in', value: ['B'] }], ['clicker']],
  ['activity S,A,B', [{ field: 'activity_level', op: 'in', value: ['B', 'A', 'S'] }], ['buyer', 'clicker', 'star']],
  ['activity C', [{ field: 'activity_level', op: 'in', value: ['C'] }], ['phoneonly', 'sleeper']],
  ['activity not_in S,C', [{ field: 'activity_level', op: 'not_in', value: ['S', 'C'] }], ['buyer', 'clicker']],
  ['order_count eq 0', [{ field: 'order_count', op: 'eq', value: 0 }], ['clicker', 'phoneonly', 'sleeper']],
  ['order_count gte 1', [{ field: 'order_count', op: 'gte', value: 1 }], ['buyer', 'star']],
  ['order_count gt 1', [{ field: 'order_count', op: 'gt', value: 1 }], ['star']],
  ['total_spent lt 10000', [{ field: 'total_spent', op: 'lt', value: 10000 }], ['buyer', 'clicker', 'phoneonly', 'sleeper']],
  ['total_spent lte 5000', [{ field: 'total_spent', op: 'lte', value: 5000 }], ['buyer', 'clicker', 'phoneonly', 'sleeper']],
  ['last_order_at within 30', [{ field: 'last_order_at', op: 'within_days', value: 30 }], ['star']],
  ['last_order_at before 30', [{ field: 'last_order_at', op: 'before_days', value: 30 }], ['buyer']],
  ['subscribed_at within 7', [{ field: 'subscribed_at', op: 'within_days', value: 7 }], ['clicker', 'phoneonly', 'sleeper']],
  ['subscribed_at before 200', [{ field: 'subscribed_at', op: 'before_days', value: 200 }], ['star']],
  ['tag has', [{ field: 'tag', op: 'has', value: 0 }], ['buyer', 'star']],
  ['tag not_has', [{ field: 'tag', op: 'not_has', value: 0 }], ['clicker', 'phoneonly', 'sleeper']],
  ['opened in 7 days', [{ field: 'behavior', event: 'opened', op: 'did', days: 7 }], ['star']],
  ['opened in 3 days', [{ field: 'behavior', event: 'opened', op: 'did', days: 3 }], []],
  ['did not open in 7 days', [{ field: 'behavior', event: 'opened', op: 'did_not', days: 7 }], ['buyer', 'clicker', 'phoneonly', 'sleeper']],
  ['clicked in 120 days', [{ field: 'behavior', event: 'clicked', op: 'did', days: 120 }], ['clicker']],
  ['viewed a product', [{ field: 'behavior', event: 'viewed_product', op: 'did', days: 7 }], ['buyer', 'sleeper']],
  ['viewed one product', [{ field: 'behavior', event: 'viewed_product', op: 'did', days: 7, subject: 'tea-1' }], ['buyer']],
  ['purchased in 30 days', [{ field: 'behavior', event: 'purchased', op: 'did', days: 30 }], ['star']],
  ['did not purchase in 30 days', [{ field: 'behavior', event: 'purchased', op: 'did_not', days: 30 }], ['buyer', 'clicker', 'phoneonly', 'sleeper']],
  ['purchased one product', [{ field: 'behavior', event: 'purchased', op: 'did', days: 30, subject: 'tea-1' }], ['star']],
  ['purchased another product', [{ field: 'behavior', event: 'purchased', op: 'did', days: 30, subject: 'mug-9' }], []],
  ['all joins with AND', [{ field: 'tag', op: 'has', value: 0 }, { field: 'activity_level', op: 'in', value: ['A'] }], ['buyer']],
  ['any joins with OR', [{ field: 'activity_level', op: 'in', value: ['B'] }, { field: 'phone', op: 'eq', value: '+15550001111' }], ['clicker', 'phoneonly'], 'any'],
];

describe('segment engine', () => {
  it.each(cases)('%s', async (_name, conditions, expected, m) => {
    const withTag = conditions.map((c) => (c.field === 'tag' ? { ...c, value: vipTag } : c)) as SegmentCondition[];
    expect(await match(withTag, m)).toEqual(expected);
  });

  it('activity level column agrees with the level predicates', async () => {
    const rows = await t.deps.dbh.db.select({ id: subscribers.id, level: activityLevelSql() }).from(subscribers);
    const byName = Object.fromEntries(rows.filter((r) => [...ids.values()].includes(r.id)).map((r) => [[...ids].find(([, v]) => v === r.id)![0], r.level]));
    expect(byName).toEqual({ star: 'S', buyer: 'A', clicker: 'B', sleeper: 'C', phoneonly: 'C' });
  });

  it('never counts another store\'s rows', async () => {
    const [row] = await t.deps.dbh.db.select({ n: count() }).from(subscribers)
      .where(compileSegment(shopScope(shopId), { match: 'all', conditions: [{ field: 'email', op: 'eq', value: 'star@example.com' }] }));
    expect(row!.n).toBe(1);
  });

});
