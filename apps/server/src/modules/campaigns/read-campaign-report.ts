import {
  addDays, type CampaignReport, type DateRangeKey, dayStartInstant, eachDay, resolveDateRange,
} from '@storecast/contract';
import { campaignDailyStats, type campaigns, type Db, type ShopScope, shops } from '@storecast/db';
import { and, between, eq, sql } from 'drizzle-orm';
import { findCampaignRow, readPrizes } from './find-campaign.ts';
import { goalOf, toCampaignSummary } from './to-campaign.ts';

type Numbers = Omit<CampaignReport['days'][number], 'day'>;
const zero = (): Numbers => ({ views: 0, draws: 0, winners: 0, redeemed: 0, orders: 0, revenue: 0 });

/**
 * What a campaign brought over whole days of the store's time zone: views (the storefront showing
 * it), draws and winners, won coupons used in orders, and those orders with their revenue.
 *
 * An order counts for the campaign when it used a code the campaign gave:
 * - a code of the winner's own (`unique_codes`): whoever placed the order, after the draw;
 * - a preset's shared code won in a draw: only an order by the winner's address, after the draw,
 *   since anyone may type a shared code;
 * - the campaign's own coupon (a discount, a flash sale): any order from the campaign's start.
 * Codes compare without case, as platforms keep them. An order is counted once, for the first
 * code that claims it; paid orders in the store's currency only, as the dashboard counts revenue.
 */
export async function readCampaignReport(db: Db, scope: ShopScope, id: string, key: DateRangeKey, now = new Date()): Promise<CampaignReport> {
  const row = await findCampaignRow(db, scope, id);
  const [shop] = await db.select({ timezone: shops.timezone, currency: shops.currency }).from(shops).where(eq(shops.id, scope.shopId));
  const tz = shop!.timezone;
  const range = resolveDateRange(key, now, tz);
  const from = dayStartInstant(range.start, tz);
  const to = dayStartInstant(addDays(range.end, 1), tz);

  const w: Window = { scope, row, tz, currency: shop!.currency, from, to, start: range.start, end: range.end };
  const [views, draws, used] = await Promise.all([readViews(db, w), readDraws(db, w), readClaimedOrders(db, w)]);
  const byDay = new Map(eachDay(range).map((day) => [day, zero()]));
  const add = (day: string, n: Partial<Numbers>) => {
    const into = byDay.get(day);
    if (!into) return;
    for (const [k, v] of Object.entries(n) as [keyof Numbers, number][]) into[k] += v;
  };
  for (const v of views) add(v.day, { views: v.views });
  for (const d of draws) add(d.day, { draws: d.draws, winners: d.winners });
  for (const u of used) add(u.day, { orders: u.orders, revenue: Number(u.revenue), redeemed: u.redeemed });
  const days = [...byDay].map(([day, n]) => ({ day, ...n }));
  const totals = days.reduce((sum, d) => {
    for (const k of Object.keys(sum) as (keyof Numbers)[]) sum[k] += d[k];
    return sum;
  }, zero());

  const wonOf = sumBy(draws, (d) => d.winners);
  const redeemedOf = sumBy(used, (u) => u.redeemed);
  const prizes = row.type === 'lucky_draw' ? (await readPrizes(db, scope, row.id)).map((p) => ({
    id: p.id, kind: p.kind, label: p.label as { 'zh-CN': string; 'en-US': string },
    won: p.kind === 'none' ? 0 : wonOf.get(p.id) ?? 0, redeemed: redeemedOf.get(p.id) ?? 0, stock_left: p.stockLeft,
  })) : [];
  return {
    campaign: toCampaignSummary(row),
    range: { key, start: range.start, end: range.end },
    goal: await readGoal(db, w),
    currency: shop!.currency,
    totals,
    days,
    prizes,
  };
}

function sumBy<T extends { prize_id: string | null }>(rows: T[], n: (r: T) => number): Map<string, number> {
  const out = new Map<string, number>();
  for (const r of rows) if (r.prize_id) out.set(r.prize_id, (out.get(r.prize_id) ?? 0) + n(r));
  return out;
}

type CampaignRow = typeof campaigns.$inferSelect;
/** One campaign over one stretch of time: instants for timestamps, store days for daily rows. */
interface Window { scope: ShopScope; row: CampaignRow; tz: string; currency: string; from: Date; to: Date; start: string; end: string }

