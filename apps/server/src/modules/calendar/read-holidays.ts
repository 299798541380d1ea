import { holidaysOf, type Locale, marketOf } from '@storecast/contract';
import { shops, type ShopScope } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';

/** The month's holidays of the store's market (from its currency and time zone), in the caller's language. */
export async function readHolidays(deps: Deps, scope: ShopScope, month: string, locale: Locale) {
  const [shop] = await deps.dbh.db.select({ currency: shops.currency, timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const market = marketOf(shop?.currency ?? 'USD', shop?.timezone ?? 'UTC');
  return { market, items: holidaysOf(market, month).map((h) => ({ id: h.id, date: h.date, name: h.names[locale] })) };
}
