import type { StrategyStats } from '@storecast/contract';
import type { DbHandle } from '@storecast/db';

/** A send's numbers; the contract names them after the first feature that showed them. */
export type SendStats = StrategyStats;

type Attribution = { window_days: number; trigger: 'open' | 'click' };

const EMPTY: StrategyStats = {
  recipients: 0, sent: 0, delivered: 0, bounced: 0, failed: 0, opened: 0, clicked: 0, unsubscribed: 0, complaints: 0, orders: 0, revenue: 0,
};

/**
 * Numbers of sends of one store, counted from their deliveries (one grouped scan each
 * for delivery states and for attributed orders). Orders count for a send when placed by
 * its recipient within `windowDays` after their open (or click) of it, in the store's currency.
 * Delivered means accepted by the receiving server and not bounced later: a DSN received by
 * modules/inbound moves a sent delivery to `bounced`, so delivered is sent minus bounces.
 */
export async function readSendStats(dbh: DbHandle, shopId: string, sendIds: string[], attribution: Attribution): Promise<Map<string, StrategyStats>> {
  const out = new Map<string, StrategyStats>(sendIds.map((id) => [id, { ...EMPTY }]));
  if (sendIds.length === 0) return out;
  const rows = await countGrouped(dbh, 'strategy_id', `d.shop_id = $1 and d.strategy_id = any($2::uuid[])`, [shopId, sendIds], attribution);
  for (const [k, v] of rows) Object.assign(out.get(k as string)!, v);
  return out;
}

/**
 * One send's numbers per variant of its e-mail (an Element Send's product slots), by the same
 * rules as readSendStats, so the variants add up to the send's numbers. Variants nobody was
 * recorded for are absent.
 */
export async function readVariantStats(dbh: DbHandle, shopId: string, sendId: string, attribution: Attribution): Promise<Map<number, StrategyStats>> {
  const rows = await countGrouped(dbh, 'variant', `d.shop_id = $1 and d.strategy_id = $2::uuid and d.variant is not null`, [shopId, sendId], attribution);
  const out = new Map<number, StrategyStats>();
  for (const [k, v] of rows) out.set(Number(k), { ...EMPTY, ...v });
  return out;
}

/** Counts and attributed orders grouped by one delivery column; `where` uses $1 and $2. */
async function countGrouped(
  dbh: DbHandle,
  by: 'strategy_id' | 'variant',
  where: string,
  params: unknown[],
  attribution: Attribution,
): Promise<Map<string | number, Partial<StrategyStats>>> {
  const out = new Map<string | number, Partial<StrategyStats>>();
  const counts = await dbh.query<Record<string, number> & { k: string | number }>(
    `select d.${by} as k,
       count(*)::int as recipients,
       count(d.sent_at)::int as sent,
       count(*) filter (where d.status = 'sent')::int as delivered,
       count(*) filter (where d.status = 'bounced')::int as bounced,
       count(*) filter (where d.status = 'failed')::int as failed,
       count(d.opened_at)::int as opened,
       count(d.clicked_at)::int as clicked,
       count(d.unsubscribed_at)::int as unsubscribed,
       count(d.complained_at)::int as complaints
     from deliveries d where ${where} group by d.${by}`,
    params,
  );
  for (const { k, ...r } of counts.rows) out.set(k, r);
  const trigger = attribution.trigger === 'open' ? 'd.opened_at' : 'd.clicked_at';
  const orders = await dbh.query<{ k: string | number; orders: number; revenue: string }>(
    `select d.${by} as k, count(distinct o.id)::int as orders, coalesce(sum(o.total), 0)::bigint as revenue
     from deliveries d
     join orders o on o.shop_id = d.shop_id and o.subscriber_id = d.subscriber_id
     join shops sh on sh.id = d.shop_id and sh.currency = o.currency
     where ${where} and ${trigger} is not null and o.status = 'paid'
       and o.placed_at >= ${trigger} and o.placed_at < ${trigger} + make_interval(days => $3::int)
     group by d.${by}`,
    [...params, attribution.window_days],
  );
  for (const r of orders.rows) out.set(r.k, { ...out.get(r.k), orders: r.orders, revenue: Number(r.revenue) });
  return out;
}
