import { formatMoney, type Locale, translateError } from '@storecast/contract';
import { exports, shops, shopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { readSalesAttribution } from '../brand/index.ts';
import { EXPORT_PAGE, writeExportFile } from './write-export-file.ts';

export const ORDER_COLUMNS = [
  'order_id', 'placed_at', 'customer_email', 'status', 'currency', 'total', 'total_minor', 'items',
  'attributed', 'attributed_send', 'send_type', 'channel',
];

/** What an order export's record keeps as its filter. */
export interface OrderExportFilter { from: string; to: string; locale: Locale }

interface OrderRow {
  id: string; external_id: string; placed_at: string; email: string | null; status: string; currency: string; total: string;
  items: number; send_id: string | null; channel: string | null; strategy_name: string | null; strategy_kind: string | null; flow_kind: string | null;
}

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Writes the store's orders placed in the export's days (store time zone) with their
 * attribution, by the rule the send reports use (read-send-stats.ts): a paid order in the store's
 * currency counts for the latest e-mail or SMS its buyer opened (or clicked, as the store chose)
 * within the window before it. Pages by order id and saves progress after each page.
 */
export async function runOrderExport(deps: Deps, rec: typeof exports.$inferSelect): Promise<void> {
  const { db } = deps.dbh;
  const filter = rec.filter as unknown as OrderExportFilter;
  const scope = shopScope(rec.shopId);
  const [shop] = await db.select({ timezone: shops.timezone, currency: shops.currency }).from(shops).where(eq(shops.id, rec.shopId));
  const tz = shop?.timezone ?? 'UTC';
  const attribution = await readSalesAttribution(db, scope);
  const trigger = attribution.trigger === 'open' ? 'd.opened_at' : 'd.clicked_at';
  const range = `o.shop_id = $1 and o.placed_at >= ($2::timestamp at time zone $4) and o.placed_at < (($3::date + 1)::timestamp at time zone $4)`;
  const counted = await deps.dbh.query<{ n: number }>(`select count(*)::int as n from orders o where ${range}`, [rec.shopId, filter.from, filter.to, tz]);
  const total = counted.rows[0]?.n ?? 0;
  await db.update(exports).set({ totalRows: total, processedRows: 0 }).where(eq(exports.id, rec.id));

  const t = (key: string) => translateError(filter.locale, `notices.orderExport.${key}`);
  let lastId = 0;
  await writeExportFile(deps, rec, ORDER_COLUMNS, 'Orders', async () => {
    const { rows } = await deps.dbh.query<OrderRow>(
      `select o.id::text as id, o.external_id, to_char(o.placed_at at time zone $4, 'YYYY-MM-DD HH24:MI:SS') as placed_at,
         o.email, o.status, o.currency, o.total::text as total,
         (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id and i.shop_id = o.shop_id) as items,
         a.strategy_id::text as send_id, a.channel,
         (select s.name from strategies s where s.id = a.strategy_id and s.shop_id = o.shop_id) as strategy_name,
         (select s.kind from strategies s where s.id = a.strategy_id and s.shop_id = o.shop_id) as strategy_kind,
         (select f.kind from flow_steps fs join flows f on f.id = fs.flow_id and f.shop_id = fs.shop_id
           where fs.id = a.strategy_id and fs.shop_id = o.shop_id) as flow_kind
       from orders o
       left join lateral (
         select d.strategy_id, d.channel from deliveries d
         where o.status = 'paid' and o.currency = $5 and o.subscriber_id is not null
           and d.shop_id = o.shop_id and d.subscriber_id = o.subscriber_id and ${trigger} is not null
           and o.placed_at >= ${trigger} and o.placed_at < ${trigger} + make_interval(days => $6::int)
         order by ${trigger} desc, d.id desc limit 1
       ) a on true
       where ${range} and o.id > $7
       order by o.id limit $8`,
      [rec.shopId, filter.from, filter.to, tz, shop?.currency ?? '', attribution.window_days, lastId, EXPORT_PAGE[deps.dbh.kind]],
    );
    if (rows.length === 0) return null;
    lastId = Number(rows[rows.length - 1]!.id);
    return rows.map((r) => {
      const minor = Number(r.total);
      const attributed = r.send_id !== null;
      const sendType = !attributed ? '' : r.flow_kind ? 'flow' : (r.strategy_kind ?? '');
      const sendName = !attributed ? '' : r.flow_kind ? t(`flows.${camel(r.flow_kind)}`) : (r.strategy_name ?? '');
      return [
        r.external_id, r.placed_at, r.email ?? '', r.status, r.currency, formatMoney(minor, r.currency), String(minor), String(r.items),
        t(attributed ? 'yes' : 'no'), sendName, sendType, r.channel ?? '',
      ];
    });
  });
}
