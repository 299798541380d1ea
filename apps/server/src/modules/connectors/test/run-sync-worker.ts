import { buildApp } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { routeShopifyToFake } from '../../../test/fake-shopify/start-fake-shopify.ts';
import { firstSyncJob } from '../sync-job.ts';

/**
 * A worker process running only the platform first sync, for the crash test: started on the
 * test's database with the test's fake Shopify (FAKE_SHOPIFY_URL, FAKE_SHOPIFY_SHOP) and killed
 * with SIGKILL. A short lease lets the next worker take over within seconds.
 */
routeShopifyToFake({ url: process.env.FAKE_SHOPIFY_URL ?? '', shop: process.env.FAKE_SHOPIFY_SHOP ?? '' });
const since = new Date(Number(process.env.SYNC_ORDERS_SINCE));
const { app, deps } = await buildApp(loadConfig());
await firstSyncJob({ leaseMs: 2000, pollMs: 50, loopMs: 300, ordersSince: () => since }).start(deps, app.log);
