/**
 * bench/sync.ts's fake Shopify, in a process of its own. Before it reports ready it builds the
 * result files of the sync's three bulk queries (for the `ordersSince` it is given), as Shopify
 * builds them on its own machines: the sync then runs the real protocol (bulkOperationRunQuery,
 * polling `node`, downloading the JSONL) but waits for no build on the two cores it shares.
 * Started with `fork`; sends `{ url, shop, token, buildSeconds }` once seeded and built, and on
 * 'close' the bulk operations' start and end before it exits.
 */
import { PLATFORM_SYNC_STAGES } from '@storecast/contract';
import { shopifyBulkQuery } from '../apps/server/src/modules/connectors/map-shopify-bulk.ts';
import { startFakeShopify } from '../apps/server/src/test/fake-shopify/start-fake-shopify.ts';

const [customers, orders, products, start, spanDays, ordersSince] = process.argv.slice(2).map(Number);
const fake = await startFakeShopify({ bulkBatchSize: 1000 });
fake.seed({ customers: customers!, orders: orders!, products: products!, start: start!, spanDays: spanDays! });
const t0 = performance.now();
for (const stage of PLATFORM_SYNC_STAGES) await fake.bulk.prebuild(shopifyBulkQuery(stage, new Date(ordersSince!)));
const buildSeconds = (performance.now() - t0) / 1000;
process.send!({ url: fake.url, shop: fake.shop, token: fake.createAccessToken(), buildSeconds });
process.on('message', (m) => {
  if (m !== 'close') return;
  const operations = fake.bulk.operations.map((o) => ({ createdAt: o.createdAt, completedAt: o.completedAt }));
  process.send!({ operations }, () => void fake.close().then(() => process.exit(0)));
});
