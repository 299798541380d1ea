import type { DbHandle, RawConnection } from '@storecast/db';
import { markSubscribersBounced } from './mark-subscribers-bounced.ts';

/** What a report did: applied now, kept until its delivery's outcome is recorded, or nothing. */
export type FeedbackResult = 'recorded' | 'held' | null;

/**
 * A bounce that came back after the receiving side had accepted the mail: the delivery moves
 * from `sent` to `bounced` (so it no longer counts as delivered) and the address is marked like
 * a refusal at send time. Its volume stays spent: the mail did go out. A report for a delivery
 * still in flight (the relay took the mail before the worker recorded it) is held in
 * `pending_feedback` and applied with the outcome (applyPendingFeedback). Only a `sent` delivery
 * moves, so the same report twice changes nothing.
 */
export async function recordBounce(dbh: DbHandle, deliveryId: number, reason: string): Promise<FeedbackResult> {
  return dbh.transaction(async (c) => {
    const held = await holdIfInFlight(c, deliveryId, 'bounce', reason);
    if (held !== undefined) return held;
    return (await bounceSent(c, deliveryId, reason)) ? 'recorded' : null;
  });
}

/**
 * A recipient's "this is spam" relayed by a feedback loop: stamped on the delivery once, and the
 * subscriber becomes `complaint`, which no send reaches. An earlier unsubscribe is overridden,
 * because a complaint is the stronger reason to stay away; a bounced address stays `error`.
 * A repeated report finds the stamp and changes nothing; one for a delivery in flight is held.
 */
export async function recordComplaint(dbh: DbHandle, deliveryId: number): Promise<FeedbackResult> {
  return dbh.transaction(async (c) => {
    const held = await holdIfInFlight(c, deliveryId, 'complaint', '');
    if (held !== undefined) return held;
    return (await complainSent(c, deliveryId)) ? 'recorded' : null;
  });
}

/**
 * Applies and forgets the held reports of these deliveries once they left `queued`/`sending`;
 * called in the transaction that records their outcomes. A report for a delivery that ended
 * other than `sent` (bounced at send time, given up, cancelled) has nothing left to change.
 */
export async function applyPendingFeedback(c: RawConnection, deliveryIds: number[]) {
  if (!deliveryIds.length) return;
  const { rows } = await c.query<{ delivery_id: string | number; kind: 'bounce' | 'complaint'; reason: string }>(
    `delete from pending_feedback p using deliveries d
     where p.delivery_id = any($1::bigint[]) and d.id = p.delivery_id and d.status not in ('queued', 'sending')
     returning p.delivery_id, p.kind, p.reason`,
    [deliveryIds],
  );
  // Bounces first, so an address both bounced and complained about ends `error`, as it would
  // had the reports come after the outcome in that order.
  for (const r of rows.sort((x, y) => (x.kind === y.kind ? 0 : x.kind === 'bounce' ? -1 : 1))) {
    if (r.kind === 'bounce') await bounceSent(c, Number(r.delivery_id), r.reason);
    else await complainSent(c, Number(r.delivery_id));
  }
}

/**
 * Locks the delivery, so an outcome being recorded at the same moment either came first (the
 * report sees `sent`) or waits and then finds the held report. Undefined: not in flight.
 */
async function holdIfInFlight(c: RawConnection, deliveryId: number, kind: 'bounce' | 'complaint', reason: string): Promise<FeedbackResult | undefined> {
  const { rows } = await c.query<{ status: string; shop_id: string; sent_at: Date | null }>(
    `select status, shop_id, sent_at from deliveries where id = $1 for update`, [deliveryId]);
  const d = rows[0];
  if (!d) return null;
  if ((d.status !== 'queued' && d.status !== 'sending') || d.sent_at !== null) return undefined;
  const r = await c.query(
    `insert into pending_feedback (delivery_id, shop_id, kind, reason) values ($1, $2, $3, $4) on conflict do nothing`,
    [deliveryId, d.shop_id, kind, reason.slice(0, 500)],
  );
  return r.rowCount ? 'held' : null;
}

async function bounceSent(c: RawConnection, deliveryId: number, reason: string): Promise<boolean> {
  const { rows } = await c.query<{ shop_id: string; subscriber_id: number | null }>(
    `update deliveries set status = 'bounced', error = $2 where id = $1 and status = 'sent' returning shop_id, subscriber_id`,
    [deliveryId, reason.slice(0, 500)],
  );
  const d = rows[0];
  if (!d) return false;
  await markSubscribersBounced(c, d.shop_id, [d.subscriber_id]);
  return true;
}

async function complainSent(c: RawConnection, deliveryId: number): Promise<boolean> {
  const { rows } = await c.query<{ shop_id: string; subscriber_id: number | null }>(
    `update deliveries set complained_at = now() where id = $1 and complained_at is null and sent_at is not null
     returning shop_id, subscriber_id`,
    [deliveryId],
  );
  const d = rows[0];
  if (!d) return false;
  if (d.subscriber_id !== null) {
    await c.query(
      `update subscribers set status = 'complaint', updated_at = now()
       where id = $1 and shop_id = $2 and status in ('subscribed', 'unsubscribed')`,
      [d.subscriber_id, d.shop_id],
    );
  }
  return true;
}
