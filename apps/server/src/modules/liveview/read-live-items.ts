import type { LiveCounter, LiveItem } from '@storecast/contract';
import type { DbHandle } from '@storecast/db';

/** How far a store's feed has read: the highest id seen in each source. */
export interface LiveCursor { event: number; order: number; subscriber: number }

const WINDOW = `now() - interval '30 minutes'`;
const FEED_EVENTS = `('viewed_page', 'viewed_product', 'added_to_cart', 'started_checkout', 'opened', 'clicked')`;
/** Imported lists are not sign-ups happening now; nor are orders or subscribers backfilled with old dates. */
const SIGN_UP = `source <> 'import'`;
/** Rows per source per read; more wait for the next second, in order. */
export const LIVE_BATCH = 100;

/** The newest ids, where a store's feed starts. */
export async function readLiveStart(dbh: DbHandle): Promise<LiveCursor> {
  const { rows } = await dbh.query<{ e: string | null; o: string | null; s: string | null }>(
    `select (select max(id) from events)::text as e, (select max(id) from orders)::text as o, (select max(id) from subscribers)::text as s`);
  const r = rows[0]!;
  return { event: Number(r.e ?? 0), order: Number(r.o ?? 0), subscriber: Number(r.s ?? 0) };
}

/**
 * The last 30 minutes up to the cursor, so the increments that follow (everything after it)
 * never count a row twice.
 */
export async function readLiveCounts(dbh: DbHandle, shopId: string, c: LiveCursor): Promise<Record<LiveCounter, number>> {
  const { rows } = await dbh.query<Record<LiveCounter, string>>(
    `select
       (select count(distinct visitor_id) from events where shop_id = $1 and type = 'viewed_page' and occurred_at >= ${WINDOW} and id <= $2)::int as visitors,
       (select count(*) from subscribers where shop_id = $1 and subscribed_at >= ${WINDOW} and ${SIGN_UP} and id <= $4)::int as sign_ups,
       (select count(*) from events where shop_id = $1 and type = 'added_to_cart' and occurred_at >= ${WINDOW} and id <= $2)::int as cart_adds,
       (select count(*) from orders where shop_id = $1 and placed_at >= ${WINDOW} and id <= $3)::int as orders,
       (select count(*) from events where shop_id = $1 and type = 'opened' and occurred_at >= ${WINDOW} and id <= $2)::int as opens`,
    [shopId, c.event, c.order, c.subscriber],
  );
  const r = rows[0]!;
  return { visitors: Number(r.visitors), sign_ups: Number(r.sign_ups), cart_adds: Number(r.cart_adds), orders: Number(r.orders), opens: Number(r.opens) };
}

interface RawItem {
  src: 'e' | 'o' | 's'; id: number; type: string; at: string; email: string | null; subscriber_id: number | null;
  visitor_id: string | null; subject: string | null; amount: number | null; currency: string | null; new_visitor: boolean | null;
}

/** Ids below the cursor read again each time: rows whose transaction committed after a higher id was read. */
export const LIVE_LOOKBACK = 500;

/** Ids per source, as the `{1,2}` array literal a bigint[] parameter takes on either database. */
export interface LiveIds { event: number[]; order: number[]; subscriber: number[] }
const arr = (ids: number[]) => `{${ids.join(',')}}`;

/** The lower bound of the next read: a lookback under the cursor, never below where the feed started. */
export const lowerBound = (c: LiveCursor, floor: LiveCursor): LiveCursor => ({
  event: Math.max(floor.event, c.event - LIVE_LOOKBACK),
  order: Math.max(floor.order, c.order - LIVE_LOOKBACK),
  subscriber: Math.max(floor.subscriber, c.subscriber - LIVE_LOOKBACK),
});

/**
 * The store's ids between `lower` and the cursor: what a new listener's first counts already
 * include, so the feed does not hand those to it again when a late commit makes them appear.
 */
export async function readCountedIds(dbh: DbHandle, shopId: string, lower: LiveCursor, c: LiveCursor): Promise<LiveIds> {
  const { rows } = await dbh.query<{ src: string; id: string }>(
    `(select 'e' as src, id::text as id from events where id > $2 and id <= $3 and shop_id = $1)
     union all (select 'o', id::text from orders where id > $4 and id <= $5 and shop_id = $1)
     union all (select 's', id::text from subscribers where id > $6 and id <= $7 and shop_id = $1)`,
    [shopId, lower.event, c.event, lower.order, c.order, lower.subscriber, c.subscriber],
  );
  const of = (src: string) => rows.filter((r) => r.src === src).map((r) => Number(r.id));
  return { event: of('e'), order: of('o'), subscriber: of('s') };
}

/**
 * Everything of one store after `lower` that was not delivered yet, in one statement (one
 * snapshot): events the feed follows, orders and new subscribers, each read from its primary
 * key upwards. Ids are handed out before commit, so a row may appear under an id already passed:
 * reading again from a little under the cursor (LIVE_LOOKBACK) and leaving out what was
 * delivered catches it. A source that returned less than a batch has nothing more up to its
 * newest id in that snapshot, so its cursor moves to that id, past the rows of other stores.
 */
