/**
 * Benchmark of the flow runtime: 100,000 subscribers enter a welcome flow whose first step is
 * an e-mail (the pop-up sign-up hook, 1,000 per transaction), then the worker's two jobs run as
 * they do in production, in this process: the flows job advances the due runs (claim, consent,
 * smart sending, weekly cap, volume reserved, delivery written) and the delivery engine sends
 * them, DKIM-signed RSA-2048, into smtp-server on loopback. The figure is due steps per second
 * from the start of the jobs to the last message received, beside the rate of the sending
 * pipeline itself (a Segment Send of 20,000 measured as bench/send.ts does) in the same run.
 * Then, with the jobs idle, 500 sign-ups arrive one by one (one every 20 ms) and the delay from
 * entering to the run's claim is measured: its p99 is the trigger-to-due figure.
 *
 * Runs in a scratch database it creates on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops afterwards.
 *
 *   npm run bench:flows
 *   BENCH_SUBSCRIBERS=20000 npm run bench:flows
 *
 * Targets (issue 11): >= 300 steps/s, trigger-to-due p99 <= 2000 ms. The last line is the figure:
 * `flows: <n> steps/s (target >= 300), ratio <r> to the pipeline, trigger-to-due p99 <ms> ms (target <= 2000)`.
 */
import { shopScope, shops, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { deliveryJob, deliverSend } from '../apps/server/src/modules/delivery/index.ts';
import { addSubscribers, ALL, DOC, setVolume } from '../apps/server/src/modules/delivery/test/fixtures.ts';
import { enterWelcome, flowEmailSource, flowsJob } from '../apps/server/src/modules/flows/index.ts';
import { seedFlow } from '../apps/server/src/modules/flows/test/seed-flow.ts';
import { segmentSendSource, startSend } from '../apps/server/src/modules/strategy/index.ts';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { openSendBench } from './support/open-send-bench.ts';

const N = Number(process.env.BENCH_SUBSCRIBERS ?? 100_000);
const PIPELINE_N = Number(process.env.BENCH_PIPELINE ?? 20_000);
const LATENCY_N = 500;
const POOL = Number(process.env.BENCH_POOL ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const bench = await openSendBench('flows', { pool: POOL, concurrency: CONCURRENCY, jobPollSeconds: 0.5 });
const { deps, sink } = bench;
const { dbh } = deps;
const log = Fastify({ logger: { level: 'warn' } }).log;
const stops: (() => Promise<void>)[] = [];

async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ms = 1_800_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

try {
  const [shop] = await dbh.db.insert(shops).values({
    name: 'Bench Tea', homepageUrl: 'https://bench-tea.example.com', platform: 'custom', platformDomain: 'bench-tea.example.com',
    currency: 'USD', timezone: 'UTC',
  }).returning({ id: shops.id });
  const shopId = shop!.id;
  const scope = shopScope(shopId);
  await seedVerifiedSender(dbh, shopId);
  await setVolume(dbh, shopId, PIPELINE_N + N + LATENCY_N);

  // The pipeline's own rate, as bench/send.ts measures it: a Segment Send to PIPELINE_N subscribers.
  await addSubscribers(dbh, shopId, PIPELINE_N, 'seg', 'inbox.example.org');
  const [s] = await dbh.db.insert(strategies).values(scope.values({
    name: 'Bench', title: 'Hello {{first_name|friend}}', summary: 'New teas', segmentIds: [ALL],
    utm: { source: 'storecast', medium: 'email', campaign: 'bench' }, content: DOC, locale: 'en-US' as const,
  })).returning({ id: strategies.id });
  let before = sink.count();
  let t0 = performance.now();
  await startSend(deps, scope, s!.id, ['draft']);
  let r = await deliverSend(deps, segmentSendSource, s!.id, Infinity);
  while (r.state !== 'done') r = await deliverSend(deps, segmentSendSource, s!.id, Infinity);
  const pipelineRate = (sink.count() - before) / ((performance.now() - t0) / 1000);
  console.log(`pipeline: ${PIPELINE_N} messages at ${Math.round(pipelineRate)} msg/s (DKIM on, ${POOL} SMTP connections, ${CONCURRENCY} in flight)`);

  // Smart sending would (rightly) skip whoever the Segment Send just mailed; the flow's subscribers are new.
  await dbh.db.update(shops).set({ automation: { smart_sending_hours: 16 } }).where(eq(shops.id, shopId));
  const flow = await seedFlow(dbh, shopId, 'welcome', {
    steps: [{ key: 'e1', type: 'email', title: 'Welcome {{first_name|friend}}', summary: 'Glad you are here', content: DOC, coupon_id: null }],
  });
  await addSubscribers(dbh, shopId, N, 'w', 'inbox.example.org');
  const { rows: ids } = await dbh.query<{ id: string }>(`select id from subscribers where shop_id = $1 and email like 'w%' order by id`, [shopId]);
  t0 = performance.now();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000).map((x) => Number(x.id));
    await dbh.transaction((c) => enterWelcome(c, shopId, chunk, new Date()));
  }
  console.log(`entered: ${ids.length} runs in ${((performance.now() - t0) / 1000).toFixed(1)} s (1,000 per transaction)`);

  before = sink.count();
  t0 = performance.now();
  stops.push(await deliveryJob([segmentSendSource, flowEmailSource]).start(deps, log));
  stops.push(await flowsJob.start(deps, log));
  let advancedAt = 0;
  await waitUntil(async () => {
    if (!advancedAt) {
      const { rows } = await dbh.query<{ n: number }>(`select count(*)::int as n from flow_runs where flow_id = $1 and status = 'active'`, [flow.flowId]);
      if (rows[0]!.n === 0) advancedAt = performance.now();
    }
    return sink.count() - before >= N;
  }, 'the flow e-mails');
  const secs = (performance.now() - t0) / 1000;
  const rate = N / secs;
  console.log(`flows: ${N} due steps advanced in ${((advancedAt - t0) / 1000).toFixed(1)} s and mailed in ${secs.toFixed(1)} s`);

  // Trigger to due: sign-ups one by one while the jobs idle.
  await addSubscribers(dbh, shopId, LATENCY_N, 'lat', 'inbox.example.org');
  const { rows: lat } = await dbh.query<{ id: string }>(`select id from subscribers where shop_id = $1 and email like 'lat%' order by id`, [shopId]);
  for (const x of lat) {
    await dbh.transaction((c) => enterWelcome(c, shopId, [Number(x.id)], new Date()));
    await new Promise((res) => setTimeout(res, 20));
  }
  await waitUntil(async () => {
    const { rows } = await dbh.query<{ n: number }>(`select count(*)::int as n from flow_runs where flow_id = $1 and status = 'active'`, [flow.flowId]);
    return rows[0]!.n === 0;
  }, 'the latency runs');
  const { rows: delays } = await dbh.query<{ ms: number }>(
    `select extract(epoch from (s.at - r.entered_at)) * 1000 as ms from flow_runs r join flow_run_steps s on s.run_id = r.id
     join subscribers sub on sub.id = r.subscriber_id where r.flow_id = $1 and sub.email like 'lat%' order by 1`,
    [flow.flowId],
  );
  const sorted = delays.map((d) => Number(d.ms));
  const p = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  console.log(`trigger to claim over ${sorted.length} sign-ups: p50 ${Math.round(p(0.5))} ms, p99 ${Math.round(p(0.99))} ms, max ${Math.round(sorted[sorted.length - 1]!)} ms`);
  console.log(`flows: ${Math.round(rate)} steps/s (target >= 300), ratio ${(rate / pipelineRate).toFixed(2)} to the pipeline, trigger-to-due p99 ${Math.round(p(0.99))} ms (target <= 2000)`);
} finally {
  for (const stop of stops) await stop().catch(() => {});
  await bench.close();
}
