import { shopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import { verpAddress } from '../inbound/inbound-address.ts';
import { applyPendingFeedback } from '../inbound/record-feedback.ts';
import { MailSendError, type OutgoingMail } from '../../messaging/mail-sender.ts';
import { releaseVolume, spendVolume } from '../billing/sending-volume.ts';
import { loadSendContext, type SendContext } from './load-send-context.ts';
import { markSubscribersBounced } from './mark-subscribers-bounced.ts';
import { appSecret, signDeliveryTokens } from './tracking-token.ts';

/** Transient failures are retried this many times in all, with exponential backoff. */
export const MAX_ATTEMPTS = 5;
const backoffSeconds = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));

interface Claimed {
  id: number;
  email: string;
  attempts: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
}

type Outcome = { id: number; attempts: number } & ({ ok: true; messageId: string } | { ok: false; permanent: boolean; error: string });

export type DeliverResult = { state: 'done' } | { state: 'more' } | { state: 'wait'; until: Date };

/**
 * Works through one sending strategy until nothing is claimable or the deadline passes:
 * claim a batch (FOR UPDATE SKIP LOCKED, moving rows to `sending` with a lease), render and
 * send them with bounded concurrency, then record every outcome and the volume spent in one
 * transaction. A worker that dies mid-batch leaves its rows in `sending`; when the lease ends
 * any worker reclaims them, so a crash repeats at most the batch in flight and loses nothing.
 * Recording only updates rows still held by this claim (same attempt number), so a mail sent
 * twice is counted and paid once.
 */
export async function deliverStrategy(deps: Deps, strategyId: string, deadline: number): Promise<DeliverResult> {
  const { dbh, config } = deps;
  const st = await dbh.query<{ shop_id: string; status: string; started_at: Date }>(
    `select shop_id, status, started_at from strategies where id = $1`, [strategyId]);
  const strategy = st.rows[0];
  if (!strategy || strategy.status !== 'sending') return { state: 'done' };
  const ctx = await cachedContext(deps, strategy.shop_id, strategyId, String(strategy.started_at));
  const secret = await appSecret(config, dbh);
  while (Date.now() < deadline) {
    const batch = await claimBatch(deps, strategyId);
    if (batch.length === 0) break;
    // A slow relay must not let the lease run out under a batch still being sent, or another
    // worker would claim and send it again: the claim is renewed while it is in flight.
    const renew = setInterval(() => void renewLease(deps, batch).catch(() => {}), (config.send.leaseSeconds * 1000) / 3);
    let outcomes: Outcome[];
    try {
      outcomes = await mapLimit(batch, config.send.concurrency, (d) => sendOne(deps, ctx, secret, d));
    } finally {
      clearInterval(renew);
    }
    await recordOutcomes(deps, strategy.shop_id, outcomes);
  }
  if (Date.now() >= deadline) return { state: 'more' };
  return settle(deps, strategyId);
}