export async function readLiveItems(
  dbh: DbHandle, shopId: string, c: LiveCursor, lower: LiveCursor, delivered: LiveIds,
): Promise<{ items: LiveItem[]; cursor: LiveCursor }> {
  const { rows } = await dbh.query<{ items: RawItem[] | string | null; e: string | null; o: string | null; s: string | null }>(
    `select
       (select json_agg(x order by x.at, x.src, x.id) from (
         (select 'e' as src, e.id, e.type, e.occurred_at as at, s.email, e.subscriber_id, e.visitor_id, e.subject,
             null::bigint as amount, null::text as currency,
             (e.type = 'viewed_page' and not exists (
               select 1 from events p where p.shop_id = $1 and p.type = 'viewed_page' and p.visitor_id = e.visitor_id
                 and p.occurred_at >= ${WINDOW} and p.id < e.id)) as new_visitor
           from events e left join subscribers s on s.id = e.subscriber_id
           where e.id > $2 and e.shop_id = $1 and e.type in ${FEED_EVENTS} and not (e.id = any($5::bigint[]))
           order by e.id limit ${LIVE_BATCH})
         union all
         (select 'o', o.id, 'order', o.placed_at, o.email, o.subscriber_id, null, o.external_id, o.total, o.currency, null
           from orders o where o.id > $3 and o.shop_id = $1 and o.placed_at >= ${WINDOW} and not (o.id = any($6::bigint[]))
           order by o.id limit ${LIVE_BATCH})
         union all
         (select 's', s.id, 'signed_up', s.subscribed_at, s.email, s.id, null, null, null, null, null
           from subscribers s where s.id > $4 and s.shop_id = $1 and ${SIGN_UP} and s.subscribed_at >= ${WINDOW}
             and not (s.id = any($7::bigint[]))
           order by s.id limit ${LIVE_BATCH})
       ) x) as items,
       (select max(id) from events)::text as e, (select max(id) from orders)::text as o, (select max(id) from subscribers)::text as s`,
    [shopId, lower.event, lower.order, lower.subscriber, arr(delivered.event), arr(delivered.order), arr(delivered.subscriber)],
  );
  const r = rows[0]!;
  const raw: RawItem[] = typeof r.items === 'string' ? JSON.parse(r.items) as RawItem[] : (r.items ?? []);
  const next = (src: RawItem['src'], max: string | null, from: number) => {
    const mine = raw.filter((i) => i.src === src);
    if (mine.length >= LIVE_BATCH) return Math.max(from, ...mine.map((i) => Number(i.id)));
    return Math.max(from, Number(max ?? 0));
  };
  return {
    cursor: { event: next('e', r.e, c.event), order: next('o', r.o, c.order), subscriber: next('s', r.s, c.subscriber) },
    items: raw.map(toLiveItem),
  };
}

const toLiveItem = (i: RawItem): LiveItem => ({
  key: `${i.src}${i.id}`,
  type: i.type as LiveItem['type'],
  at: new Date(i.at).toISOString(),
  email: i.email,
  subscriber_id: i.subscriber_id === null ? null : String(i.subscriber_id),
  visitor_id: i.visitor_id,
  subject: i.subject,
  amount: i.amount === null ? null : Number(i.amount),
  currency: i.currency,
  new_visitor: i.new_visitor === true,
});

/** Lines a new listener's feed starts with. */
export const RECENT_ITEMS = 20;
/** Orders and sign-ups for the first lines are looked for among this many newest ids of all stores. */
const RECENT_SPAN = 5000;

/**
 * The newest lines of the last 30 minutes up to the cursor, so a page that opens does not start
 * empty. Events come per type from `events_shop_type_time_idx`; orders and sign-ups from a short
 * range of their primary key, as neither has an index by store and time.
 */
export async function readRecentItems(dbh: DbHandle, shopId: string, c: LiveCursor): Promise<LiveItem[]> {
  const types = ['viewed_page', 'viewed_product', 'added_to_cart', 'started_checkout', 'opened', 'clicked'];
  const eventBranches = types.map((type) => `(select 'e' as src, e.id, e.type, e.occurred_at as at, s.email, e.subscriber_id, e.visitor_id,
      e.subject, null::bigint as amount, null::text as currency,
      (e.type = 'viewed_page' and not exists (
        select 1 from events p where p.shop_id = $1 and p.type = 'viewed_page' and p.visitor_id = e.visitor_id
          and p.occurred_at >= ${WINDOW} and p.id < e.id)) as new_visitor
    from events e left join subscribers s on s.id = e.subscriber_id
    where e.shop_id = $1 and e.type = '${type}' and e.occurred_at >= ${WINDOW} and e.id <= $2
    order by e.occurred_at desc limit ${RECENT_ITEMS})`);
  const { rows } = await dbh.query<{ items: RawItem[] | string | null }>(
    `select json_agg(x order by x.at desc, x.src desc, x.id desc) as items from (
       select * from (
         ${eventBranches.join(' union all ')}
         union all
         (select 'o', o.id, 'order', o.placed_at, o.email, o.subscriber_id, null, o.external_id, o.total, o.currency, null
           from orders o where o.id > $3 - ${RECENT_SPAN} and o.id <= $3 and o.shop_id = $1 and o.placed_at >= ${WINDOW}
           order by o.id desc limit ${RECENT_ITEMS})
         union all
         (select 's', s.id, 'signed_up', s.subscribed_at, s.email, s.id, null, null, null, null, null
           from subscribers s where s.id > $4 - ${RECENT_SPAN} and s.id <= $4 and s.shop_id = $1 and ${SIGN_UP}
             and s.subscribed_at >= ${WINDOW}
           order by s.id desc limit ${RECENT_ITEMS})
       ) a order by a.at desc limit ${RECENT_ITEMS}
     ) x`,
    [shopId, c.event, c.order, c.subscriber],
  );
  const items = rows[0]?.items;
  return (typeof items === 'string' ? JSON.parse(items) as RawItem[] : (items ?? [])).map(toLiveItem);
}
