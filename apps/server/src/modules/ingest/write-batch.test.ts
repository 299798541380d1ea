import { DEFAULT_LOCALE } from '@storecast/contract';
import { shopScope } from '@storecast/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../test/start-test-app.ts';
import { DOC } from '../delivery/test/fixtures.ts';
import { seedFlow } from '../flows/test/seed-flow.ts';
import { ingestCustomers } from './ingest-customers.ts';
import { ingestOrders } from './ingest-orders.ts';
import { ingestProducts } from './ingest-products.ts';
import { ingestCustomersBatch } from './write-customers-batch.ts';
import { ingestOrdersBatch } from './write-orders-batch.ts';
import { ingestProductsBatch } from './write-products-batch.ts';

/**
 * The batch writers against the record-by-record writers: the same input into two stores, one
 * through each, ends in the same rows (customers, subscribers and their consent history,
 * welcome and post-purchase runs, orders with their line items and purchase summaries, products
 * and variants, the dashboard's marked days) and the same answers. Then platform times: an older
 * version of a stored record loses, with everything it would have changed.
 */
let t: TestApp;
let one = '';
let batch = '';
const email = { key: 'e1', type: 'email' as const, title: 'Hello', summary: '', content: DOC, coupon_id: null };
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

beforeAll(async () => {
  t = await startTestApp();
  one = (await signUp(t, { name: 'One By One Tea' })).shopId;
  batch = (await signUp(t, { name: 'Batch Tea' })).shopId;
  for (const shopId of [one, batch]) {
    await seedFlow(t.deps.dbh, shopId, 'welcome', { steps: [email] });
    await seedFlow(t.deps.dbh, shopId, 'post-purchase', { steps: [{ key: 'w1', type: 'wait', amount: 1, unit: 'days' }] });
    // Subscribers the store had before: one who left the list, one whose number was never asked.
    await t.deps.dbh.query(`insert into subscribers (shop_id, email, source, status) values ($1, 'left@example.com', 'popup', 'unsubscribed')`, [shopId]);
    await t.deps.dbh.query(`insert into subscribers (shop_id, email, phone, source) values ($1, 'texts@example.com', '+14155550106', 'popup')`, [shopId]);
  }
}, 60_000);
afterAll(async () => {
  await t?.close();
});

type Kind = 'customers' | 'orders' | 'products';
/** The same items through both writers; the answers must agree. */
async function both(kind: Kind, items: Record<string, unknown>[]) {
  const single = kind === 'customers' ? ingestCustomers : kind === 'orders' ? ingestOrders : ingestProducts;
  const many = kind === 'customers' ? ingestCustomersBatch : kind === 'orders' ? ingestOrdersBatch : ingestProductsBatch;
  const a = await single(t.deps.dbh.db, shopScope(one), { [kind]: items }, DEFAULT_LOCALE);
  const b = await many(t.deps.dbh.db, shopScope(batch), items.map((item) => ({ item })), DEFAULT_LOCALE);
  expect(b).toEqual(a);
  return b;
}

/** A store's rows without ids and write times, subscribers named by their e-mail or phone. */
async function rowsOf(shopId: string) {
  const q = async (text: string) => (await t.deps.dbh.query(text, [shopId])).rows;
  const who = `coalesce(s.email, s.phone)`;
  return {
    customers: await q(`select external_id, email, phone, first_name, last_name, attributes from customers where shop_id = $1 order by external_id`),
    subscribers: await q(`select email, phone, first_name, last_name, source, status, sms_status, attributes, customer_ref, order_count,
        total_spent::text, last_order_at, abs(extract(epoch from subscribed_at - created_at)) < 60 as subscribed_now, to_char(subscribed_at, 'YYYY-MM-DD') as subscribed_day,
        consent is not null as consent, sms_consent is not null as sms_consent, unsubscribed_at is not null as unsubscribed
      from subscribers s where shop_id = $1 order by ${who}`),
    consent: await q(`select ${who} as who, e.channel, e.kind, e.via from consent_events e join subscribers s on s.id = e.subscriber_id
      where e.shop_id = $1 order by 1, 2, 3, 4`),
    runs: await q(`select f.kind, ${who} as who, (select o.external_id from orders o where 'order:' || o.id = r.trigger_key) as by_order, r.status from flow_runs r
      join flows f on f.id = r.flow_id join subscribers s on s.id = r.subscriber_id where r.shop_id = $1 order by 1, 2`),
    orders: await q(`select o.external_id, o.customer_ref, ${who} as who, o.email, o.currency, o.total::text, o.status, o.placed_at, o.discount_codes,
        (select json_agg(json_build_array(i.product_id, i.title, i.quantity, i.price::text) order by i.id) from order_items i where i.order_id = o.id) as items
      from orders o left join subscribers s on s.id = o.subscriber_id where o.shop_id = $1 order by o.external_id`),
    products: await q(`select p.external_id, p.handle, p.title, p.url, p.images, p.price::text, p.compare_at_price::text, p.currency, p.collection,
        p.tags, p.stock, p.status, (select json_agg(json_build_array(v.external_id, v.title, v.sku, v.price::text, v.compare_at_price::text, v.stock)
          order by v.external_id) from product_variants v where v.product_id = p.id) as variants
      from products p where p.shop_id = $1 order by p.external_id`),
    days: await q(`select day::text from stats_dirty_days where shop_id = $1 order by day`),
  };
}

