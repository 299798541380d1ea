import type { RawConnection } from '@storecast/db';

/**
 * A permanent refusal by the receiving server, at send time or later as a DSN (modules/inbound, record-feedback.ts):
 * never mail these addresses again.
 */
export async function markSubscribersBounced(c: RawConnection, shopId: string, subscriberIds: (number | null)[]) {
  const ids = subscriberIds.filter((x) => x !== null);
  if (!ids.length) return;
  await c.query(
    `update subscribers set status = 'error', updated_at = now() where shop_id = $1 and id = any($2::bigint[]) and status = 'subscribed'`,
    [shopId, ids],
  );
}
