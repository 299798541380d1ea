import type { VipState } from '@storecast/contract';
import { shops, type ShopScope, vipServices } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';

const LEVEL_NAMES = ['free', 'starter', 'basic', 'professional'] as const;

export async function readVipState(deps: Deps, scope: ShopScope): Promise<VipState> {
  const { db } = deps.dbh;
  const [shop] = await db.select({ name: shops.name }).from(shops).where(eq(shops.id, scope.shopId));
  const [vip] = await db.select().from(vipServices).where(scope.where(vipServices));
  const level = vip?.level ?? 0;
  // The free level never expires; a paid one expires at its end date.
  const expired = level > 0 && (!vip?.endAt || vip.endAt.getTime() < Date.now());
  return {
    shop: shop?.name ?? '',
    vip_service_id: vip?.id ?? '',
    vip_service_level: level,
    service: LEVEL_NAMES[level] ?? 'free',
    current_month_number: vip?.months ?? 0,
    current_begin_at: vip?.beginAt?.toISOString() ?? '',
    current_end_at: vip?.endAt?.toISOString() ?? '',
    is_auto_renew: vip?.autoRenew ?? false,
    is_expire: expired,
  };
}

/** The level that unlocks features now (SPEC section 4): 0 when the term has ended or there is none. */
export async function readEffectiveLevel(deps: Deps, shopId: string): Promise<number> {
  const [vip] = await deps.dbh.db
    .select({ level: vipServices.level, endAt: vipServices.endAt })
    .from(vipServices)
    .where(eq(vipServices.shopId, shopId));
  if (!vip || vip.level === 0 || !vip.endAt || vip.endAt.getTime() < Date.now()) return 0;
  return vip.level;
}
