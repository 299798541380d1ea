import type { ShopperProfile } from '@storecast/contract';
import { type Db, type DbHandle, type ShopScope, shops, subscribers as s } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { AppError, notFound } from '../../http/app-error.ts';
import { activityLevelSql } from '../audience/index.ts';
import { ISO_AT, toAction } from './list-shopper-actions.ts';

const RECENT = 20;
const notFoundShopper = () => notFound('errors.liveview.shopperNotFound');

/**
 * One shopper (SPEC 7, /people/ukey-info) by subscriber id or storefront visitor id: a visitor
 * joined to a subscriber shows that subscriber; one who never signed up shows what it did.
 * Both ids are looked up within the session's store only, so another store's id is not found.
 */
export async function readShopperProfile(
  dbh: DbHandle, scope: ShopScope, q: { subscriber_id?: string; visitor_id?: string },
): Promise<ShopperProfile> {
  const db: Db = dbh.db;
  let subscriberId: number | null = null;
  let visitor: { visitor_id: string; subscriber_id: string | null; first_seen_at: string } | null = null;
  if (q.subscriber_id) {
    if (!/^\d{1,18}$/.test(q.subscriber_id)) throw notFoundShopper();
    subscriberId = Number(q.subscriber_id);
  } else if (q.visitor_id) {
    const { rows } = await dbh.query<{ visitor_id: string; subscriber_id: string | null; first_seen_at: string }>(
      `select visitor_id, subscriber_id::text as subscriber_id, to_char(first_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first_seen_at
       from visitors where shop_id = $1 and visitor_id = $2`, [scope.shopId, q.visitor_id]);
    visitor = rows[0] ?? null;
    if (!visitor) throw notFoundShopper();
    if (visitor.subscriber_id) subscriberId = Number(visitor.subscriber_id);
  } else {
    throw new AppError('errors.liveview.shopperRequired', 400);
  }
  const [shop] = await db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, scope.shopId));
  const currency = shop?.currency ?? 'USD';
  if (subscriberId === null) {
    return {
      subscriber_id: null, visitor_id: visitor!.visitor_id, email: null, phone: null, first_name: '', last_name: '',
      status: null, activity_level: null, order_count: 0, total_spent: 0, currency, last_order_at: null,
      first_seen_at: visitor!.first_seen_at, consent: null, sms_status: null,
      recent: await recentActions(dbh, scope, null, visitor!.visitor_id),
    };
  }
  const [row] = await db.select({
    id: s.id, email: s.email, phone: s.phone, firstName: s.firstName, lastName: s.lastName, status: s.status,
    level: activityLevelSql(), orderCount: s.orderCount, totalSpent: s.totalSpent, lastOrderAt: s.lastOrderAt,
    createdAt: s.createdAt, consent: s.consent, smsStatus: s.smsStatus,
  }).from(s).where(scope.where(s, eq(s.id, subscriberId)));
  if (!row) throw notFoundShopper();
  return {
    subscriber_id: String(row.id), visitor_id: visitor?.visitor_id ?? null, email: row.email, phone: row.phone,
    first_name: row.firstName, last_name: row.lastName, status: row.status, activity_level: row.level,
    order_count: row.orderCount, total_spent: Number(row.totalSpent), currency,
    last_order_at: row.lastOrderAt?.toISOString() ?? null,
    first_seen_at: visitor?.first_seen_at ?? row.createdAt.toISOString(),
    consent: row.consent ? { source: row.consent.source, at: row.consent.at, popup_name: row.consent.popup_name ?? null } : null,
    sms_status: row.smsStatus ?? null,
    // The shopper's own events carry no address of their own: the profile's is theirs.
    recent: (await recentActions(dbh, scope, subscriberId, null)).map((a) => ({ ...a, email: a.email ?? row.email })),
  };
}

/** The shopper's newest events and orders, whichever came last. */
async function recentActions(dbh: DbHandle, scope: ShopScope, subscriberId: number | null, visitorId: string | null) {
  const who = subscriberId !== null ? 'subscriber_id = $2' : 'visitor_id = $2 and e.subscriber_id is null';
  const orders = subscriberId !== null
    ? `union all (select 1 as src, o.id, 'order' as type, o.placed_at as at, o.subscriber_id, null::text as visitor_id, o.email,
         o.external_id as subject, o.total as amount, o.currency from orders o
         where o.shop_id = $1 and o.subscriber_id = $2 order by o.placed_at desc limit ${RECENT})`
    : '';
  const { rows } = await dbh.query<Parameters<typeof toAction>[0]>(
    `select src, id::text as id, type, ${ISO_AT} as at, subscriber_id::text as subscriber_id, visitor_id, email, subject,
       amount::text as amount, currency
     from ((select 0 as src, e.id, e.type, e.occurred_at as at, e.subscriber_id, e.visitor_id, null::text as email, e.subject,
         null::bigint as amount, null::text as currency from events e
         where e.shop_id = $1 and e.${who} order by e.occurred_at desc limit ${RECENT}) ${orders}) a
     order by a.at desc, a.src desc, a.id desc limit ${RECENT}`,
    [scope.shopId, subscriberId ?? visitorId],
  );
  return rows.map(toAction);
}
