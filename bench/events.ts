/**
 * Shopper events through the storefront script's public endpoint into PostgreSQL. Creates a
 * scratch database on the server of `DATABASE_URL` (default postgres://postgres@127.0.0.1:5432/postgres,
 * dropped afterwards), starts the API in this process on a loopback port, makes a store with a
 * pop-up, and fires `POST /api/public/storefront/events` from 200 concurrent clients for ~10 s,
 * as the script sends them: text/plain JSON from the store's origin, batches of 10 events of one
 * visitor (a new visitor id per request), one batch in five with a pop-up view.
 *
 * The last line is the figure:
 *   storefront-events: N events/s, p99 X ms, E errors (target >= 5000 events/s, 0 errors)
 *
 *   npm run bench:events
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=50 BENCH_BATCH=20 npm run bench:events
 * The storefront's rate limits (STOREFRONT_RATE_LIMIT_IP, STOREFRONT_RATE_LIMIT_STORE, per
 * minute) are raised here unless set: every client of the benchmark is one address and one store.
 */
import { events, popupDailyStats } from '@storecast/db';
import { count, eq } from 'drizzle-orm';
import { cannon, withStorefrontBench } from './support/open-storefront-bench.ts';
import { BENCH_ORIGIN, seedPopupShop } from './support/seed-popup-shop.ts';

const TARGET_EVENTS_S = 5000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const BATCH = Number(process.env.BENCH_BATCH ?? 10);

await withStorefrontBench('events', async ({ dbh, baseUrl }) => {
  const origin = BENCH_ORIGIN;
  const { key, popupId } = await seedPopupShop(dbh);

  const now = Date.now();
  const kinds = ['viewed_page', 'viewed_page', 'viewed_page', 'viewed_product', 'viewed_page', 'added_to_cart', 'viewed_page', 'viewed_product', 'started_checkout', 'viewed_page'];
  const batch = (withView: boolean) => Array.from({ length: BATCH }, (_, i) => (withView && i === BATCH - 1
    ? { type: 'popup_viewed', at: now, url: `${origin}/`, subject: popupId }
    : { type: kinds[i % kinds.length], at: now - (BATCH - i) * 1000, url: `${origin}/products/${i}`, subject: `p${i}`, properties: { title: `Product ${i}` } }));
  // `[<id>]` becomes a fresh id per request: every request is another visitor.
  const body = (withView: boolean) => JSON.stringify({ key, visitor_id: 'bench-[<id>]', events: batch(withView) });
  const request = (withView: boolean) => ({ method: 'POST', body: body(withView) });
  const target = {
    url: `${baseUrl}/api/public/storefront/events`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin },
    idReplacement: true,
    requests: [request(false), request(false), request(false), request(false), request(true)],
    connections: CONNECTIONS,
    workers: 1,
  };
  // Warm-up: JIT and query plans.
  await cannon({ ...target, duration: 2 });
  const [before] = await dbh.db.select({ n: count() }).from(events);
  const r = await cannon({ ...target, duration: DURATION_S });
  const [after] = await dbh.db.select({ n: count() }).from(events);
  const [views] = await dbh.db.select({ views: popupDailyStats.views }).from(popupDailyStats).where(eq(popupDailyStats.popupId, popupId));
  const stored = Number(after!.n) - Number(before!.n);
  const errors = r.non2xx + r.errors + r.timeouts;
  // Accepted events over the measured run; the table is counted too, as a check that they landed.
  const eventsPerS = Math.round((r['2xx'] * BATCH) / r.duration);
  if (stored < r['2xx'] * BATCH) throw new Error(`${r['2xx'] * BATCH} events accepted but ${stored} stored`);
  console.log(`${r.requests.total} requests (${r['2xx']} 2xx), ${stored} events stored in ${r.duration.toFixed(1)} s, ${CONNECTIONS} connections, batches of ${BATCH}, mean ${r.latency.average} ms, pop-up views counted ${views?.views ?? 0}`);
  console.log(`storefront-events: ${eventsPerS} events/s, p99 ${r.latency.p99} ms, ${errors} errors (target >= ${TARGET_EVENTS_S} events/s, 0 errors)`);
});
