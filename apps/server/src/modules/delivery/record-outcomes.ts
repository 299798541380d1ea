import type { Deps } from '../../deps.ts';
import { releaseVolume, spendVolume } from '../billing/index.ts';
import type { DeliverySource } from './delivery-source.ts';
import { markSubscribersBounced } from './mark-subscribers-bounced.ts';
import { markSmsOptedOut, PROVIDER_FAILURE_PREFIX } from './record-sms-status.ts';
import { applyPendingFeedback } from './record-feedback.ts';

/** Transient failures are retried this many times in all, with exponential backoff. */
export const MAX_ATTEMPTS = 5;
const backoffSeconds = (attempt: number) => Math.min(3600, 30 * 2 ** (attempt - 1));

export type Outcome = { id: number; attempts: number } & (
  | { ok: true; messageId: string | null }
  /** `optedOut`: the SMS provider says the number opted out (its own STOP list). */
  | { ok: false; permanent: boolean; error: string; optedOut?: boolean }
);

/**
 * Every outcome of a batch and the volume it spent or gave back, in one transaction. Only rows
 * still held by this claim (same attempt number) change, so a mail sent twice is paid once.
 * Volume moves by each delivery's `units` (1 for an e-mail, segments x units per segment for an
 * SMS). A permanent SMS failure is `failed`, not `bounced`: a wrong number says nothing about
 * the subscriber's e-mail address.
 */
export async function recordOutcomes(deps: Deps, source: DeliverySource, shopId: string, outcomes: Outcome[]) {
  const sent = outcomes.filter((o): o is Outcome & { ok: true } => o.ok);
  const failed = outcomes.filter((o): o is Outcome & { ok: false } => !o.ok);
  const bounced = failed.filter((o) => o.permanent);
  const retry = failed.filter((o) => !o.permanent && o.attempts < MAX_ATTEMPTS);
  const gaveUp = failed.filter((o) => !o.permanent && o.attempts >= MAX_ATTEMPTS);
  const sms = source.channel === 'sms';
  // E-mail holds one unit per delivery, so the row count is the volume and the hot path stays as it was.
  const volume = (r: { rowCount: number; rows: unknown[] }) =>
    sms ? (r.rows as { units: number }[]).reduce((n, x) => n + x.units, 0) : r.rowCount;
  await deps.dbh.transaction(async (c) => {
    let spent = 0;
    if (sent.length) {
      const r = await c.query(
        sms
          // A provider failure reported before this outcome was recorded waits in `error`.
          ? `update deliveries d set sent_at = now(), message_id = v.mid, lease_until = null,
               status = case when d.error like '${PROVIDER_FAILURE_PREFIX}%' then 'failed' else 'sent' end,
               error = case when d.error like '${PROVIDER_FAILURE_PREFIX}%' then d.error end
             from unnest($1::bigint[], $2::text[], $3::int[]) v(id, mid, att)
             where d.id = v.id and d.status = 'sending' and d.attempts = v.att returning d.units`
          : `update deliveries d set status = 'sent', sent_at = now(), message_id = v.mid, lease_until = null, error = null
             from unnest($1::bigint[], $2::text[], $3::int[]) v(id, mid, att)
             where d.id = v.id and d.status = 'sending' and d.attempts = v.att`,
        [sent.map((o) => o.id), sent.map((o) => o.messageId), sent.map((o) => o.attempts)],
      );
      spent = volume(r);
    }
    let released = 0;
    if (retry.length) {
      // Retried later, unless the send was stopped meanwhile: then it ends here.
      const r = await c.query<{ status: string; units: number }>(
        `update deliveries d set lease_until = null, error = v.err,
           status = case when ${source.sql.isSending('d.strategy_id')} then 'queued' else 'cancelled' end,
           next_attempt_at = now() + make_interval(secs => v.delay)
         from unnest($1::bigint[], $2::text[], $3::int[], $4::int[]) v(id, err, att, delay)
         where d.id = v.id and d.status = 'sending' and d.attempts = v.att
         returning d.status, d.units`,
        [retry.map((o) => o.id), retry.map((o) => o.error), retry.map((o) => o.attempts), retry.map((o) => backoffSeconds(o.attempts))],
      );
      released += r.rows.filter((x) => x.status === 'cancelled').reduce((n, x) => n + x.units, 0);
    }
    for (const [group, status] of [[bounced, sms ? 'failed' : 'bounced'], [gaveUp, 'failed']] as const) {
      if (!group.length) continue;
      const r = await c.query<{ subscriber_id: number | null; units: number }>(
        `update deliveries d set status = $4, lease_until = null, error = v.err
         from unnest($1::bigint[], $2::text[], $3::int[]) v(id, err, att)
         where d.id = v.id and d.status = 'sending' and d.attempts = v.att
         returning d.subscriber_id, d.units`,
        [group.map((o) => o.id), group.map((o) => o.error), group.map((o) => o.attempts), status],
      );
      released += r.rows.reduce((n, x) => n + x.units, 0);
      if (status === 'bounced') await markSubscribersBounced(c, shopId, r.rows.map((x) => x.subscriber_id));
    }
    // The provider keeps its own STOP list: a number it refuses as opted out is out here too.
    const optedOut = bounced.filter((o) => sms && 'optedOut' in o && o.optedOut).map((o) => o.id);
    if (optedOut.length) await markSmsOptedOut(c, shopId, optedOut);
    // Reports that came back while these were in flight apply now that their outcome is known.
    await applyPendingFeedback(c, outcomes.map((o) => o.id));
    await spendVolume(c, shopId, spent);
    await releaseVolume(c, shopId, released);
  });
}
