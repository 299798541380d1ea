import { popupConditionsSchema, popupContentSchema } from '@storecast/contract';
import { type DbHandle, popups, shops } from '@storecast/db';

/** The shop page every storefront benchmark posts from: the origin the store's key accepts. */
export const BENCH_ORIGIN = 'https://bench-shop.example.com';

/**
 * A store on `BENCH_ORIGIN` with one enabled pop-up, so event batches can carry pop-up views as
 * the script sends them. Returns the store's public key and the pop-up's id.
 */
export async function seedPopupShop(dbh: DbHandle): Promise<{ shopId: string; key: string; popupId: string }> {
  const [shop] = await dbh.db.insert(shops).values({
    name: 'Bench Shop', homepageUrl: BENCH_ORIGIN, platform: 'custom', platformDomain: new URL(BENCH_ORIGIN).host, currency: 'USD', timezone: 'UTC',
  }).returning({ id: shops.id, key: shops.publicKey });
  const texts = { title: 'Hi', button: 'Go', consent: 'I agree', success_title: 'Thanks' };
  const [popup] = await dbh.db.insert(popups).values({
    shopId: shop!.id, kind: 'main', name: 'Bench pop-up', enabled: true,
    content: popupContentSchema.parse({ texts: { 'zh-CN': texts, 'en-US': texts } }), conditions: popupConditionsSchema.parse({}),
  }).returning({ id: popups.id });
  return { shopId: shop!.id, key: shop!.key, popupId: popup!.id };
}
