import { type Db, shopScope, shops } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { StorefrontStore } from '../../http/route-access.ts';
import { storeOrigins } from '../popup/index.ts';
import { homepageOnLoopback } from './store-origins.ts';

const TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;
const caches = new WeakMap<Db, Map<string, { at: number; store: StorefrontStore | null }>>();

/**
 * The store a public key names, with its CORS origins. Every storefront request asks, so answers
 * (unknown keys too) are kept for ten seconds: a homepage change reaches CORS that much later.
 * Bounded, so a flood of made-up keys cannot grow it without end.
 */
export async function resolveStoreKey(db: Db, key: string): Promise<StorefrontStore | null> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < TTL_MS) return hit.store;
  const [row] = await db.select({ id: shops.id, name: shops.name, homepageUrl: shops.homepageUrl, platformDomain: shops.platformDomain })
    .from(shops).where(eq(shops.publicKey, key)).limit(1);
  const store = row
    ? { scope: shopScope(row.id), name: row.name, origins: storeOrigins(row), loopback: homepageOnLoopback(row.homepageUrl) }
    : null;
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, { at: now, store });
  return store;
}