async function claimBatch(deps: Deps, strategyId: string): Promise<Claimed[]> {
  const { rows } = await deps.dbh.query<Claimed>(
    `with c as (
       select d.id, d.subscriber_id from deliveries d
       where d.strategy_id = $1
         and ((d.status = 'queued' and d.next_attempt_at <= now()) or (d.status = 'sending' and d.lease_until < now()))
         and exists (select 1 from strategies s where s.id = $1 and s.status = 'sending')
       order by d.id limit $2 for update of d skip locked
     )
     update deliveries d set status = 'sending', attempts = d.attempts + 1,
       lease_until = now() + make_interval(secs => $3::int)
     from c left join subscribers s on s.id = c.subscriber_id
     where d.id = c.id
     returning d.id, d.email, d.attempts, s.first_name, s.last_name, s.phone`,
    [strategyId, deps.config.send.batchSize, deps.config.send.leaseSeconds],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function renewLease(deps: Deps, batch: Claimed[]) {
  await deps.dbh.query(
    `update deliveries d set lease_until = now() + make_interval(secs => $3::int)
     from unnest($1::bigint[], $2::int[]) v(id, att) where d.id = v.id and d.status = 'sending' and d.attempts = v.att`,
    [batch.map((d) => d.id), batch.map((d) => d.attempts), deps.config.send.leaseSeconds],
  );
}

async function sendOne(deps: Deps, ctx: SendContext, secret: Buffer, d: Claimed): Promise<Outcome> {
  try {
    const mail = buildMail(deps, ctx, secret, d);
    const { messageId } = await deps.mail.send(mail);
    return { id: d.id, attempts: d.attempts, ok: true, messageId };
  } catch (err) {
    const permanent = err instanceof MailSendError && err.permanent;
    return { id: d.id, attempts: d.attempts, ok: false, permanent, error: String((err as Error).message ?? err).slice(0, 500) };
  }
}

/** One recipient's mail: personalised content, tracked links, RFC 8058 headers, DKIM. */
export function buildMail(deps: Deps, ctx: SendContext, secret: Buffer, d: Claimed): OutgoingMail {
  const tokens = signDeliveryTokens(secret, d.id);
  const base = `${deps.config.publicUrl}/api/public`;
  const unsubscribeUrl = `${base}/unsubscribe/${tokens.unsubscribe}`;
  const p = ctx.compiled.personalize(
    { first_name: d.first_name, last_name: d.last_name, email: d.email, phone: d.phone },
    { unsubscribeUrl, openPixelUrl: `${base}/o/${tokens.open}`, linkUrl: (i) => `${base}/c/${tokens.click}/${i}` },
  );
  const { identity } = ctx;
  // VERP: a bounce names its delivery in the address it comes back to (modules/inbound).
  const envelopeFrom = identity.returnPath ? verpAddress(identity.returnPath, tokens.address) : identity.fromEmail;
  // The mailto form only when the inbound listener reads that mailbox: otherwise such an
  // unsubscribe would be lost. The https one-click link is always there.
  const mailto = deps.config.inboundSmtp ? `, <mailto:unsubscribe@${envelopeFrom.split('@')[1]}?subject=unsubscribe-${tokens.unsubscribe}>` : '';
  return {
    from: { name: identity.fromName, address: identity.fromEmail },
    to: d.email,
    subject: p.subject,
    html: p.html,
    text: p.text,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>${mailto}`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Feedback-ID': `${ctx.strategyId}:${ctx.shopId}:storecast`,
    },
    envelopeFrom,
    dkim: identity.dkim,
    shopId: ctx.shopId,
    meta: { strategyId: ctx.strategyId, deliveryId: d.id },
  };
}

/** Every outcome of a batch and the volume it spent or gave back, in one transaction. */
async function recordOutcomes(deps: Deps, shopId: string, outcomes: Outcome[]) {
  const sent = outcomes.filter((o): o is Outcome & { ok: true } => o.ok);
  const failed = outcomes.filter((o): o is Outcome & { ok: false } => !o.ok);
  const bounced = failed.filter((o) => o.permanent);
  const retry = failed.filter((o) => !o.permanent && o.attempts < MAX_ATTEMPTS);
  const gaveUp = failed.filter((o) => !o.permanent && o.attempts >= MAX_ATTEMPTS);
  await deps.dbh.transaction(async (c) => {
    let spent = 0;
    if (sent.length) {
      const r = await c.query(
        `update deliveries d set status = 'sent', sent_at = now(), message_id = v.mid, lease_until = null, error = null
         from unnest($1::bigint[], $2::text[], $3::int[]) v(id, mid, att)
         where d.id = v.id and d.status = 'sending' and d.attempts = v.att`,
        [sent.map((o) => o.id), sent.map((o) => o.messageId), sent.map((o) => o.attempts)],
      );
      spent = r.rowCount;
    }
    let released = 0;
    if (retry.length) {
      // Retried later, unless the strategy was terminated meanwhile: then it ends here.
      const r = await c.query<{ status: string }>(
        `update deliveries d set lease_until = null, error = v.err,
           status = case when exists (select 1 from strategies s where s.id = d.strategy_id and s.status = 'sending') then 'queued' else 'cancelled' end,
           next_attempt_at = now() + make_interval(secs => v.delay)
         from unnest($1::bigint[], $2::text[], $3::int[], $4::int[]) v(id, err, att, delay)
         where d.id = v.id and d.status = 'sending' and d.attempts = v.att
         returning d.status`,
        [retry.map((o) => o.id), retry.map((o) => o.error), retry.map((o) => o.attempts), retry.map((o) => backoffSeconds(o.attempts))],
      );
      released += r.rows.filter((x) => x.status === 'cancelled').length;
    }
    for (const [group, status] of [[bounced, 'bounced'], [gaveUp, 'failed']] as const) {
      if (!group.length) continue;
      const r = await c.query<{ subscriber_id: number | null }>(
        `update deliveries d set status = $4, lease_until = null, error = v.err
         from unnest($1::bigint[], $2::text[], $3::int[]) v(id, err, att)
         where d.id = v.id and d.status = 'sending' and d.attempts = v.att
         returning d.subscriber_id`,
        [group.map((o) => o.id), group.map((o) => o.error), group.map((o) => o.attempts), status],
      );
      released += r.rowCount;
      if (status === 'bounced') await markSubscribersBounced(c, shopId, r.rows.map((x) => x.subscriber_id));
    }
    // Reports that came back while these were in flight apply now that their outcome is known.
    await applyPendingFeedback(c, outcomes.map((o) => o.id));
    await spendVolume(c, shopId, spent);
    await releaseVolume(c, shopId, released);
  });
}

/** Nothing claimable now: finish the strategy, or say when to look again. */
async function settle(deps: Deps, strategyId: string): Promise<DeliverResult> {
  const { rows } = await deps.dbh.query<{ open: number; next_at: Date | null }>(
    `select count(*)::int as open,
       least(min(next_attempt_at) filter (where status = 'queued'), min(lease_until) filter (where status = 'sending')) as next_at
     from deliveries where strategy_id = $1 and status in ('queued', 'sending')`,
    [strategyId],
  );
  const r = rows[0]!;
  if (r.open > 0) return { state: 'wait', until: new Date(Math.max(Date.now(), new Date(r.next_at ?? Date.now()).getTime()) + 500) };
  await deps.dbh.query(
    `update strategies set status = 'completed', finished_at = now(), updated_at = now() where id = $1 and status = 'sending'`,
    [strategyId],
  );
  return { state: 'done' };
}

/** Compiled e-mails of the sends this process works on, so each compiles once. */
const contexts = new Map<string, Promise<SendContext>>();

function cachedContext(deps: Deps, shopId: string, strategyId: string, version: string): Promise<SendContext> {
  const key = `${strategyId}@${version}`;
  let p = contexts.get(key);
  if (!p) {
    p = loadSendContext(deps, shopScope(shopId), strategyId);
    p.catch(() => contexts.delete(key));
    contexts.set(key, p);
    while (contexts.size > 20) contexts.delete(contexts.keys().next().value!);
  }
  return p;
}

/** Runs `fn` over `items` with at most `limit` in flight, results in input order. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return out;
}
