/**
 * bench/sync.ts's fake Shopify, in a process of its own: building a bulk file of 500,000 orders
 * is seconds of CPU at a time, which in the server's process would hold its event loop and be
 * counted as the admin's latency, where Shopify builds its files on its own machines. Started
 * with `fork`; sends `{ url, shop, token }` once seeded, and on 'close' the bulk operations'
 * start and end before it exits.
 */
import { startFakeShopify } from '../apps/server/src/test/fake-shopify/start-fake-shopify.ts';

const [customers, orders, products, start, spanDays] = process.argv.slice(2).map(Number);
const fake = await startFakeShopify({ bulkBatchSize: 1000 });
fake.seed({ customers: customers!, orders: orders!, products: products!, start: start!, spanDays: spanDays! });
process.send!({ url: fake.url, shop: fake.shop, token: fake.createAccessToken() });
process.on('message', (m) => {
  if (m !== 'close') return;
  const operations = fake.bulk.operations.map((o) => ({ createdAt: o.createdAt, completedAt: o.completedAt }));
  process.send!({ operations }, () => void fake.close().then(() => process.exit(0)));
});
