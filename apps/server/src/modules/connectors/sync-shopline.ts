import type { PlatformSyncStage } from '@storecast/contract';
import type { platformSyncs } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import type { TokenSource } from './call-platform-api.ts';
import { shoplineConsentOf, shoplineCustomerItem, shoplineOrderItem, shoplineProductItem } from './map-shopline-webhook.ts';
import { type PagedPlatform, type PagedSyncOptions, runPagedSync } from './run-paged-sync.ts';
import { shoplineRequest, ShoplineUnauthorized } from './shopline-api.ts';

/** A page of Shopline's lists: the customer list takes at most 250 ("顾客信息列表查询v2"), the paging page 1,000. */
const PAGE_SIZE = 250;
/** Each stage's list and the key its records come in. */
const LISTS: Record<PlatformSyncStage, string> = { customers: 'v2/customers.json', products: 'products/products.json', orders: 'orders.json' };

type Json = Record<string, unknown>;

/**
 * One page: the first of a stage by `limit` (orders of any status since `created_at_min`), the
 * next ones by the `page_info` the last `Link` header gave, which carries the filters itself.
 */
async function readPage(deps: Deps, domain: string, token: TokenSource, stage: PlatformSyncStage, pageInfo: string | null, since: Date) {
  const handle = domain.replace(/\.myshopline\.com$/, '');
  const query: Record<string, string> = { limit: String(PAGE_SIZE) };
  if (pageInfo) query.page_info = pageInfo;
  else if (stage === 'orders') Object.assign(query, { status: 'any', created_at_min: since.toISOString() });
  const app = deps.config.platformApps.shopline ?? { apiKey: '', apiSecret: '' };
  const { body, next } = await shoplineRequest<Json>(app, handle, token, LISTS[stage], { query });
  const records = (Array.isArray(body[stage]) ? body[stage] : []).filter((r): r is Json => typeof r === 'object' && r !== null);
  return { records, next };
}

const shopline: PagedPlatform = {
  platform: 'shopline',
  readPage,
  itemOf(stage, r, currency) {
    if (stage === 'customers') return shoplineCustomerItem(r);
    if (stage === 'products') return shoplineProductItem(r, currency);
    const m = shoplineOrderItem(r, currency);
    return 'item' in m ? m.item : null;
  },
  consentOf: shoplineConsentOf,
  refused: (e) => e instanceof ShoplineUnauthorized,
};

/**
 * A Shopline store's first sync (run-paged-sync.ts): its customer, product and order lists, 250
 * records a page by the `Link` header's `page_info`, at four requests a second with a 429
 * waiting, each page written with the webhooks' mapping.
 */
export function runShoplineSync(deps: Deps, claimed: typeof platformSyncs.$inferSelect, opts: PagedSyncOptions) {
  return runPagedSync(deps, claimed, opts, shopline);
}
