import { LIMITS } from '@storecast/contract';
import { type Db, sendPackageLogs, sendPackages, type ShopScope, vipServices } from '@storecast/db';

/**
 * A new store starts on the free level with a small allowance of sending volume, so the header
 * shows real numbers and a first campaign can go out before anything is bought.
 */
export async function grantStarterAllowance(tx: Db, scope: ShopScope) {
  const [pack] = await tx
    .insert(sendPackages)
    .values(scope.values({
      name: 'starter',
      kind: 'starter',
      total: LIMITS.starterEmailAllowance,
      remaining: LIMITS.starterEmailAllowance,
      expiresAt: new Date(Date.now() + LIMITS.starterAllowanceDays * 86_400_000),
    }))
    .returning({ id: sendPackages.id });
  await tx.insert(sendPackageLogs).values(scope.values({ packageId: pack!.id, kind: 'recharge' as const, amount: LIMITS.starterEmailAllowance }));
  await tx.insert(vipServices).values(scope.values({ level: 0, months: 0 }));
}
