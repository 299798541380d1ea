import { FLOW_SKIP_REASONS, type FlowReport, type FlowSkipReason, walkSteps } from '@storecast/contract';
import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { readSalesAttribution } from '../brand/index.ts';
import { readSendStats } from '../delivery/index.ts';
import { findFlow, flowSales, parseDefinition, summarizeFlows } from './read-flows.ts';

const DAY = 86_400_000;
type Counts = FlowReport['totals'];
const zero = (): Counts => ({ entered: 0, sent: 0, delivered: 0, opened: 0, clicked: 0, sms_sent: 0, sms_clicked: 0, unsubscribed: 0, orders: 0, revenue: 0 });

/** The calendar day of `at` in `timezone`, as YYYY-MM-DD. */
const dayIn = (at: Date, timezone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * A flow's report. Steps are those of the live version (the draft before the first publish), each
 * counted over every version's step with the same key, so numbers survive a re-publish. Per step:
 * runs that reached it (flow_run_steps), its deliveries through the delivery engine's send stats
 * (e-mail or SMS by the step's type, orders by the store's sales attribution), and skips by
 * reason. Totals and steps count the flow's whole life; `daily` covers the last `days` days in
 * the store's time zone.
 */
export async function readFlowReport(deps: Deps, scope: ShopScope, id: string, days: number, now = new Date()): Promise<FlowReport> {
  const flow = await findFlow(deps, scope, id);
  const [summary] = await summarizeFlows(deps, scope, [flow], now);
  const [shop] = await deps.dbh.db.select({ currency: shops.currency, timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const timezone = shop?.timezone ?? 'UTC';
  const live = flow.liveVersionId
    ? (await deps.dbh.query<{ definition: unknown }>(`select definition from flow_versions where id = $1 and shop_id = $2`, [flow.liveVersionId, scope.shopId])).rows[0]?.definition
    : flow.draft;
  const def = parseDefinition(live);
  const attribution = await readSalesAttribution(deps.dbh.db, scope);

  const stepRows = (await deps.dbh.query<{ id: string; key: string; type: string }>(
    `select id, key, type from flow_steps where flow_id = $1 and shop_id = $2`, [flow.id, scope.shopId])).rows;
  const sendIds = stepRows.filter((s) => s.type === 'email' || s.type === 'sms').map((s) => s.id);
  const stats = await readSendStats(deps.dbh, scope.shopId, sendIds, attribution);
  const reached = await deps.dbh.query<{ key: string; outcome: string; reason: string | null; n: number }>(
    `select s.key, r.outcome, r.reason, count(*)::int as n from flow_run_steps r join flow_steps s on s.id = r.step_id
     where r.flow_id = $1 and r.shop_id = $2 group by 1, 2, 3`,
    [flow.id, scope.shopId],
  );
  const byKey = new Map<string, Counts>();
  const skips = new Map<string, Map<FlowSkipReason, number>>();
  const countsOf = (key: string) => byKey.get(key) ?? byKey.set(key, zero()).get(key)!;
  for (const s of stepRows) {
    const st = stats.get(s.id);
    if (!st) continue;
    const c = countsOf(s.key);
    if (s.type === 'sms') {
      c.sms_sent += st.sent;
      c.sms_clicked += st.clicked;
    } else {
      c.sent += st.sent;
      c.delivered += st.delivered;
      c.opened += st.opened;
      c.clicked += st.clicked;
      c.unsubscribed += st.unsubscribed;
    }
    c.orders += st.orders;
    c.revenue += st.revenue;
  }
  for (const r of reached.rows) {
    countsOf(r.key).entered += r.n;
    if ((r.outcome === 'skipped' || r.outcome === 'delayed') && FLOW_SKIP_REASONS.includes(r.reason as FlowSkipReason)) {
      const m = skips.get(r.key) ?? skips.set(r.key, new Map()).get(r.key)!;
      m.set(r.reason as FlowSkipReason, (m.get(r.reason as FlowSkipReason) ?? 0) + r.n);
    }
  }

  const seen = new Map<string, number>();
  const steps: FlowReport['steps'] = walkSteps(def.steps).map(({ step, depth }) => ({
    ...(byKey.get(step.key) ?? zero()),
    key: step.key,
    type: step.type,
    number: seen.set(step.type, (seen.get(step.type) ?? 0) + 1).get(step.type)!,
    depth,
    skipped: [...(skips.get(step.key) ?? new Map<FlowSkipReason, number>())].map(([reason, count]) => ({ reason, count })),
  }));

  const totals = zero();
  for (const c of byKey.values()) {
    for (const k of ['sent', 'delivered', 'opened', 'clicked', 'sms_sent', 'sms_clicked', 'unsubscribed'] as const) totals[k] += c[k];
  }
  const allRuns = await deps.dbh.query<{ n: number }>(`select count(*)::int as n from flow_runs where flow_id = $1 and shop_id = $2`, [flow.id, scope.shopId]);
  totals.entered = allRuns.rows[0]?.n ?? 0;
  const sales = (await flowSales(deps, scope, [flow.id], new Date(0), attribution)).get(flow.id);
  totals.orders = sales?.orders ?? 0;
  totals.revenue = sales?.revenue ?? 0;

  return { flow: summary!, currency: shop?.currency ?? 'USD', totals, steps, daily: await readDaily(deps, scope, flow.id, days, timezone, attribution, now) };
}

async function readDaily(
  deps: Deps, scope: ShopScope, flowId: string, days: number, timezone: string,
  attribution: { window_days: number; trigger: 'open' | 'click' }, now: Date,
): Promise<FlowReport['daily']> {
  const today = dayIn(now, timezone);
  const list = Array.from({ length: days }, (_, i) => new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1 - i) * DAY).toISOString().slice(0, 10));
  // A day more than the range, so the first local day is whole whatever the zone's offset.
  const since = new Date(now.getTime() - (days + 1) * DAY);
  const trigger = attribution.trigger === 'open' ? 'd.opened_at' : 'd.clicked_at';
  const { rows } = await deps.dbh.query<{ day: string; k: 'entered' | 'sent' | 'opened' | 'clicked' | 'revenue'; v: string }>(
    `with steps as (select id from flow_steps where flow_id = $1 and shop_id = $2),
     d as (select d.* from deliveries d where d.shop_id = $2 and d.strategy_id in (select id from steps)),
     ev as (
       select entered_at as t, 'entered' as k, 1::bigint as v from flow_runs where flow_id = $1 and shop_id = $2 and entered_at >= $3
       union all select sent_at, 'sent', 1 from d where sent_at >= $3
       union all select opened_at, 'opened', 1 from d where opened_at >= $3
       union all select clicked_at, 'clicked', 1 from d where clicked_at >= $3
       union all select placed_at, 'revenue', total from (
         select distinct o.id, o.placed_at, o.total from d
         join orders o on o.shop_id = d.shop_id and o.subscriber_id = d.subscriber_id
         join shops sh on sh.id = d.shop_id and sh.currency = o.currency
         where ${trigger} is not null and o.status = 'paid' and o.placed_at >= $3
           and o.placed_at >= ${trigger} and o.placed_at < ${trigger} + make_interval(days => $5::int)
       ) o
     )
     select to_char((t at time zone $4)::date, 'YYYY-MM-DD') as day, k, sum(v)::bigint as v from ev group by 1, 2`,
    [flowId, scope.shopId, since, timezone, attribution.window_days],
  );
  const out = new Map(list.map((day) => [day, { day, entered: 0, sent: 0, opened: 0, clicked: 0, revenue: 0 }]));
  for (const r of rows) {
    const p = out.get(r.day);
    if (p) p[r.k] = Number(r.v);
  }
  return [...out.values()];
}
