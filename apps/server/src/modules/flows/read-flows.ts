import {
  FLOW_KINDS, type FlowDefinition, flowDefinitionSchema, type FlowDetail, type FlowKind, type FlowSummary, isUuid, type Locale,
} from '@storecast/contract';
import { coupons, flows, shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { readSalesAttribution } from '../brand/index.ts';
import { type DefaultCoupon, defaultFlowDefinition, type DefaultFacts } from './default-flows.ts';
import { readAiNote } from './read-ai-note.ts';
import { readAutomationSettings } from './read-automation-settings.ts';

export type FlowRow = typeof flows.$inferSelect;

const DAY = 86_400_000;

/** The language the store writes to its subscribers in. */
export async function readStoreLanguage(deps: Deps, scope: ShopScope): Promise<Locale> {
  const [shop] = await deps.dbh.db.select({ language: shops.language }).from(shops).where(eq(shops.id, scope.shopId));
  return shop?.language === 'en-US' ? 'en-US' : 'zh-CN';
}

/** The store's name, homepage, currency, time zone and language, and the facts copy is written from. */
export async function readStoreFacts(deps: Deps, scope: ShopScope): Promise<DefaultFacts & { timezone: string }> {
  const [shop] = await deps.dbh.db.select({
    name: shops.name, homepageUrl: shops.homepageUrl, currency: shops.currency, timezone: shops.timezone, language: shops.language,
  }).from(shops).where(eq(shops.id, scope.shopId));
  return {
    storeName: shop?.name ?? '', homepageUrl: shop?.homepageUrl ?? '', currency: shop?.currency ?? 'USD', timezone: shop?.timezone ?? 'UTC',
    locale: shop?.language === 'en-US' ? 'en-US' : 'zh-CN', coupon: await pickCoupon(deps, scope),
  };
}

/**
 * The coupon a default offers: one of the store's presets, never more than 30 % off (SPEC
 * section 1), the one nearest 15 % (enough to move a hesitant buyer without training the list to
 * wait for discounts). None when the store has no such preset.
 */
export async function pickCoupon(deps: Deps, scope: ShopScope, target = 15): Promise<DefaultCoupon | null> {
  const rows = await deps.dbh.db.select({ id: coupons.id, code: coupons.code, discount: coupons.discount }).from(coupons).where(scope.where(coupons));
  const fit = rows.filter((c) => c.discount > 0 && c.discount <= 30)
    .sort((a, b) => Math.abs(a.discount - target) - Math.abs(b.discount - target) || a.code.localeCompare(b.code));
  return fit[0] ?? null;
}

/**
 * Every store has one flow of each kind: the missing ones are created with their default
 * definition, written in the store's language whoever reads first. Two first reads at once
 * insert each kind once (unique per store and kind).
 */
export async function ensureFlows(deps: Deps, scope: ShopScope): Promise<FlowRow[]> {
  const have = await deps.dbh.db.select().from(flows).where(scope.where(flows));
  const missing = FLOW_KINDS.filter((k) => !have.some((f) => f.kind === k));
  if (missing.length === 0) return sortByKind(have);
  const facts = await readStoreFacts(deps, scope);
  // Copy for all kinds at once: with an API configured each is a round trip.
  const written = await Promise.all(missing.map((kind) => defaultFlowDefinition(deps, kind, facts)));
  for (const [i, kind] of missing.entries()) {
    const { definition } = written[i]!;
    await deps.dbh.db.insert(flows).values(scope.values({ kind, draft: definition as unknown as Record<string, unknown> }))
      .onConflictDoNothing({ target: [flows.shopId, flows.kind] });
  }
  return sortByKind(await deps.dbh.db.select().from(flows).where(scope.where(flows)));
}

const sortByKind = (rows: FlowRow[]) => [...rows].sort((a, b) => FLOW_KINDS.indexOf(a.kind) - FLOW_KINDS.indexOf(b.kind));

/** One flow of the store, or "not found" for an unknown id or another store's. */
export async function findFlow(deps: Deps, scope: ShopScope, id: string): Promise<FlowRow> {
  if (!isUuid(id)) throw notFound('errors.automation.notFound');
  const [row] = await deps.dbh.db.select().from(flows).where(scope.where(flows, eq(flows.id, id)));
  if (!row) throw notFound('errors.automation.notFound');
  return row;
}

/** A definition as stored, read through the contract (defaults filled in). */
export function parseDefinition(stored: unknown): FlowDefinition {
  const parsed = flowDefinitionSchema.safeParse(stored);
  return parsed.success ? parsed.data : { steps: [], exit_on_purchase: false, utm: { source: 'storecast', medium: 'email', campaign: '' } };
}

/** JSON with sorted keys: jsonb does not keep key order, so definitions compare by content. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}
export const sameDefinition = (a: unknown, b: unknown) => canonical(parseDefinition(a)) === canonical(parseDefinition(b));

/** Summaries of the given flows with their live version, last 30 days and active runs. */
export async function summarizeFlows(deps: Deps, scope: ShopScope, rows: FlowRow[], now = new Date()): Promise<FlowSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const since = new Date(now.getTime() - 30 * DAY);
  const attribution = await readSalesAttribution(deps.dbh.db, scope);
  const { rows: figures } = await deps.dbh.query<{ id: string; number: number | null; definition: unknown; entered: number; active: number; sent: number }>(
    `select f.id, v.number, v.definition,
       (select count(*) from flow_runs r where r.shop_id = $1 and r.flow_id = f.id and r.entered_at >= $3)::int as entered,
       (select count(*) from flow_runs r where r.shop_id = $1 and r.flow_id = f.id and r.status = 'active')::int as active,
       (select count(*) from deliveries d join flow_steps s on s.id = d.strategy_id
         where s.shop_id = $1 and s.flow_id = f.id and d.shop_id = $1 and d.sent_at >= $3)::int as sent
     from flows f left join flow_versions v on v.id = f.live_version_id
     where f.shop_id = $1 and f.id = any($2::uuid[])`,
    [scope.shopId, ids, since],
  );
  const fig = new Map(figures.map((x) => [x.id, x]));
  const sales = await flowSales(deps, scope, ids, since, attribution);
  return rows.map((r) => {
    const f = fig.get(r.id);
    return {
      id: r.id,
      kind: r.kind as FlowKind,
      enabled: r.status === 'on',
      version: f?.number ?? 0,
      unpublished: !f?.number || !sameDefinition(f.definition, r.draft),
      updated_at: r.updatedAt.toISOString(),
      ai_note: readAiNote(r.aiNote),
      last_30_days: {
        entered: f?.entered ?? 0, sent: f?.sent ?? 0, orders: sales.get(r.id)?.orders ?? 0, revenue: sales.get(r.id)?.revenue ?? 0,
      },
      active_runs: f?.active ?? 0,
    };
  });
}

