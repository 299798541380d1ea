import type { DbHandle } from '@storecast/db';
import { type ConsentSource, nameConsentSource } from '../audience/index.ts';

/**
 * An open or click: the first of each stamps the delivery, every one moves the subscriber's
 * last_open_at / last_click_at, and the first of each per delivery lands in `events`, so
 * segments such as "opened in 7 days" see it. The event's `strategy_id` property names the send
 * (stored data keeps its name: segments and reports read it).
 */
export async function recordEngagement(dbh: DbHandle, deliveryId: number, kind: 'opened' | 'clicked', url: string | null) {
  await dbh.transaction(async (c) => {
    const col = kind === 'opened' ? 'opened_at' : 'clicked_at';
    const first = await c.query<{ shop_id: string; subscriber_id: number | null; strategy_id: string }>(
      `update deliveries set ${col} = now()
       where id = $1 and ${col} is null returning shop_id, subscriber_id, strategy_id`,
      [deliveryId],
    );
    const { rows } = first.rowCount ? first : await c.query<{ shop_id: string; subscriber_id: number | null; strategy_id: string }>(
      `select shop_id, subscriber_id, strategy_id from deliveries where id = $1`, [deliveryId]);
    const d = rows[0];
    if (!d?.subscriber_id) return;
    await c.query(
      kind === 'opened'
        ? `update subscribers set last_open_at = now() where id = $1`
        : `update subscribers set last_click_at = now() where id = $1`,
      [d.subscriber_id],
    );
    if (first.rowCount) {
      await c.query(
        `insert into events (shop_id, subscriber_id, type, occurred_at, subject, properties) values ($1, $2, $3, now(), $4, $5)`,
        [d.shop_id, d.subscriber_id, kind, url ?? d.strategy_id, JSON.stringify({ strategy_id: d.strategy_id, delivery_id: deliveryId })],
      );
    }
  });
}

/**
 * Subscriber status `unsubscribed` (unless already out for another reason), stamped on the
 * delivery: the one-click POST, the page's button and a mailto unsubscribe (modules/inbound).
 */
export async function unsubscribeDelivery(dbh: DbHandle, deliveryId: number, from: ConsentSource) {
  await dbh.transaction(async (c) => {
    await nameConsentSource(c, from);
    const { rows } = await c.query<{ shop_id: string; subscriber_id: number | null; strategy_id: string }>(
      `update deliveries set unsubscribed_at = coalesce(unsubscribed_at, now()) where id = $1 returning shop_id, subscriber_id, strategy_id`,
      [deliveryId],
    );
    const d = rows[0];
    if (!d?.subscriber_id) return;
    const r = await c.query(
      `update subscribers set status = 'unsubscribed', updated_at = now() where id = $1 and shop_id = $2 and status = 'subscribed'`, [d.subscriber_id, d.shop_id]);
    if (r.rowCount) {
      await c.query(
        `insert into events (shop_id, subscriber_id, type, occurred_at, subject, properties) values ($1, $2, 'unsubscribed', now(), $3, $4)`,
        [d.shop_id, d.subscriber_id, d.strategy_id, JSON.stringify({ strategy_id: d.strategy_id, delivery_id: deliveryId })],
      );
    }
  });
}

/** The store and address behind an unsubscribe token's delivery, for the confirmation page. */
export async function readRecipient(dbh: DbHandle, deliveryId: number): Promise<{ email: string; store: string } | null> {
  const { rows } = await dbh.query<{ email: string; store: string }>(
    `select d.email, s.name as store from deliveries d join shops s on s.id = d.shop_id where d.id = $1`, [deliveryId]);
  return rows[0] ?? null;
}

/** Link number `index` recorded for the delivery's send, the only place a click may lead. */
export async function readTrackedLink(dbh: DbHandle, deliveryId: number, index: number): Promise<string | null> {
  const { rows } = await dbh.query<{ url: string }>(
    `select l.url from deliveries d join strategy_links l on l.strategy_id = d.strategy_id and l.idx = $2 where d.id = $1`,
    [deliveryId, index],
  );
  return rows[0]?.url ?? null;
}
