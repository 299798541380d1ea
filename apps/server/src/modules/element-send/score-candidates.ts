import type { RawConnection } from '@storecast/db';

/**
 * The matching rule of Element Send: who is likely to buy a product.
 *
 * A shopper scores for a product from what they did with it in the last 180 days: viewing it
 * counts 1, adding it to the cart 3, buying it 2 (a repeat purchase). What they did with the
 * other active products of the same collection (up to 200 of them, the most recently updated)
 * counts the same way at 0.3 of the weight: interest in the collection, not the product. Each
 * action is weighted by its recency, exp(-age in days / 30), its age counted to the strategy's
 * creation: a view the day before counts about 1, a month before 0.37, three months before 0.05.
 * A shopper's score is the sum. Left out: shoppers
 * who bought this product in the last 30 days (they have it), subscribers who are not
 * `subscribed` or have no e-mail. Anonymous events (no subscriber yet) cannot be mailed and are
 * not read.
 *
 * After the six products are scored, each shopper is kept only for the product they scored
 * highest for (ties go to the lower slot): see assign-matches.ts.
 *
 * One INSERT ... SELECT per product: the product's and its siblings' events come from the
 * partial index `events_shop_product_idx` (shop_id, subject, occurred_at), purchases from
 * `order_items_shop_product_idx` (shop_id, product_id) joined to paid orders.
 */
export const SCORING = {
  viewWeight: 1,
  cartWeight: 3,
  purchaseWeight: 2,
  siblingFactor: 0.3,
  maxSiblings: 200,
  decayDays: 30,
  lookbackDays: 180,
  excludeBoughtDays: 30,
} as const;

export interface ScoreInput {
  strategyId: string;
  shopId: string;
  slot: number;
  /** The store's product id (events.subject, order_items.product_id). */
  productRef: string;
  siblingRefs: string[];
}

/** The store's other active products of the collection whose actions count at the sibling weight. */
export async function loadSiblingRefs(c: Pick<RawConnection, 'query'>, shopId: string, productId: number, collection: string | null) {
  if (!collection) return [];
  const { rows } = await c.query<{ external_id: string }>(
    `select external_id from products
     where shop_id = $1 and collection = $2 and status = 'active' and id <> $3
     order by updated_at desc, id limit ${SCORING.maxSiblings}`,
    [shopId, collection, productId],
  );
  return rows.map((r) => r.external_id);
}

/** Scores the slot's shoppers into element_candidates; returns how many scored. */
export async function scoreCandidates(c: RawConnection, p: ScoreInput): Promise<number> {
  const s = SCORING;
  // Age is counted to one instant for the whole strategy, its creation, not to each slot's now():
  // the six slots are scored at different moments (and a changed product days later), and against
  // each slot's own now() the same actions scored less the later their slot ran, so a shopper equally
  // drawn to two products went to whichever was scored first instead of the lower slot. A constant
  // factor per strategy changes no comparison between its slots.
  // date_part is double precision; extract() would be numeric, whose exp() costs several times more per row.
  const decay = (at: string) =>
    `exp(date_part('epoch', ${at} - (select created_at from strategies where id = $1::uuid)) / ${86_400 * s.decayDays}.0)`;
  const { rowCount } = await c.query(
    `with signals as (
       select e.subscriber_id,
         (case when e.type = 'added_to_cart' then ${s.cartWeight} else ${s.viewWeight} end)
           * (case when e.subject = $4 then 1.0::float8 else ${s.siblingFactor}::float8 end) * ${decay('e.occurred_at')} as w
       from events e
       where e.shop_id = $2 and e.subject = any($5::text[])
         and e.type in ('viewed_product', 'added_to_cart') and e.subscriber_id is not null
         and e.occurred_at > now() - interval '${s.lookbackDays} days'
       union all
       select o.subscriber_id,
         ${s.purchaseWeight} * (case when oi.product_id = $4 then 1.0::float8 else ${s.siblingFactor}::float8 end) * ${decay('o.placed_at')}
       from order_items oi join orders o on o.id = oi.order_id
       where oi.shop_id = $2 and oi.product_id = any($5::text[]) and o.shop_id = $2 and o.status = 'paid'
         and o.subscriber_id is not null and o.placed_at > now() - interval '${s.lookbackDays} days'
     ),
     recent_buyers as (
       select o.subscriber_id
       from order_items oi join orders o on o.id = oi.order_id
       where oi.shop_id = $2 and oi.product_id = $4 and o.shop_id = $2 and o.status = 'paid'
         and o.subscriber_id is not null and o.placed_at > now() - interval '${s.excludeBoughtDays} days'
     ),
     scored as (select subscriber_id, sum(w) as score from signals group by subscriber_id)
     insert into element_candidates (strategy_id, shop_id, slot, subscriber_id, score)
     select $1::uuid, $2::uuid, $3::smallint, sub.id, sc.score
     from scored sc join subscribers sub on sub.id = sc.subscriber_id
     where sub.shop_id = $2 and sub.status = 'subscribed' and sub.email is not null
       and sub.id not in (select subscriber_id from recent_buyers)`,
    [p.strategyId, p.shopId, p.slot, p.productRef, [p.productRef, ...p.siblingRefs]],
  );
  return rowCount;
}
