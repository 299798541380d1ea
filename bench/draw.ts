/**
 * Lucky draws through the storefront's public endpoint into PostgreSQL, with stock contention.
 * Creates a scratch database on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards), starts the API in this process
 * on a loopback port, makes a store with an enabled spin wheel of 10 prizes (9 % each, 300 in
 * stock each, "no prize" 10 %), and fires `POST /api/public/campaign/draw` from 200 concurrent
 * shoppers for ~10 s as the script sends them: text/plain JSON from the store's origin, a new
 * visitor per request. The prizes run out during the run, so draws queue on the same prize rows.
 * Afterwards every prize is checked: won more often than its stock is "oversold".
 *
 * Target: >= 1,000 draws/s and 0 oversold. The last line is the figure:
 *   draw: N draws/s, M oversold (target >= 1000 draws/s, 0 oversold)
 *
 *   npm run bench:draw
 *   BENCH_DURATION=5 BENCH_CONNECTIONS=50 BENCH_STOCK=1000 npm run bench:draw
 */
import { campaignDraws, campaignPrizes, campaigns } from '@storecast/db';
import { count, eq } from 'drizzle-orm';
import { cannon, withStorefrontBench } from './support/open-storefront-bench.ts';
import { BENCH_ORIGIN, seedPopupShop } from './support/seed-popup-shop.ts';

const TARGET_DRAWS_S = 1000;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const STOCK = Number(process.env.BENCH_STOCK ?? 300);
const PRIZES = 10;

await withStorefrontBench('draw', async ({ dbh, baseUrl }) => {
  const { shopId, key } = await seedPopupShop(dbh);
  const db = dbh.db;
  const [campaign] = await db.insert(campaigns).values({
    shopId, name: 'Bench wheel', type: 'lucky_draw', form: 'spin_wheel', status: 'enabled', drawIdentity: 'visitor', drawPeriod: 'once',
    settings: { gift_mode: 'none', thresholds: [], theme_color: '#1677ff', font_color: '#ffffff', coupon_preset_id: null, unique_codes: false },
  }).returning({ id: campaigns.id });
  const campaignId = campaign!.id;
  await db.insert(campaignPrizes).values([
    ...Array.from({ length: PRIZES }, (_, i) => ({
      shopId, campaignId, position: i, kind: 'gift' as const, label: { 'zh-CN': `奖品${i}`, 'en-US': `Prize ${i}` }, weight: 900, stock: STOCK, stockLeft: STOCK,
    })),
    { shopId, campaignId, position: PRIZES, kind: 'none' as const, label: { 'zh-CN': '谢谢参与', 'en-US': 'Nothing' }, weight: 1000, stock: null, stockLeft: null },
  ]);

  const body = JSON.stringify({ key, campaign_id: campaignId, visitor_id: 'bench-shopper-[<id>]', language: 'en-US' });
  const target = {
    url: `${baseUrl}/api/public/campaign/draw`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin: BENCH_ORIGIN },
    idReplacement: true,
    requests: [{ method: 'POST', body }],
    connections: CONNECTIONS,
    workers: 1,
  };
  // Warm-up: JIT and query plans; it spends some stock too, which only brings the contention sooner.
  await cannon({ ...target, duration: 1 });
  const [before] = await db.select({ n: count() }).from(campaignDraws);
  const r = await cannon({ ...target, duration: DURATION_S });
  const [after] = await db.select({ n: count() }).from(campaignDraws);
  const prizes = await db.select().from(campaignPrizes).where(eq(campaignPrizes.campaignId, campaignId));
  const wonByPrize = await db.select({ prize: campaignDraws.prizeId, n: count() }).from(campaignDraws)
    .where(eq(campaignDraws.campaignId, campaignId)).groupBy(campaignDraws.prizeId);
  const recorded = new Map(wonByPrize.map((w) => [w.prize, Number(w.n)]));
  // Oversold: a prize given more often than its stock, counted from the draws and from the counter alike.
  const oversold = prizes.filter((p) => p.stock !== null)
    .reduce((sum, p) => sum + Math.max(0, (recorded.get(p.id) ?? 0) - p.stock!, p.won - p.stock!, -(p.stockLeft ?? 0)), 0);
  const gone = prizes.filter((p) => p.stock !== null && p.stockLeft === 0).length;
  const stored = Number(after!.n) - Number(before!.n);
  const errors = r.non2xx + r.errors + r.timeouts;
  const drawsPerS = Math.round(r['2xx'] / r.duration);
  if (stored < r['2xx']) throw new Error(`${r['2xx']} draws answered but ${stored} stored`);
  console.log(`${r.requests.total} requests (${r['2xx']} 2xx, ${errors} errors) in ${r.duration.toFixed(1)} s, ${CONNECTIONS} connections, mean ${r.latency.average} ms, p99 ${r.latency.p99} ms`);
  console.log(`prizes: ${PRIZES} x ${STOCK} in stock, ${gone} ran out, ${prizes.reduce((s, p) => s + p.won, 0)} won in all`);
  console.log(`draw: ${drawsPerS} draws/s, ${oversold} oversold (target >= ${TARGET_DRAWS_S} draws/s, 0 oversold)`);
});