export async function listFlows(deps: Deps, scope: ShopScope) {
  const rows = await ensureFlows(deps, scope);
  return { flows: await summarizeFlows(deps, scope, rows), settings: await readAutomationSettings(deps.dbh.db, scope) };
}

export async function readFlowDetail(deps: Deps, scope: ShopScope, id: string): Promise<FlowDetail> {
  const row = await findFlow(deps, scope, id);
  const [summary] = await summarizeFlows(deps, scope, [row]);
  const [shop] = await deps.dbh.db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, scope.shopId));
  return { ...summary!, draft: parseDefinition(row.draft), currency: shop?.currency ?? 'USD' };
}

/**
 * Orders attributed to flows by the store's sales attribution window (as Segment Send counts
 * them, modules/delivery/read-send-stats.ts): an order placed by a recipient within the window
 * after their open (or click) of one of the flow's messages. An order counts once per flow however
 * many of the flow's messages led to it. Only orders placed since `since`.
 */
export async function flowSales(
  deps: Deps, scope: ShopScope, flowIds: string[], since: Date, attribution: { window_days: number; trigger: 'open' | 'click' },
): Promise<Map<string, { orders: number; revenue: number }>> {
  const trigger = attribution.trigger === 'open' ? 'd.opened_at' : 'd.clicked_at';
  const { rows } = await deps.dbh.query<{ flow_id: string; orders: number; revenue: string }>(
    `select flow_id, count(*)::int as orders, coalesce(sum(total), 0)::bigint as revenue from (
       select distinct s.flow_id, o.id, o.total
       from deliveries d
       join flow_steps s on s.id = d.strategy_id and s.shop_id = d.shop_id
       join orders o on o.shop_id = d.shop_id and o.subscriber_id = d.subscriber_id
       join shops sh on sh.id = d.shop_id and sh.currency = o.currency
       where d.shop_id = $1 and s.flow_id = any($2::uuid[]) and ${trigger} is not null and o.status = 'paid'
         and o.placed_at >= ${trigger} and o.placed_at < ${trigger} + make_interval(days => $3::int) and o.placed_at >= $4
     ) x group by flow_id`,
    [scope.shopId, flowIds, attribution.window_days, since],
  );
  return new Map(rows.map((r) => [r.flow_id, { orders: r.orders, revenue: Number(r.revenue) }]));
}
