import {
  chargeCurrency, type DateRangeKey, type DayRange, eachDay, type Overview, type OverviewDay, type OverviewTotals, resolveDateRange,
  type SendNumbers, unitPriceMinor,
} from '@storecast/contract';
import { type Db, type DbHandle, shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';

type Counts = Omit<SendNumbers, 'open_rate' | 'click_rate' | 'unsubscribe_rate'>;
const ZERO: Counts = { sent: 0, delivered: 0, bounced: 0, opened: 0, clicked: 0, unsubscribed: 0, complaints: 0, units: 0, orders: 0, revenue: 0 };
const KEYS = Object.keys(ZERO) as (keyof Counts)[];

function add(into: Counts, row: Counts) {
  for (const k of KEYS) into[k] += Number(row[k]);
}

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

function withRates(c: Counts): SendNumbers {
  return {
    ...c,
    open_rate: ratio(c.opened, c.delivered),
    click_rate: ratio(c.clicked, c.delivered),
    unsubscribe_rate: ratio(c.unsubscribed, c.delivered),
  };
}

/** The store's time zone and currency. */
export async function readShopClock(db: Db, scope: ShopScope): Promise<{ timezone: string; currency: string }> {
  const [row] = await db.select({ timezone: shops.timezone, currency: shops.currency }).from(shops).where(eq(shops.id, scope.shopId));
  return row ?? { timezone: 'UTC', currency: 'USD' };
}

interface SendRow extends Counts { day: string; channel: 'email' | 'sms'; source: string }
interface AudienceRow { day: string; subscribed: number; unsubscribed: number; orders: number; revenue: number }

/**
 * The store's clock and its rollup rows for a range in one round trip. The store's time zone is
 * not known before the answer, so the rows read cover the range as it is in the earliest and the
 * latest zone on earth (UTC-12, UTC+14): a superset, cut to the store's own days afterwards.
 */
export async function readRangeRollups(dbh: DbHandle, scope: ShopScope, key: DateRangeKey, now: Date, withPrevious: boolean) {
  const edges = ['Etc/GMT+12', 'Etc/GMT-14'].map((tz) => resolveDateRange(key, now, tz));
  const lo = edges.map((r) => (withPrevious ? r.previous.start : r.start)).sort()[0]!;
  const hi = edges.map((r) => r.end).sort()[1]!;
  // Plain integer columns (no arrays, no bigint text): the driver parses them cheaply.
  const { rows } = await dbh.query<{ k: number; a: string | null; b: string | null; day: string | null } & Record<`n${number}`, number | string>>(
    `select 0 as k, timezone as a, currency as b, null as day, 0 as n0, 0 as n1, 0 as n2, 0 as n3, 0 as n4, 0 as n5, 0 as n6, 0 as n7, 0 as n8,
       0::float8 as n9
     from shops where id = $1
     union all
     select 1, channel, source, to_char(day, 'YYYY-MM-DD'), sent, delivered, bounced, opened, clicked, unsubscribed, complaints, units, orders, revenue::float8
     from daily_send_stats where shop_id = $1 and day >= $2::date and day <= $3::date
     union all
     select 2, null, null, to_char(day, 'YYYY-MM-DD'), subscribed, unsubscribed, orders, 0, 0, 0, 0, 0, 0, revenue::float8
     from daily_audience_stats where shop_id = $1 and day >= $2::date and day <= $3::date`,
    [scope.shopId, lo, hi],
  );
  const shop = rows.find((r) => Number(r.k) === 0);
  const timezone = shop?.a ?? 'UTC';
  const currency = shop?.b ?? 'USD';
  const range = resolveDateRange(key, now, timezone);
  const sends: SendRow[] = [];
  const audience: AudienceRow[] = [];
  for (const r of rows) {
    const k = Number(r.k);
    if (k === 1) {
      sends.push({
        day: r.day!, channel: r.a as 'email' | 'sms', source: r.b!, sent: Number(r.n0), delivered: Number(r.n1), bounced: Number(r.n2),
        opened: Number(r.n3), clicked: Number(r.n4), unsubscribed: Number(r.n5), complaints: Number(r.n6), units: Number(r.n7),
        orders: Number(r.n8), revenue: Number(r.n9),
      });
    } else if (k === 2) {
      audience.push({ day: r.day!, subscribed: Number(r.n0), unsubscribed: Number(r.n1), orders: Number(r.n2), revenue: Number(r.n9) });
    }
  }
  return { timezone, currency, range, rollups: { sends, audience } };
}

type Rollups = Awaited<ReturnType<typeof readRangeRollups>>['rollups'];
const inRange = (day: string, r: DayRange) => day >= r.start && day <= r.end;

/** ROI is attributed revenue / the volume's cost at list price (`unitPrice`, minor units per unit). */
function totalsOf(rollups: Rollups, r: DayRange, unitPrice: number): OverviewTotals {
  const c = { ...ZERO };
  for (const row of rollups.sends) if (inRange(row.day, r)) add(c, row);
  let newSubs = 0; let lostSubs = 0; let storeOrders = 0; let storeRevenue = 0;
  for (const row of rollups.audience) {
    if (!inRange(row.day, r)) continue;
    newSubs += row.subscribed; lostSubs += row.unsubscribed; storeOrders += row.orders; storeRevenue += Number(row.revenue);
  }
  const cost = c.units * unitPrice;
  return {
    ...withRates(c), cost: Math.round(cost), roi: cost > 0 ? c.revenue / cost : null,
    new_subscribers: newSubs, lost_subscribers: lostSubs, store_orders: storeOrders, store_revenue: storeRevenue,
  };
}

/** The overview of a range against the period before, from the daily rollups only (one query). */
export async function readOverview(dbh: DbHandle, scope: ShopScope, key: DateRangeKey, now = new Date()): Promise<Overview> {
  const { currency, range: r, rollups } = await readRangeRollups(dbh, scope, key, now, true);
  const byChannel = new Map<'email' | 'sms', Counts>();
  const bySource = new Map<string, Counts>();
  const days = new Map<string, OverviewDay>(eachDay(r).map((day) => [day, {
    day, revenue: 0, orders: 0, sent: 0, opened: 0, clicked: 0, subscribed: 0, unsubscribed: 0,
  }]));
  for (const row of rollups.sends) {
    if (!inRange(row.day, r)) continue;
    if (!byChannel.has(row.channel)) byChannel.set(row.channel, { ...ZERO });
    add(byChannel.get(row.channel)!, row);
    if (!bySource.has(row.source)) bySource.set(row.source, { ...ZERO });
    add(bySource.get(row.source)!, row);
    const d = days.get(row.day)!;
    d.revenue += Number(row.revenue); d.orders += row.orders; d.sent += row.sent; d.opened += row.opened; d.clicked += row.clicked;
  }
  for (const row of rollups.audience) {
    const d = days.get(row.day);
    if (!d) continue;
    d.subscribed += row.subscribed; d.unsubscribed += row.unsubscribed;
  }
  const unitPrice = unitPriceMinor(chargeCurrency(currency));
  const totals = totalsOf(rollups, r, unitPrice);
  const previous = totalsOf(rollups, r.previous, unitPrice);
  const quiet = (t: OverviewTotals) => t.sent === 0 && t.orders === 0 && t.store_orders === 0 && t.new_subscribers === 0 && t.lost_subscribers === 0;
  return {
    range: { key, start: r.start, end: r.end, days: r.days },
    previous: r.previous,
    currency,
    unit_price: unitPrice,
    totals,
    previous_totals: previous,
    by_channel: [...byChannel].map(([channel, c]) => ({ channel, ...withRates(c) })).sort((a, b) => a.channel.localeCompare(b.channel)),
    by_source: [...bySource].map(([source, c]) => ({ source, ...withRates(c) })).sort((a, b) => a.source.localeCompare(b.source)),
    series: [...days.values()],
    empty: quiet(totals) && quiet(previous),
  };
}
