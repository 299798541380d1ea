import type { Deps } from '../../deps.ts';
import { MailSendError } from '../../messaging/mail-sender.ts';
import { SmsSendError } from '../../messaging/sms-sender.ts';
import { buildMail, type ClaimedDelivery } from './build-mail.ts';
import { buildSms } from './build-sms.ts';
import type { DeliverySource, EmailPlan, SendPlan, SmsPlan } from './delivery-source.ts';
import { type Outcome, recordOutcomes } from './record-outcomes.ts';
import { isStoreSendingPaused, PAUSED_RECHECK_MS, storeMaySendSql } from './store-paused.ts';
import { appSecret } from './tracking-token.ts';

export type DeliverResult = { state: 'done' } | { state: 'more' } | { state: 'wait'; until: Date };

/**
 * Works through one send until nothing is claimable or the deadline passes: claim a batch
 * (FOR UPDATE SKIP LOCKED, moving rows to `sending` with a lease), render and send them with
 * bounded concurrency, then record every outcome and the volume spent in one transaction. A
 * worker that dies mid-batch leaves its rows in `sending`; when the lease ends any worker
 * reclaims them, so a crash repeats at most the batch in flight and loses nothing.
 */
export async function deliverSend(deps: Deps, source: DeliverySource, sendId: string, deadline: number): Promise<DeliverResult> {
  const { config } = deps;
  const state = await source.state(deps, sendId);
  if (!state) return { state: 'done' };
  // The store's platform app was uninstalled: the send waits, nothing is dropped (store-paused.ts).
  if (await isStoreSendingPaused(deps.dbh, state.shopId)) return { state: 'wait', until: new Date(Date.now() + PAUSED_RECHECK_MS) };
  const plan = await cachedPlan(deps, source, sendId, state.version);
  const secret = await appSecret(config, deps.dbh);
  while (Date.now() < deadline) {
    const batch = await claimBatch(deps, source, sendId, state.shopId, plan.channel === 'sms');
    if (batch.length === 0) break;
    // A slow relay must not let the lease run out under a batch still being sent, or another
    // worker would claim and send it again: the claim is renewed while it is in flight.
    const renew = setInterval(() => void renewLease(deps, batch).catch(() => {}), (config.send.leaseSeconds * 1000) / 3);
    let outcomes: Outcome[];
    try {
      outcomes = plan.channel === 'email'
        ? await mapLimit(batch, config.send.concurrency, (d) => sendOne(deps, plan, secret, d))
        : await mapLimit(batch, config.send.concurrency, (d) => sendOneSms(deps, plan, secret, d));
    } finally {
      clearInterval(renew);
    }
    await recordOutcomes(deps, source, state.shopId, outcomes);
  }
  if (Date.now() >= deadline) return { state: 'more' };
  return settle(deps, source, sendId);
}

type Claimed = ClaimedDelivery & { sms_to?: string | null };

async function claimBatch(deps: Deps, source: DeliverySource, sendId: string, shopId: string, sms: boolean): Promise<Claimed[]> {
  const { rows } = await deps.dbh.query<Claimed>(
    `with c as (
       select d.id, d.subscriber_id from deliveries d
       where d.strategy_id = $1
         and ((d.status = 'queued' and d.next_attempt_at <= now()) or (d.status = 'sending' and d.lease_until < now()))
         and ${source.sql.isSending('$1')}
         and ${storeMaySendSql('$4')}
       order by d.id limit $2 for update of d skip locked
     )
     update deliveries d set status = 'sending', attempts = d.attempts + 1,
       lease_until = now() + make_interval(secs => $3::int)
     from c left join subscribers s on s.id = c.subscriber_id
     where d.id = c.id
     returning d.id, d.email, d.attempts, d.variant, s.first_name, s.last_name, s.phone${sms ? ', d.phone as sms_to' : ''}`,
    [sendId, deps.config.send.batchSize, deps.config.send.leaseSeconds, shopId],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

async function renewLease(deps: Deps, batch: ClaimedDelivery[]) {
  await deps.dbh.query(
    `update deliveries d set lease_until = now() + make_interval(secs => $3::int)
     from unnest($1::bigint[], $2::int[]) v(id, att) where d.id = v.id and d.status = 'sending' and d.attempts = v.att`,
    [batch.map((d) => d.id), batch.map((d) => d.attempts), deps.config.send.leaseSeconds],
  );
}

async function sendOne(deps: Deps, plan: EmailPlan, secret: Buffer, d: ClaimedDelivery): Promise<Outcome> {
  try {
    const mail = buildMail(deps, plan, secret, d);
    const { messageId } = await deps.mail.send(mail);
    return { id: d.id, attempts: d.attempts, ok: true, messageId };
  } catch (err) {
    const permanent = err instanceof MailSendError && err.permanent;
    return { id: d.id, attempts: d.attempts, ok: false, permanent, error: String((err as Error).message ?? err).slice(0, 500) };
  }
}

async function sendOneSms(deps: Deps, plan: SmsPlan, secret: Buffer, d: Claimed): Promise<Outcome> {
  // A delivery without a number cannot be sent, now or later.
  if (!d.sms_to) return { id: d.id, attempts: d.attempts, ok: false, permanent: true, error: 'no phone number' };
  try {
    const { id } = await deps.sms.send(buildSms(deps, plan, secret, { ...d, to: d.sms_to }));
    return { id: d.id, attempts: d.attempts, ok: true, messageId: id };
  } catch (err) {
    const e = err instanceof SmsSendError ? err : null;
    return {
      id: d.id, attempts: d.attempts, ok: false, permanent: e?.permanent ?? false, optedOut: e?.optedOut,
      error: String((err as Error).message ?? err).slice(0, 500),
    };
  }
}

/** Nothing claimable now: tell the source the send completed, or say when to look again. */
async function settle(deps: Deps, source: DeliverySource, sendId: string): Promise<DeliverResult> {
  const { rows } = await deps.dbh.query<{ open: number; next_at: Date | null }>(
    `select count(*)::int as open,
       least(min(next_attempt_at) filter (where status = 'queued'), min(lease_until) filter (where status = 'sending')) as next_at
     from deliveries where strategy_id = $1 and status in ('queued', 'sending')`,
    [sendId],
  );
  const r = rows[0]!;
  if (r.open > 0) return { state: 'wait', until: new Date(Math.max(Date.now(), new Date(r.next_at ?? Date.now()).getTime()) + 500) };
  await source.onEvent(deps, sendId, { type: 'completed' });
  return { state: 'done' };
}

/** Plans of the sends this process works on, so each loads (and compiles) once per version. */
const plans = new Map<string, Promise<SendPlan>>();

function cachedPlan(deps: Deps, source: DeliverySource, sendId: string, version: string): Promise<SendPlan> {
  const key = `${source.kind}:${sendId}@${version}`;
  let p = plans.get(key);
  if (!p) {
    p = source.load(deps, sendId);
    p.catch(() => plans.delete(key));
    plans.set(key, p);
    while (plans.size > 20) plans.delete(plans.keys().next().value!);
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
