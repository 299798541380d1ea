import type { FlowKind } from '@storecast/contract';
import type { RawConnection } from '@storecast/db';

/** Which flow a subscriber's storefront or ingested event starts. */
const EVENT_FLOWS: Record<string, FlowKind> = {
  added_to_cart: 'abandoned-cart',
  viewed_product: 'browse-abandonment',
  started_checkout: 'abandoned-checkout',
};
const EVENT_TYPES = Object.keys(EVENT_FLOWS);
const EVENT_KIND_CASE = `case e.type ${Object.entries(EVENT_FLOWS).map(([t, k]) => `when '${t}' then '${k}'`).join(' ')} end`;

/**
 * The first step of a version: the one no other step leads to (the flattened tree has one
 * root). No steps at all gives null, and the run completes at its first claim.
 */
export const FIRST_STEP_SQL = (versionExpr: string) => `(select fs.id from flow_steps fs where fs.version_id = ${versionExpr}
  and not exists (select 1 from flow_steps p where p.version_id = fs.version_id and (p.next_id = fs.id or p.other_id = fs.id))
  order by fs.created_at, fs.id limit 1)`;

/**
 * The store's flows of these kinds that new runs may enter, with their first step, worked out
 * once per flow (materialised, so it is not evaluated again for every subscriber entering).
 */
const LIVE_FLOWS = (shopParam: string, kindsParam: string) => `with f as materialized (
  select f.id, f.shop_id, f.kind, f.live_version_id, ${FIRST_STEP_SQL('f.live_version_id')} as first_step
  from flows f where f.shop_id = ${shopParam} and f.kind = any(${kindsParam}::text[]) and f.status = 'on' and f.live_version_id is not null)`;

/**
 * Whether the store has any of these flows on with a live version: one probe of the
 * (shop_id, kind) unique index, so a store without flows pays nothing more on its writes.
 */
async function anyFlowOn(c: RawConnection, shopId: string, kinds: readonly FlowKind[]): Promise<boolean> {
  const { rows } = await c.query(
    `select 1 from flows where shop_id = $1 and kind = any($2::text[]) and status = 'on' and live_version_id is not null limit 1`,
    [shopId, kinds],
  );
  return rows.length > 0;
}

/**
 * Runs enter their flow's live version at its first step, due at once (the first step decides
 * any wait). Unique per flow, subscriber and trigger, and one active run per flow and
 * subscriber: entering twice, or while a run is under way, adds nothing.
 */
const INSERT_RUNS = `insert into flow_runs (shop_id, flow_id, version_id, subscriber_id, trigger_key, step_id, due_at, entered_at)`;

/**
 * Storefront and ingested events of known subscribers: add to cart, product views and started
 * checkouts start abandoned cart, browse abandonment and abandoned checkout. Call inside the
 * transaction that wrote the events. Returns how many runs entered.
 */
export async function enterFlowsForEvents(c: RawConnection, shopId: string, eventIds: readonly number[]): Promise<number> {
  if (eventIds.length === 0 || !(await anyFlowOn(c, shopId, Object.values(EVENT_FLOWS)))) return 0;
  const r = await c.query(
    `${LIVE_FLOWS('$1', '$4')}
     ${INSERT_RUNS}
     select distinct on (f.id, e.subscriber_id) f.shop_id, f.id, f.live_version_id, e.subscriber_id, 'event:' || e.id, f.first_step, now(), now()
     from events e join f on f.kind = ${EVENT_KIND_CASE}
     where e.shop_id = $1 and e.id = any($2::bigint[]) and e.subscriber_id is not null and e.type = any($3::text[])
     order by f.id, e.subscriber_id, e.id
     on conflict do nothing`,
    [shopId, eventIds, EVENT_TYPES, Object.values(EVENT_FLOWS)],
  );
  return r.rowCount;
}

/** New subscribed sign-ups (pop-up, ingestion API) start the welcome series, once per subscriber. */
export async function enterWelcome(c: RawConnection, shopId: string, subscriberIds: readonly number[], now: Date): Promise<number> {
  if (subscriberIds.length === 0 || !(await anyFlowOn(c, shopId, ['welcome']))) return 0;
  const r = await c.query(
    `${LIVE_FLOWS('$1', '$4')}
     ${INSERT_RUNS}
     select f.shop_id, f.id, f.live_version_id, s.id, 'signup', f.first_step, $3, $3
     from f join subscribers s on s.shop_id = $1 and s.id = any($2::bigint[]) and s.status = 'subscribed'
     on conflict do nothing`,
    [shopId, subscriberIds, now.toISOString(), ['welcome']],
  );
  return r.rowCount;
}

/** Orders older than this (a store backfilling its history) start no post-purchase flow. */
const POST_PURCHASE_MAX_AGE = '1 day';

/**
 * Orders written by ingestion: active runs whose flow ends on a purchase end now for the
 * subscribers who ordered after entering (status `exited`, reason `purchased`), and a recent paid
 * order starts the post-purchase flow. Call inside the transaction that wrote the orders.
 */
export async function onOrdersPlaced(c: RawConnection, shopId: string, orderIds: readonly number[]): Promise<{ exited: number; entered: number }> {
  // Runs of a flow turned off end at their next claim, so "no flow on" means nothing to do here.
  if (orderIds.length === 0) return { exited: 0, entered: 0 };
  const on = await c.query(`select 1 from flows where shop_id = $1 and status = 'on' limit 1`, [shopId]);
  if (on.rows.length === 0) return { exited: 0, entered: 0 };
  const exited = await c.query(
    `update flow_runs r set status = 'exited', end_reason = 'purchased', lease_until = null, updated_at = now()
     from orders o, flow_versions v
     where o.shop_id = $1 and o.id = any($2::bigint[]) and o.subscriber_id is not null
       and r.shop_id = $1 and r.subscriber_id = o.subscriber_id and r.status = 'active' and o.placed_at >= r.entered_at
       and v.id = r.version_id and coalesce((v.definition->>'exit_on_purchase')::boolean, false)`,
    [shopId, orderIds],
  );
  let entered = 0;
  if (await anyFlowOn(c, shopId, ['post-purchase'])) {
    const r = await c.query(
      `${LIVE_FLOWS('$1', '$3')}
       ${INSERT_RUNS}
       select distinct on (o.subscriber_id) f.shop_id, f.id, f.live_version_id, o.subscriber_id, 'order:' || o.id, f.first_step, now(), now()
       from orders o cross join f
       where o.shop_id = $1 and o.id = any($2::bigint[]) and o.subscriber_id is not null and o.status = 'paid'
         and o.placed_at > now() - interval '${POST_PURCHASE_MAX_AGE}'
       order by o.subscriber_id, o.placed_at desc
       on conflict do nothing`,
      [shopId, orderIds, ['post-purchase']],
    );
    entered = r.rowCount;
  }
  return { exited: exited.rowCount, entered };
}
