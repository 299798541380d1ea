import { DEFAULT_LOCALE, PLATFORM_SYNC_STAGES, type PlatformSyncStage } from '@storecast/contract';
import { customers, type Db, orders, platformConnections, platformSyncs, products, type ShopScope, shopScope, shops } from '@storecast/db';
import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { appSecret } from '../delivery/index.ts';
import { ingestCustomers, ingestOrders, ingestProducts } from '../ingest/index.ts';
import { shoplineCustomerItem, shoplineOrderItem, shoplineProductItem } from './map-shopline-webhook.ts';
import { openSecret } from './seal-secret.ts';
import { shoplineRequest, ShoplineUnauthorized } from './shopline-api.ts';

/** A page of Shopline's lists: the customer list takes at most 250 ("顾客信息列表查询v2"), the paging page 1,000. */
const PAGE_SIZE = 250;
/** Each stage's list and the key its records come in. */
const LISTS: Record<PlatformSyncStage, string> = { customers: 'v2/customers.json', products: 'products/products.json', orders: 'orders.json' };

type Json = Record<string, unknown>;
type SyncRow = typeof platformSyncs.$inferSelect;
interface ShoplineSyncOptions { ordersSince?: () => Date; stopping?: () => boolean }
class LostLease extends Error {}

/**
 * One page: the first of a stage by `limit` (orders of any status since `created_at_min`), the
 * next ones by the `page_info` the last `Link` header gave, which carries the filters itself.
 */
async function readPage(deps: Deps, handle: string, token: string, stage: PlatformSyncStage, pageInfo: string | null, since: Date) {
  const query: Record<string, string> = { limit: String(PAGE_SIZE) };
  if (pageInfo) query.page_info = pageInfo;
  else if (stage === 'orders') Object.assign(query, { status: 'any', created_at_min: since.toISOString() });
  const app = deps.config.platformApps.shopline ?? { apiKey: '', apiSecret: '' };
  const { body, next } = await shoplineRequest<Json>(app, handle, token, LISTS[stage], { query });
  const records = (Array.isArray(body[stage]) ? body[stage] : []).filter((r): r is Json => typeof r === 'object' && r !== null);
  return { records, next };
}

/**
 * A Shopline store's first sync, the same stages and table as the others: each list is read page
 * by page (`Link` header paging, four requests a second, a 429 waiting) and written through the
 * ingestion writers with the webhooks' mapping. After each page the row keeps the next page's
 * `page_info` (in `bulk_operation_id`) and the records written, so a worker that dies resumes at
 * the page after the last one written.
 */
