import { type RawConnection, subscribers as s } from '@storecast/db';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

const dialect = new PgDialect();

/**
 * A send's recipients become deliveries in one INSERT … SELECT over the subscribers matching
 * `where` (the caller's audience, already scoped to the store). Unique per send and subscriber,
 * so running it twice adds nobody. Returns how many rows it added. Run inside the caller's
 * transaction, which also reserves the volume for them.
 */
export async function addRecipients(c: RawConnection, shopId: string, sendId: string, where: SQL): Promise<number> {
  const q = dialect.sqlToQuery(sql`insert into deliveries (shop_id, strategy_id, subscriber_id, email)
    select ${shopId}::uuid, ${sendId}::uuid, ${s.id}, ${s.email} from ${s} where ${where}
    on conflict (strategy_id, subscriber_id) where run_id is null do nothing`);
  const r = await c.query(q.sql, q.params);
  return r.rowCount;
}

/**
 * Like addRecipients, for a send whose recipients get different e-mails: `select` yields
 * `subscriber_id, email, variant` (the caller's query, already scoped to the store) and each
 * delivery keeps its variant, which the plan's `render` receives. Same uniqueness, same count.
 */
export async function addRecipientsFrom(c: RawConnection, shopId: string, sendId: string, select: SQL): Promise<number> {
  const q = dialect.sqlToQuery(sql`insert into deliveries (shop_id, strategy_id, subscriber_id, email, variant)
    select ${shopId}::uuid, ${sendId}::uuid, x.subscriber_id, x.email, x.variant from (${select}) as x(subscriber_id, email, variant)
    on conflict (strategy_id, subscriber_id) where run_id is null do nothing`);
  const r = await c.query(q.sql, q.params);
  return r.rowCount;
}

/** The links of the send's content, by index: the only targets its click redirects may have. */
export async function recordSendLinks(c: RawConnection, shopId: string, sendId: string, links: readonly string[]) {
  await c.query(`delete from strategy_links where strategy_id = $1`, [sendId]);
  if (links.length === 0) return;
  await c.query(
    `insert into strategy_links (shop_id, strategy_id, idx, url) select $1::uuid, $2::uuid, i - 1, u from unnest($3::text[]) with ordinality v(u, i)`,
    [shopId, sendId, links],
  );
}

/**
 * Cancels the send's deliveries no live worker holds: queued ones, and claims whose lease
 * ended. A batch in flight finishes and is recorded (and paid) by its worker, which cancels its
 * retries once the source no longer reports the send as sending. Returns the volume units the
 * cancelled ones held (one per e-mail), for the caller to release their reserved volume in the same transaction.
 */
export async function cancelIdleDeliveries(c: RawConnection, sendId: string): Promise<number> {
  const r = await c.query<{ units: number }>(
    `with x as (
       update deliveries set status = 'cancelled', lease_until = null
       where strategy_id = $1 and (status = 'queued' or (status = 'sending' and lease_until < now()))
       returning units
     ) select coalesce(sum(units), 0)::int as units from x`,
    [sendId],
  );
  return r.rows[0]?.units ?? 0;
}

/**
 * Deletes a send's deliveries and links, for a source deleting its record (deliveries name the
 * send without a foreign key, as sends belong to several sources). Only for a send that is not
 * sending: the volume ledger keeps what was spent.
 */
export async function deleteSendRecords(c: RawConnection, shopId: string, sendId: string): Promise<void> {
  await c.query(`delete from deliveries where strategy_id = $1 and shop_id = $2`, [sendId, shopId]);
  await c.query(`delete from strategy_links where strategy_id = $1 and shop_id = $2`, [sendId, shopId]);
}
