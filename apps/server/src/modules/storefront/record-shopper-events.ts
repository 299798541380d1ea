import { isUuid, type STOREFRONT_EVENT_TYPES } from '@storecast/contract';
import { type Db, type DbHandle, events, popupDailyStats, popups, type ShopScope, visitors } from '@storecast/db';
import { inArray, sql } from 'drizzle-orm';
import { giveOthersATurn, oneAtATime } from '../../db/take-turns.ts';
import { enterFlowsForEvents, rawConnectionOf } from '../flows/index.ts';
import { today } from './record-sign-up.ts';

const DAY_MS = 86_400_000;

export interface ShopperEvent {
  type: (typeof STOREFRONT_EVENT_TYPES)[number];
  at: number;
  url: string;
  subject?: string;
  properties?: Record<string, string | number | boolean | null>;
}

/**
 * One visitor's batch: the visitor is upserted (last seen now, and the subscriber it was joined
 * to, if any, read back) and every event goes in with the same multi-row INSERT, so a batch
 * costs one statement whatever its size. Times come from the shopper's clock
 * and are clamped to the last day, so a wrong clock cannot place events in the future or years
 * back. Pop-up views also count on the pop-up's day row, for pop-ups of this store only.
 *
 * Batches take turns with other requests: a flood of them (fifty shoppers' pages at once) would
 * otherwise take every database connection, and a health check or an admin's page would wait
 * behind all of it. On the embedded database (one connection in the server's thread) they are
 * written one at a time, each after a turn for the event loop; on PostgreSQL in a few lanes,
 * fewer than the pool holds.
 */
export async function recordShopperEvents(dbh: DbHandle, scope: ShopScope, visitorId: string, batch: ShopperEvent[]): Promise<number> {
  const lanes = shopperEventLanes(dbh.kind);
  lane = (lane + 1) % lanes;
  return oneAtATime(`shopper-events:${lane}`, async () => {
    await giveOthersATurn();
    return writeBatch(dbh.db, scope, visitorId, batch);
  });
}

/** Half of the API's pool (10 connections). */
const POSTGRES_LANES = 5;

/** How many batches are written at once on this kind of database. */
export const shopperEventLanes = (kind: DbHandle['kind']) => (kind === 'pglite' ? 1 : POSTGRES_LANES);
let lane = 0;

async function writeBatch(db: Db, scope: ShopScope, visitorId: string, batch: ShopperEvent[]): Promise<number> {
  const now = Date.now();
  const rows = batch.map((e) => ({
    type: e.type,
    occurred_at: new Date(Math.min(now, Math.max(now - DAY_MS, e.at))).toISOString(),
    subject: e.subject ?? null,
    properties: { ...e.properties, url: e.url },
  }));
  // One statement, one round trip: the visitor's upsert hands its subscriber to the INSERT, and
  // the batch travels as one JSON parameter (a statement's text and plan stay the same whatever
  // the batch's size).
  await db.transaction(async (tx) => {
    const inserted = await tx.execute(sql`
    with v as (
      insert into ${visitors} (shop_id, visitor_id) values (${scope.shopId}, ${visitorId})
      on conflict (shop_id, visitor_id) do update set last_seen_at = now()
      returning subscriber_id
    )
    insert into ${events} (shop_id, subscriber_id, visitor_id, type, occurred_at, subject, properties)
    select ${scope.shopId}, (select subscriber_id from v), ${visitorId}, e.type, e.occurred_at, e.subject, e.properties
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as e(type text, occurred_at timestamptz, subject text, properties jsonb)
    returning id, subscriber_id`);
    // A joined shopper's add to cart, product view or checkout starts its flow, in this transaction.
    const known = (inserted as unknown as { rows: { id: number; subscriber_id: number | null }[] }).rows.filter((r) => r.subscriber_id !== null);
    if (known.length > 0) await enterFlowsForEvents(rawConnectionOf(tx as unknown as Db), scope.shopId, known.map((r) => Number(r.id)));
  });
  await countPopupViews(db, scope, batch);
  return batch.length;
}

async function countPopupViews(db: Db, scope: ShopScope, batch: ShopperEvent[]) {
  const views = new Map<string, number>();
  for (const e of batch) {
    if (e.type === 'popup_viewed' && e.subject && isUuid(e.subject)) views.set(e.subject, (views.get(e.subject) ?? 0) + 1);
  }
  if (views.size === 0) return;
  const mine = await db.select({ id: popups.id }).from(popups).where(scope.where(popups, inArray(popups.id, [...views.keys()])));
  if (mine.length === 0) return;
  const day = today();
  await db.insert(popupDailyStats).values(mine.map((p) => scope.values({ popupId: p.id, day, views: views.get(p.id)! })))
    .onConflictDoUpdate({ target: [popupDailyStats.popupId, popupDailyStats.day], set: { views: sql`${popupDailyStats.views} + excluded.views` } });
}