describe('the batch writers', () => {
  it('end in the same rows as the record-by-record writers', async () => {
    // Customers: a phone-only one, two sharing an e-mail, one sent twice, existing subscribers, a bad address.
    await both('customers', [
      { id: 'c1', email: 'Ada@Example.com', phone: '+14155550101', first_name: 'Ada', last_name: 'L', accepts_marketing: true, sms_consent: true,
        attributes: { vip: true }, created_at: ago(30) },
      { id: 'c2', email: 'bo@example.com', first_name: 'Bo', accepts_marketing: false },
      { id: 'c3', phone: '+14155550103', accepts_marketing: true, sms_consent: true },
      { id: 'c4', email: 'ada@example.com', first_name: 'Ada Two', accepts_marketing: true, attributes: { tier: 2 } },
      { id: 'c5', email: 'left@example.com', accepts_marketing: true },
      { id: 'c6', email: 'texts@example.com', phone: '+14155550106', accepts_marketing: true, sms_consent: true },
      { id: 'bad', email: 'not an address', accepts_marketing: true },
      { id: 'c1', email: 'ada@example.com', phone: '+14155550101', first_name: 'Ada', last_name: 'Lovelace', accepts_marketing: true, sms_consent: true },
    ]);
    // Consent changes: numbers withdrawn, Bo accepts now, an unchanged consent again.
    await both('customers', [
      { id: 'c3', phone: '+14155550103', accepts_marketing: true, sms_consent: false },
      { id: 'c1', email: 'ada@example.com', phone: '+14155550101', accepts_marketing: true, sms_consent: false },
      { id: 'c2', email: 'bo@example.com', accepts_marketing: true, created_at: ago(2) },
      { id: 'c6', email: 'texts@example.com', phone: '+14155550106', accepts_marketing: true, sms_consent: true },
    ]);

    const tea = { id: 'p1', handle: 'green', title: 'Green tea', url: 'https://shop.example.com/products/green', currency: 'usd', collection: 'Teas',
      variants: [{ id: 'v1', title: '500 g', price: 2400, compare_at_price: 3000, stock: 4 }, { id: 'v2', title: '100 g', price: 900, stock: 10 }, { id: 'v3', price: 1500 }] };
    await both('products', [
      tea,
      { id: 'p2', title: 'Pot', currency: 'USD', price: 5000, stock: 3 },
      { id: 'p3', title: 'Odd', currency: 'ZZZ', price: 100 },
      { id: 'p4', title: 'Nothing', currency: 'USD' },
      { ...tea, variants: [tea.variants[0], { ...tea.variants[1], price: 950 }] },
    ]);
    // Sent again: an unchanged product is not written, a changed one is.
    await both('products', [{ ...tea, variants: [tea.variants[0], { ...tea.variants[1], price: 950 }] }, { id: 'p2', title: 'Teapot', currency: 'USD', price: 5000 }]);

    const line = (product_id: string, price: number, quantity = 1) => ({ product_id, title: product_id, quantity, price });
    await both('orders', [
      { id: 'o1', customer_id: 'c1', currency: 'usd', total: 3300, placed_at: ago(3), items: [line('p1', 2400), line('p2', 900)] },
      { id: 'o2', email: 'bo@example.com', currency: 'USD', total: 1200, placed_at: ago(0.2), items: [line('p2', 1200)] },
      { id: 'o3', customer_id: 'c3', currency: 'USD', total: 900, placed_at: ago(0.1), items: [line('p1', 900)] },
      { id: 'o4', customer_id: 'c4', currency: 'USD', total: 0, status: 'refunded', placed_at: ago(20), items: [line('p1', 2400)] },
      { id: 'o5', customer_id: 'c2', currency: 'USD', total: 2000, placed_at: ago(40), discount_codes: ['WELCOME10'], items: [line('p2', 2000)] },
      { id: 'o6', email: 'nobody@example.com', currency: 'USD', total: 100, placed_at: ago(5) },
      { id: 'bad', email: 'not an address', currency: 'USD', total: 100, placed_at: ago(5) },
      // Two recent orders of one subscriber, the older sent first: post-purchase starts from the first sent.
      { id: 'o7', customer_id: 'c6', currency: 'USD', total: 700, placed_at: ago(0.5), items: [line('p2', 700)] },
      { id: 'o8', customer_id: 'c6', currency: 'USD', total: 800, placed_at: ago(0.1), items: [line('p2', 800)] },
      // o1 again, partly refunded: the later version is the one kept.
      { id: 'o1', customer_id: 'c1', currency: 'USD', total: 2400, placed_at: ago(3), items: [line('p1', 2400)] },
    ]);
    await both('orders', [
      { id: 'o5', customer_id: 'c2', currency: 'USD', total: 1500, placed_at: ago(40), items: [line('p2', 1500)] },
      { id: 'o3', customer_id: 'c3', currency: 'USD', total: 0, status: 'refunded', placed_at: ago(0.1), items: [line('p1', 900)] },
    ]);

    const a = await rowsOf(one);
    const b = await rowsOf(batch);
    expect(b).toEqual(a);
    // What the comparison rests on: the cases above did happen.
    expect(a.subscribers.map((s) => [s.email ?? s.phone, s.customer_ref, s.status, s.sms_status])).toEqual([
      ['+14155550103', 'c3', 'subscribed', 'unsubscribed'],
      ['ada@example.com', 'c1', 'subscribed', 'unsubscribed'],
      ['bo@example.com', 'c2', 'subscribed', null],
      ['left@example.com', 'c5', 'unsubscribed', null],
      ['texts@example.com', 'c6', 'subscribed', 'subscribed'],
    ]);
    expect(a.orders.find((o) => o.external_id === 'o1')).toMatchObject({ who: 'ada@example.com', total: '2400', items: [['p1', 'p1', 1, '2400']] });
    expect(a.orders.find((o) => o.external_id === 'o5')).toMatchObject({ who: 'bo@example.com', discount_codes: ['WELCOME10'], total: '1500' });
    expect(a.subscribers.find((s) => s.email === 'bo@example.com')).toMatchObject({ order_count: 2, total_spent: '2700' });
    expect(a.products.find((p) => p.external_id === 'p1')?.variants).toHaveLength(2);
    expect(a.runs.filter((r) => r.kind === 'post-purchase').map((r) => [r.who, r.by_order])).toEqual([
      ['+14155550103', 'o3'], ['bo@example.com', 'o2'], ['texts@example.com', 'o7'],
    ]);
    expect(a.consent.length).toBeGreaterThan(2);
  }, 60_000);

  it('leave a record the platform changed later as it is, and keep the platform time of what they write', async () => {
    const scope = shopScope(batch);
    const write = (kind: Kind, item: Record<string, unknown>, at: string) => {
      const many = kind === 'customers' ? ingestCustomersBatch : kind === 'orders' ? ingestOrdersBatch : ingestProductsBatch;
      return many(t.deps.dbh.db, scope, [{ item, platformUpdatedAt: at }], DEFAULT_LOCALE);
    };
    const newer = '2026-01-02T00:00:00.000Z';
    const older = '2026-01-01T00:00:00.000Z';
    await write('customers', { id: 't1', email: 'time@example.com', phone: '+14155550109', first_name: 'New', accepts_marketing: true, sms_consent: true }, newer);
    await write('orders', { id: 't-o', customer_id: 't1', currency: 'USD', total: 500, placed_at: ago(2), items: [{ product_id: 'p1', quantity: 1, price: 500 }] }, newer);
    await write('products', { id: 't-p', title: 'New', currency: 'USD', variants: [{ id: 'tv', price: 700 }] }, newer);
    const before = await rowsOf(batch);

    // The sync's snapshot, older than what is stored: nothing changes, not the subscriber either.
    expect(await write('customers', { id: 't1', email: 'time@example.com', phone: '+14155550109', first_name: 'Old', accepts_marketing: true, sms_consent: false }, older))
      .toMatchObject({ created: 0, updated: 0 });
    expect(await write('orders', { id: 't-o', customer_id: 't1', currency: 'USD', total: 100, status: 'refunded', placed_at: ago(2) }, older)).toMatchObject({ created: 0, updated: 0 });
    expect(await write('products', { id: 't-p', title: 'Old', currency: 'USD', variants: [{ id: 'tv2', price: 100 }] }, older)).toMatchObject({ created: 0, updated: 0 });
    expect(await rowsOf(batch)).toEqual(before);

    // The same time again is written (a webhook and the sync saw the same version).
    await write('products', { id: 't-p', title: 'Same time', currency: 'USD', variants: [{ id: 'tv', price: 700 }] }, newer);
    const { rows } = await t.deps.dbh.query<{ kind: string; at: Date; title: string | null }>(`
      select 'customer' as kind, platform_updated_at as at, first_name as title from customers where shop_id = $1 and external_id = 't1'
      union all select 'order', platform_updated_at, status from orders where shop_id = $1 and external_id = 't-o'
      union all select 'product', platform_updated_at, title from products where shop_id = $1 and external_id = 't-p' order by 1`, [batch]);
    expect(rows).toEqual([
      { kind: 'customer', at: new Date(newer), title: 'New' },
      { kind: 'order', at: new Date(newer), title: 'paid' },
      { kind: 'product', at: new Date(newer), title: 'Same time' },
    ]);
  });
});
