import type { StrategyStats } from '@storecast/contract';
import type { DbHandle } from '@storecast/db';

/** A send's numbers; the contract names them after the first feature that showed them. */
export type SendStats = StrategyStats;

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
export async function readSendStats(
  dbh: DbHandle,
  shopId: string,
  sendIds: string[],
  attribution: { window_days: number; trigger: 'open' | 'click' },
): Promise<Map<string, StrategyStats>> {
  const out = new Map<string, StrategyStats>(sendIds.map((id) => [id, { ...EMPTY }]));
  if (sendIds.length === 0) return out;
  const counts = await dbh.query<Record<string, number> & { strategy_id: string }>(
    `select strategy_id,
       count(*)::int as recipients,
       count(sent_at)::int as sent,
       count(*) filter (where status = 'sent')::int as delivered,
       count(*) filter (where status = 'bounced')::int as bounced,
       count(*) filter (where status = 'failed')::int as failed,
       count(opened_at)::int as opened,
       count(clicked_at)::int as clicked,
       count(unsubscribed_at)::int as unsubscribed,
       count(complained_at)::int as complaints
     from deliveries where shop_id = $1 and strategy_id = any($2::uuid[]) group by strategy_id`,
    [shopId, sendIds],
  );
  for (const r of counts.rows) Object.assign(out.get(r.strategy_id)!, { ...r, strategy_id: undefined });
  const trigger = attribution.trigger === 'open' ? 'd.opened_at' : 'd.clicked_at';
  const orders = await dbh.query<{ strategy_id: string; orders: number; revenue: string }>(
    `select d.strategy_id, count(distinct o.id)::int as orders, coalesce(sum(o.total), 0)::bigint as revenue
     from deliveries d
     join orders o on o.shop_id = d.shop_id and o.subscriber_id = d.subscriber_id
     join shops sh on sh.id = d.shop_id and sh.currency = o.currency
     where d.shop_id = $1 and d.strategy_id = any($2::uuid[]) and ${trigger} is not null and o.status = 'paid'
       and o.placed_at >= ${trigger} and o.placed_at < ${trigger} + make_interval(days => $3::int)
     group by d.strategy_id`,
    [shopId, sendIds, attribution.window_days],
  );
  for (const r of orders.rows) Object.assign(out.get(r.strategy_id)!, { orders: r.orders, revenue: Number(r.revenue) });
  for (const s of out.values()) delete (s as Record<string, unknown>).strategy_id;
  return out;
}
