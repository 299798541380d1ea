import { isUuid } from '@storecast/contract';
import { campaignPrizes, campaigns, type Db, type ShopScope, shops } from '@storecast/db';
import { asc, eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';

/**
 * The campaign, its prizes in order, the store's time zone (its draw periods are the store's days)
 * and homepage (where a prize mail sends the winner).
 */
type Running = { row: typeof campaigns.$inferSelect; prizes: (typeof campaignPrizes.$inferSelect)[]; timezone: string; homepage: string };

/**
 * Every draw reads its campaign and prizes, and a popular wheel is read hundreds of times a
 * second, so they are kept for a second. Stock is never taken from here (the UPDATE decides), and
 * this process's own saves and moves forget the entry at once; another process's are seen within
 * the second. Keyed by the database handle and bounded, as the store-key cache is.
 */
const TTL_MS = 1000;
const MAX_ENTRIES = 10_000;
const caches = new WeakMap<Db, Map<string, { at: number; value: Running | null }>>();

export function forgetRunningDraw(db: Db, scope: ShopScope, campaignId: string) {
  caches.get(db)?.delete(`${scope.shopId}:${campaignId}`);
}

async function load(db: Db, scope: ShopScope, id: string): Promise<Running | null> {
  const [found] = await db.select({ row: campaigns, timezone: shops.timezone, homepage: shops.homepageUrl }).from(campaigns)
    .innerJoin(shops, eq(shops.id, campaigns.shopId))
    .where(scope.where(campaigns, eq(campaigns.id, id), eq(campaigns.type, 'lucky_draw'), eq(campaigns.status, 'enabled')));
  if (!found) return null;
  const { row, timezone, homepage } = found;
  const prizes = await db.select().from(campaignPrizes)
    .where(scope.where(campaignPrizes, eq(campaignPrizes.campaignId, row.id))).orderBy(asc(campaignPrizes.position));
  return { row, prizes, timezone, homepage };
}

/** The store's running lucky draw: enabled, and inside its time window when it has one. */
export async function findRunningDraw(db: Db, scope: ShopScope, id: string, now = new Date()): Promise<Running> {
  if (!isUuid(id)) throw notFound('errors.campaign.notRunning');
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  // The store is part of the key, so one store's key never finds another store's cached campaign.
  const key = `${scope.shopId}:${id}`;
  let hit = cache.get(key);
  if (!hit || now.getTime() - hit.at >= TTL_MS) {
    if (cache.size >= MAX_ENTRIES) cache.clear();
    hit = { at: now.getTime(), value: await load(db, scope, id) };
    cache.set(key, hit);
  }
  const found = hit.value;
  if (!found || (found.row.startsAt && found.row.startsAt > now) || (found.row.endsAt && found.row.endsAt <= now)) {
    throw notFound('errors.campaign.notRunning');
  }
  return found;
}
