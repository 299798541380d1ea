import { ATTRIBUTION_DEFAULTS, type SalesAttribution } from '@storecast/contract';
import { type Db, salesAttribution, type ShopScope } from '@storecast/db';

/**
 * How the store credits orders to e-mails: an order placed within `window_days` after the
 * recipient's open (or click, the default) of an e-mail counts for that e-mail. Defaults
 * (5 days, click) follow the common last-touch convention when the store never chose.
 */
export async function readSalesAttribution(db: Db, scope: ShopScope): Promise<SalesAttribution> {
  const [row] = await db
    .select({ window_days: salesAttribution.windowDays, trigger: salesAttribution.trigger })
    .from(salesAttribution)
    .where(scope.where(salesAttribution));
  return row ?? { ...ATTRIBUTION_DEFAULTS };
}

export async function saveSalesAttribution(db: Db, scope: ShopScope, input: SalesAttribution): Promise<SalesAttribution> {
  const set = { windowDays: input.window_days, trigger: input.trigger };
  await db.insert(salesAttribution).values(scope.values(set))
    .onConflictDoUpdate({ target: salesAttribution.shopId, set: { ...set, updatedAt: new Date() } });
  return readSalesAttribution(db, scope);
}
