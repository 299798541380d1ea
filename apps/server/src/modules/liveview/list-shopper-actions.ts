import { SHOPPER_ACTION_TYPES, type ShopperAction, type ShopperActionType, type userActionQuerySchema } from '@storecast/contract';
import type { DbHandle, ShopScope } from '@storecast/db';
import type { z } from 'zod';
import { AppError } from '../../http/app-error.ts';

type Filter = z.output<typeof userActionQuerySchema>;

const EVENT_TYPES = SHOPPER_ACTION_TYPES.filter((t) => t !== 'order');

/** Where the next page starts: the last row's time (epoch microseconds), source (0 event, 1 order) and id. */
interface Cursor { micros: bigint; src: 0 | 1; id: bigint }

/** The time as ISO text with milliseconds, whatever the session's time zone. */
export const ISO_AT = `to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const CURSOR = /^(\d{1,16})\.([01])\.(\d{1,18})$/;

export function parseCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  const m = CURSOR.exec(raw);
  if (!m) throw new AppError('errors.liveview.badCursor', 400);
  return { micros: BigInt(m[1]!), src: m[2] === '1' ? 1 : 0, id: BigInt(m[3]!) };
}

interface Row {
  src: number; id: string; type: string; at: string; micros: string; subscriber_id: string | null; visitor_id: string | null;
  email: string | null; subject: string | null; amount: string | null; currency: string | null;
}

/**
 * Shopper actions newest first, keyset-paged over events and orders together (ordered by time,
 * then orders before events, then id). Each event type is its own branch reading
 * `events_shop_type_time_idx` (or, for one shopper, `events_subscriber_type_idx`) backwards for
 * at most a page, and orders read `orders_shop_subscriber_idx` or the store's orders by time, so
 * a page costs a few short index scans however many million events the store has.
 */
export async function listShopperActions(dbh: DbHandle, scope: ShopScope, f: Filter) {
  const cursor = parseCursor(f.cursor);
  const params: unknown[] = [scope.shopId];
  const p = (v: unknown) => { params.push(v); return `$${params.length}`; };
  const tz = `(select timezone from shops where id = $1)`;
  let subscriberId: string | null = null;
  if (f.email) {
    const { rows } = await dbh.query<{ id: string }>(
      `select id::text as id from subscribers where shop_id = $1 and email = $2`, [scope.shopId, f.email.toLowerCase()]);
    if (!rows[0]) return { items: [], next_cursor: null };
    subscriberId = rows[0].id;
  }
  const limit = f.page_size + 1;
  const timeBounds = (col: string) => [
    f.from ? `${col} >= (${p(f.from)}::date::timestamp at time zone ${tz})` : '',
    f.to ? `${col} < ((${p(f.to)}::date + 1)::timestamp at time zone ${tz})` : '',
  ].filter(Boolean);
  const at = cursor ? `('epoch'::timestamptz + ${p(cursor.micros.toString())}::bigint * interval '1 microsecond')` : '';
  const after = (col: string, src: 0 | 1) => {
    if (!cursor) return [];
    // Orders come before events at the same instant: past an order, all events of that instant remain.
    if (src === cursor.src) return [`(${col}, id) < (${at}, ${p(cursor.id.toString())}::bigint)`];
    return [src === 0 ? `${col} <= ${at}` : `${col} < ${at}`];
  };
  const branches: string[] = [];
  const types: ShopperActionType[] = f.type ? [f.type] : [...SHOPPER_ACTION_TYPES];
  for (const type of types) {
    if (type === 'order') {
      const where = ['o.shop_id = $1', ...timeBounds('o.placed_at'), ...after('o.placed_at', 1).map((c) => c.replace('(o.placed_at, id)', '(o.placed_at, o.id)'))];
      if (subscriberId) where.push(`o.subscriber_id = ${p(subscriberId)}::bigint`);
      branches.push(`(select 1 as src, o.id, 'order' as type, o.placed_at as at, o.subscriber_id, null::text as visitor_id,
        coalesce(o.email, s.email) as email, o.external_id as subject, o.total as amount, o.currency
        from orders o left join subscribers s on s.id = o.subscriber_id
        where ${where.join(' and ')} order by o.placed_at desc, o.id desc limit ${limit})`);
    } else if ((EVENT_TYPES as string[]).includes(type)) {
      const where = [
        subscriberId ? `e.subscriber_id = ${p(subscriberId)}::bigint and e.shop_id = $1` : 'e.shop_id = $1',
        `e.type = ${p(type)}`, ...timeBounds('e.occurred_at'),
        ...after('e.occurred_at', 0).map((c) => c.replace('(e.occurred_at, id)', '(e.occurred_at, e.id)')),
      ];
      branches.push(`(select 0 as src, e.id, e.type, e.occurred_at as at, e.subscriber_id, e.visitor_id,
        s.email, e.subject, null::bigint as amount, null::text as currency
        from events e left join subscribers s on s.id = e.subscriber_id
        where ${where.join(' and ')} order by e.occurred_at desc, e.id desc limit ${limit})`);
    }
  }
  const { rows } = await dbh.query<Row>(
    `select src, id::text as id, type, ${ISO_AT} as at, (extract(epoch from at) * 1000000)::bigint::text as micros,
       subscriber_id::text as subscriber_id, visitor_id, email, subject, amount::text as amount, currency
     from (${branches.join(' union all ')}) a order by a.at desc, a.src desc, a.id desc limit ${limit}`,
    params,
  );
  const page = rows.slice(0, f.page_size);
  const last = page[page.length - 1];
  return {
    items: page.map(toAction),
    next_cursor: rows.length > f.page_size && last ? `${last.micros}.${last.src}.${last.id}` : null,
  };
}

export function toAction(r: Omit<Row, 'micros'>): ShopperAction {
  return {
    key: `${Number(r.src) === 1 ? 'o' : 'e'}${r.id}`,
    type: r.type,
    occurred_at: r.at,
    subscriber_id: r.subscriber_id,
    visitor_id: r.visitor_id,
    email: r.email,
    subject: r.subject,
    amount: r.amount === null ? null : Number(r.amount),
    currency: r.currency,
  };
}