/** Views per store day. */
function readViews(db: Db, w: Window) {
  return db.select({ day: campaignDailyStats.day, views: campaignDailyStats.views }).from(campaignDailyStats)
    .where(w.scope.where(campaignDailyStats, and(eq(campaignDailyStats.campaignId, w.row.id), between(campaignDailyStats.day, w.start, w.end))));
}

/** Draws and winners per store day and prize. */
async function readDraws(db: Db, w: Window) {
  const { rows } = (await db.execute(sql`
    select to_char(created_at at time zone ${w.tz}, 'YYYY-MM-DD') as day, prize_id, count(*)::int as draws,
      count(*) filter (where prize_kind <> 'none')::int as winners
    from campaign_draws
    where shop_id = ${w.scope.shopId}::uuid and campaign_id = ${w.row.id}::uuid
      and created_at >= ${w.from.toISOString()}::timestamptz and created_at < ${w.to.toISOString()}::timestamptz
    group by 1, 2`)) as unknown as { rows: { day: string; prize_id: string | null; draws: number; winners: number }[] };
  return rows;
}

/** The orders the campaign's codes claimed (the rule above), per store day and prize. */
async function readClaimedOrders(db: Db, w: Window) {
  const shopId = w.scope.shopId;
  const id = w.row.id;
  const ownPreset = (w.row.settings as { coupon_preset_id?: string | null }).coupon_preset_id ?? null;
  const { rows } = (await db.execute(sql`
    with given as (
      select d.id as draw_id, d.prize_id, upper(d.coupon_code) as code, null::text as email, d.created_at as since
      from campaign_draws d
      where d.shop_id = ${shopId}::uuid and d.campaign_id = ${id}::uuid and d.coupon_code is not null
      union all
      select d.id, d.prize_id, upper(c.code), lower(d.email), d.created_at
      from campaign_draws d
      join campaign_prizes p on p.id = d.prize_id and p.shop_id = d.shop_id
      join coupons c on c.id = p.coupon_preset_id and c.shop_id = d.shop_id
      where d.shop_id = ${shopId}::uuid and d.campaign_id = ${id}::uuid and d.coupon_code is null and d.prize_kind = 'coupon' and d.email is not null
      union all
      select null, null, upper(c.code), null, coalesce(k.starts_at, k.created_at)
      from campaigns k join coupons c on c.shop_id = k.shop_id and c.id = ${ownPreset}::uuid
      where k.shop_id = ${shopId}::uuid and k.id = ${id}::uuid
    ), claimed as (
      select distinct on (o.id) o.id, o.total, o.placed_at, g.draw_id, g.prize_id
      from orders o
      join given g on o.placed_at >= g.since and (g.email is null or lower(o.email) = g.email)
        and exists (select 1 from unnest(o.discount_codes) u where upper(u) = g.code)
      where o.shop_id = ${shopId}::uuid and o.status = 'paid' and o.currency = ${w.currency}
        and o.placed_at >= ${w.from.toISOString()}::timestamptz and o.placed_at < ${w.to.toISOString()}::timestamptz
        and o.discount_codes is not null
      order by o.id, g.since
    )
    select to_char(placed_at at time zone ${w.tz}, 'YYYY-MM-DD') as day, prize_id, count(*)::int as orders,
      coalesce(sum(total), 0)::bigint as revenue, count(distinct draw_id)::int as redeemed
    from claimed group by 1, 2`)) as unknown as { rows: { day: string; prize_id: string | null; orders: number; revenue: string | number; redeemed: number }[] };
  return rows;
}

/** The goal with what the campaign reached towards it over its whole life so far: only its own number is read. */
async function readGoal(db: Db, w: Window) {
  const goal = goalOf(w.row);
  if (!goal) return null;
  const life: Window = { ...w, from: new Date(0), to: new Date('9999-12-31T00:00:00Z'), start: '0001-01-01', end: '9999-12-31' };
  const sum = <T>(rows: T[], n: (r: T) => number) => rows.reduce((a, r) => a + n(r), 0);
  const m = goal.metric;
  const reached = m === 'views' ? sum(await readViews(db, life), (v) => v.views)
    : m === 'draws' ? sum(await readDraws(db, life), (d) => d.draws)
    : sum(await readClaimedOrders(db, life), (u) => (m === 'orders' ? u.orders : m === 'revenue' ? Number(u.revenue) : u.redeemed));
  return { ...goal, reached };
}
