import type { DbHandle } from '@storecast/db';
import { markSubscribersBounced } from '../strategy/deliver-batches.ts';

/**
 * A bounce that came back after the receiving side had accepted the mail: the delivery moves
 * from `sent` to `bounced` (so it no longer counts as delivered) and the address is marked like
 * a refusal at send time. Its volume stays spent: the mail did go out. Only a `sent` delivery
 * moves, so the same report twice changes nothing. True when this call recorded it.
 */
export async function recordBounce(dbh: DbHandle, deliveryId: number, reason: string): Promise<boolean> {
  return dbh.transaction(async (c) => {
    const { rows } = await c.query<{ shop_id: string; subscriber_id: number | null }>(
      `update deliveries set status = 'bounced', error = $2 where id = $1 and status = 'sent' returning shop_id, subscriber_id`,
      [deliveryId, reason.slice(0, 500)],
    );
    const d = rows[0];
    if (!d) return false;
    await markSubscribersBounced(c, d.shop_id, [d.subscriber_id]);
    return true;
  });
}

/**
 * A recipient's "this is spam" relayed by a feedback loop: stamped on the delivery once, and the
 * subscriber becomes `complaint`, which no send reaches. An earlier unsubscribe is overridden,
 * because a complaint is the stronger reason to stay away; a bounced address stays `error`.
 * A repeated report finds the stamp and changes nothing. True when this call recorded it.
 */
export async function recordComplaint(dbh: DbHandle, deliveryId: number): Promise<boolean> {
  return dbh.transaction(async (c) => {
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
  });
}
