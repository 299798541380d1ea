/**
 * Benchmark of the send pipeline: 20,000 recipients through the whole pipeline (audience
 * recorded in one statement, volume reserved, batches claimed with FOR UPDATE SKIP LOCKED,
 * personalised from the compiled e-mail, DKIM-signed RSA-2048, handed to nodemailer's pooled
 * SMTP transport, results and volume recorded per batch) into smtp-server on loopback. Beside
 * it, in the same run, raw nodemailer sends the same messages (pre-rendered, same headers, same
 * DKIM key, same pool size and messages in flight) to the same sink: the ceiling.
 *
 * Runs in a scratch database it creates on the server of `DATABASE_URL` (default
 * postgres://postgres@127.0.0.1:5432/postgres) and drops afterwards.
 *
 *   npm run bench:send
 *   BENCH_RECIPIENTS=5000 npm run bench:send
 *
 * Target (DESIGN.md): >= 70 % of raw nodemailer. The last line is the figure:
 * `send: <N> msg/s, raw <M> msg/s, ratio <r> (target >= 0.7)`.
 */
import { shopScope, shops, strategies } from '@storecast/db';
import nodemailer from 'nodemailer';
import { DKIM_SIGNED_HEADERS } from '../apps/server/src/messaging/smtp-mail-sender.ts';
import { appSecret, buildMail, deliverSend } from '../apps/server/src/modules/delivery/index.ts';
import { addSubscribers, ALL, DOC, setVolume } from '../apps/server/src/modules/delivery/test/fixtures.ts';
import { loadSendPlan, segmentSendSource, startSend } from '../apps/server/src/modules/strategy/index.ts';
import { seedVerifiedSender } from '../apps/server/src/test/seed-verified-sender.ts';
import { openSendBench } from './support/open-send-bench.ts';

const N = Number(process.env.BENCH_RECIPIENTS ?? 20_000);
const POOL = Number(process.env.BENCH_POOL ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const bench = await openSendBench('send', { pool: POOL, concurrency: CONCURRENCY });
const { deps, sink } = bench;
const { config, dbh } = deps;
try {
  const [shop] = await dbh.db.insert(shops).values({
    name: 'Bench Tea', homepageUrl: 'https://bench-tea.example.com', platform: 'custom', platformDomain: 'bench-tea.example.com',
    currency: 'USD', timezone: 'UTC',
  }).returning({ id: shops.id });
  const shopId = shop!.id;
  const scope = shopScope(shopId);
  await seedVerifiedSender(dbh, shopId);
  await setVolume(dbh, shopId, N);
  await addSubscribers(dbh, shopId, N, 'r', 'inbox.example.org');
  const [s] = await dbh.db.insert(strategies).values(scope.values({
    name: 'Bench', title: 'Hello {{first_name|friend}}', summary: 'New teas', segmentIds: [ALL],
    utm: { source: 'storecast', medium: 'email', campaign: 'bench' }, content: DOC, locale: 'en-US' as const,
  })).returning({ id: strategies.id });
  const strategyId = s!.id;

  // Raw nodemailer: the same messages, rendered beforehand, sent with the same pool and concurrency.
  const plan = await loadSendPlan(deps, scope, strategyId);
  const secret = await appSecret(config, dbh);
  const messages = Array.from({ length: N }, (_, i) => buildMail(deps, plan, secret, {
    id: i + 1, email: `r${i}@inbox.example.org`, attempts: 1, first_name: `Name${i}`, last_name: '', phone: null,
  }));
  const raw = nodemailer.createTransport({ pool: true, maxConnections: POOL, maxMessages: Infinity, host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true });
  const sendAll = async (list: typeof messages) => {
    let next = 0;
    await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      while (next < list.length) {
        const m = list[next++]!;
        await raw.sendMail({
          from: m.from, to: m.to, subject: m.subject, html: m.html, text: m.text, headers: m.headers,
          envelope: { from: m.envelopeFrom!, to: m.to }, dkim: { ...m.dkim!, headerFieldNames: DKIM_SIGNED_HEADERS },
        });
      }
    }));
  };
  // Warm-up (JIT, connections, key parsing), so the reference that runs first is not handicapped.
  await sendAll(messages.slice(0, Math.min(500, N)));
  let t0 = performance.now();
  await sendAll(messages);
  const rawRate = N / ((performance.now() - t0) / 1000);
  raw.close();
  console.log(`raw nodemailer: ${N} messages in ${(N / rawRate).toFixed(1)} s (after a warm-up of ${Math.min(500, N)})`);

  // The pipeline: record the audience, reserve, then claim/render/send/record until done.
  const before = sink.count();
  t0 = performance.now();
  await startSend(deps, scope, strategyId, ['draft']);
  let r = await deliverSend(deps, segmentSendSource, strategyId, Infinity);
  while (r.state !== 'done') r = await deliverSend(deps, segmentSendSource, strategyId, Infinity);
  const secs = (performance.now() - t0) / 1000;
  const sent = sink.count() - before;
  if (sent !== N) throw new Error(`pipeline delivered ${sent} of ${N}`);
  const sendRate = N / secs;
  console.log(`pipeline: ${N} messages in ${secs.toFixed(1)} s (DKIM on, ${POOL} SMTP connections, ${CONCURRENCY} in flight, batches of 200)`);
  console.log(`send: ${Math.round(sendRate)} msg/s, raw ${Math.round(rawRate)} msg/s, ratio ${(sendRate / rawRate).toFixed(2)} (target >= 0.7)`);
} finally {
  await bench.close();
}
