import type { PlatformSyncStage } from '@storecast/contract';
import type { platformSyncs } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import type { TokenSource } from './call-platform-api.ts';
import { shoplazzaConsentOf, shoplazzaCustomerItem, shoplazzaOrderItem, shoplazzaProductItem } from './map-shoplazza-webhook.ts';
import { type PagedPlatform, type PagedSyncOptions, runPagedSync } from './run-paged-sync.ts';
import { shoplazzaRequest, ShoplazzaUnauthorized } from './shoplazza-api.ts';

/** The most the lists give per page. */
const PAGE_SIZE = 250;

type Json = Record<string, unknown>;

/** One page of a list by cursor, whether the answer wraps it in `data` (2025-06) or not (older versions). */
async function readPage(deps: Deps, shop: string, token: TokenSource, stage: PlatformSyncStage, cursor: string | null, since: Date) {
  const query: Record<string, string> = { page_size: String(PAGE_SIZE) };
  if (cursor) query.cursor = cursor;
  if (stage === 'orders') query.created_at_min = since.toISOString();
  const app = deps.config.platformApps.shoplazza ?? { apiKey: '', apiSecret: '' };
  const body = await shoplazzaRequest<Json>(app, shop, token, stage, { query });
  const data = (typeof body.data === 'object' && body.data !== null ? body.data : body) as Json;
  const records = (Array.isArray(data[stage]) ? data[stage] : []).filter((r): r is Json => typeof r === 'object' && r !== null);
  const next = typeof data.cursor === 'string' && data.cursor && data.has_more !== false ? data.cursor : null;
  return { records, next };
}

const shoplazza: PagedPlatform = {
  platform: 'shoplazza',
  readPage,
  itemOf(stage, r, currency) {
    if (stage === 'customers') return shoplazzaCustomerItem(r);
    if (stage === 'products') return shoplazzaProductItem(r, currency);
    const m = shoplazzaOrderItem(r, currency);
    return 'item' in m ? m.item : null;
  },
  consentOf: shoplazzaConsentOf,
  refused: (e) => e instanceof ShoplazzaUnauthorized,
};

/**
 * A Shoplazza store's first sync (run-paged-sync.ts): its customer, product and order lists, 250
 * records a page by cursor, at the platform's two requests a second with a 429 waiting its
 * `Retry-After`, each page written with the webhooks' mapping.
 */
export function runShoplazzaSync(deps: Deps, claimed: typeof platformSyncs.$inferSelect, opts: PagedSyncOptions) {
  return runPagedSync(deps, claimed, opts, shoplazza);
}