export async function runShoplineSync(deps: Deps, claimed: SyncRow, opts: ShoplineSyncOptions): Promise<'done' | 'failed' | 'stopped'> {
  const db = deps.dbh.db;
  const key = and(eq(platformSyncs.shopId, claimed.shopId), eq(platformSyncs.platform, 'shopline'));
  let lastBeat = claimed.updatedAt;
  const beat = async (set: Partial<SyncRow> = {}) => {
    const now = new Date(Math.max(Date.now(), lastBeat.getTime() + 1));
    const rows = await db.update(platformSyncs).set({ ...set, updatedAt: now })
      .where(and(key, eq(platformSyncs.status, 'running'), eq(platformSyncs.updatedAt, lastBeat))).returning({ at: platformSyncs.updatedAt });
    if (!rows.length) throw new LostLease();
    lastBeat = now;
  };
  const fail = async (error: string) => {
    await db.update(platformSyncs).set({ status: 'failed', error, finishedAt: new Date(), updatedAt: new Date() }).where(and(key, eq(platformSyncs.updatedAt, lastBeat)));
    return 'failed' as const;
  };
  const [link] = await db.select().from(platformConnections).where(and(eq(platformConnections.shopId, claimed.shopId), eq(platformConnections.platform, 'shopline')));
  const [shop] = await db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, claimed.shopId));
  if (!link || !link.sealedToken || !shop) return fail('errors.platformSync.failed');
  if (link.status !== 'authorized') return fail('errors.platformSync.unauthorized');
  let token: string;
  try {
    token = openSecret(await appSecret(deps.config, deps.dbh), link.sealedToken, `${claimed.shopId}:shopline`);
  } catch {
    return fail('errors.platformSync.unauthorized');
  }
  const handle = link.shopDomain.replace(/\.myshopline\.com$/, '');
  const scope = shopScope(claimed.shopId);
  const since = opts.ordersSince?.() ?? new Date(Date.now() - 365 * 86_400_000);
  let stage = claimed.stage as PlatformSyncStage;
  let pageInfo = claimed.bulkOperationId;
  let offset = claimed.stageOffset;
  let done = claimed.rowsDone;
  try {
    for (;;) {
      if (opts.stopping?.()) return 'stopped';
      const page = await readPage(deps, handle, token, stage, pageInfo, since);
      await writePage(db, scope, stage, page.records, shop.currency);
      offset += page.records.length;
      done += page.records.length;
      if (page.next) {
        pageInfo = page.next;
        await beat({ stage, bulkOperationId: pageInfo, stageOffset: offset, rowsDone: done });
        continue;
      }
      const totals = { ...claimed.stageTotals, [stage]: offset };
      claimed = { ...claimed, stageTotals: totals };
      const next = PLATFORM_SYNC_STAGES[PLATFORM_SYNC_STAGES.indexOf(stage) + 1];
      if (!next) {
        await beat({ status: 'done', finishedAt: new Date(), stageTotals: totals, rowsDone: done, bulkOperationId: null });
        return 'done';
      }
      [stage, pageInfo, offset] = [next, null, 0];
      await beat({ stage, bulkOperationId: null, stageOffset: 0, rowsDone: done, stageTotals: totals });
    }
  } catch (e) {
    if (e instanceof LostLease) return 'stopped';
    if (e instanceof ShoplineUnauthorized) return fail('errors.platformSync.unauthorized');
    throw e;
  }
}

const TABLES = { customers, products, orders } as const;

/**
 * Writes one page: records a webhook has stored newer (the platform's `updated_at`) are left as
 * they are, and each written record keeps its `updated_at`, so an older webhook later loses.
 */
async function writePage(db: Db, scope: ShopScope, stage: PlatformSyncStage, records: Json[], currency: string) {
  const t = TABLES[stage];
  const ids = records.map((r) => String(r.id ?? ''));
  const { rows } = (await db.execute(sql`select ${t.externalId} as id, ${t.platformUpdatedAt} as at from ${t}
    where ${t.shopId} = ${scope.shopId} and ${t.externalId} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
      and ${t.platformUpdatedAt} is not null`)) as unknown as { rows: { id: string; at: string | Date }[] };
  const stored = new Map(rows.map((r) => [r.id, new Date(r.at).getTime()]));
  const fresh = records.filter((r) => {
    const at = stored.get(String(r.id));
    const mine = typeof r.updated_at === 'string' ? Date.parse(r.updated_at) : Number.NaN;
    return at === undefined || Number.isNaN(mine) || mine >= at;
  });
  if (!fresh.length) return;
  // The writers check each item as the ingestion API does; one they refuse is skipped, not fatal.
  if (stage === 'customers') await ingestCustomers(db, scope, { customers: fresh.map(shoplineCustomerItem) }, DEFAULT_LOCALE);
  else if (stage === 'products') await ingestProducts(db, scope, { products: fresh.map((p) => shoplineProductItem(p, currency)) }, DEFAULT_LOCALE);
  else {
    const items = fresh.map((o) => shoplineOrderItem(o, currency)).flatMap((m) => ('item' in m ? [m.item] : []));
    if (items.length) await ingestOrders(db, scope, { orders: items }, DEFAULT_LOCALE);
  }
  const timed = fresh.filter((r) => typeof r.updated_at === 'string' && !Number.isNaN(Date.parse(r.updated_at)))
    .map((r) => ({ id: String(r.id), at: new Date(r.updated_at as string).toISOString() }));
  if (!timed.length) return;
  await db.execute(sql`update ${t} set platform_updated_at = greatest(${t.platformUpdatedAt}, v.at)
    from jsonb_to_recordset(${JSON.stringify(timed)}::jsonb) as v(id text, at timestamptz)
    where ${t.shopId} = ${scope.shopId} and ${t.externalId} = v.id`);
}
