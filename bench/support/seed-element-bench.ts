import type pg from 'pg';

/**
 * The Element Send benchmark's data set, loaded with set-based SQL into a database whose
 * migrations have run: one store with SUBSCRIBERS subscribers (1 in 20 unsubscribed), PRODUCTS
 * products in COLLECTIONS collections (`collection = c<id mod COLLECTIONS>`, so a popular
 * product's siblings are spread over the ranking), EVENTS viewed_product / added_to_cart events
 * (4 to 1) over the last 180 days and ORDERS paid orders of one or two items over the last year.
 * Products are picked with a power-law skew (`floor(N * random()^2.5)`), so product p0 has about
 * 1% of all events and most products a handful: a popular product is the expensive case.
 * Secondary indexes are dropped for the load and rebuilt from their own definitions afterwards.
 */
export interface ElementBenchSize { subscribers: number; events: number; products: number; collections: number; orders: number }

const SKEW = 2.5;

export async function seedElementBench(c: pg.Client, shopId: string, n: ElementBenchSize, log: (s: string) => void) {
  const t0 = performance.now();
  const secs = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  await c.query(`set maintenance_work_mem = '512MB'`);
  const { rows: idx } = await c.query<{ indexname: string; indexdef: string }>(
    `select indexname, indexdef from pg_indexes
     where tablename in ('subscribers', 'events', 'orders', 'order_items', 'products') and indexname not like '%_pkey'`,
  );
  for (const i of idx) await c.query(`drop index ${i.indexname}`);
  // Foreign-key triggers off for the load: the generated ids are valid by construction.
  await c.query(`set session_replication_role = replica`);
  await c.query(`select setseed(0.17)`);
  await c.query(`
    insert into subscribers (shop_id, email, first_name, last_name, source, status, subscribed_at)
    select $1::uuid, 'shopper' || g || '@example.com', 'First' || g, 'Last' || g, 'import',
      case when g % 20 = 0 then 'unsubscribed' else 'subscribed' end, now() - (g % 700) * interval '1 day'
    from generate_series(1, $2::int) g`, [shopId, n.subscribers]);
  log(`subscribers: ${n.subscribers} (${secs()})`);
  await c.query(`
    insert into products (shop_id, external_id, handle, title, url, price, currency, collection, status)
    select $1::uuid, 'p' || g, 'product-' || g, 'Product ' || g, 'https://bench.example.com/products/product-' || g,
      1000 + (g % 50) * 100, 'USD', 'c' || (g % $3::int), 'active'
    from generate_series(0, $2::int - 1) g`, [shopId, n.products, n.collections]);
  log(`products: ${n.products} in ${n.collections} collections (${secs()})`);
  const { rows } = await c.query<{ lo: string; hi: string }>(`select min(id) lo, max(id) hi from subscribers where shop_id = $1`, [shopId]);
  const lo = Number(rows[0]!.lo);
  const span = Number(rows[0]!.hi) - lo + 1;
  // In chunks of a million so one statement never holds everything in memory.
  for (let done = 0; done < n.events; done += 1_000_000) {
    await c.query(`
      insert into events (shop_id, subscriber_id, type, occurred_at, subject)
      select $1::uuid, $2::bigint + floor(random() * $3::int)::bigint,
        case when random() < 0.8 then 'viewed_product' else 'added_to_cart' end,
        now() - random() * interval '180 days', 'p' || floor($5::int * power(random(), ${SKEW}))::int
      from generate_series(1, $4::int) g`,
    [shopId, lo, span, Math.min(1_000_000, n.events - done), n.products]);
    log(`events: ${Math.min(n.events, done + 1_000_000)} (${secs()})`);
  }
  await c.query(`
    insert into orders (shop_id, external_id, subscriber_id, currency, total, status, placed_at)
    select $1::uuid, 'o' || g, $2::bigint + floor(random() * $3::int)::bigint, 'USD', 2500, 'paid', now() - random() * interval '365 days'
    from generate_series(1, $4::int) g`, [shopId, lo, span, n.orders]);
  await c.query(`
    insert into order_items (shop_id, order_id, product_id, title, quantity, price)
    select o.shop_id, o.id, 'p' || floor($2::int * power(random(), ${SKEW}))::int, '', 1, 2500
    from orders o, generate_series(1, 2) k
    where o.shop_id = $1 and (k = 1 or o.id % 2 = 0)`, [shopId, n.products]);
  log(`orders: ${n.orders} with items (${secs()})`);
  await c.query(`set session_replication_role = origin`);
  for (const i of idx) await c.query(i.indexdef);
  log(`indexes rebuilt: ${idx.length} (${secs()})`);
  for (const t of ['subscribers', 'products', 'events', 'orders', 'order_items']) await c.query(`vacuum analyze ${t}`);
  log(`analyzed (${secs()})`);
}
