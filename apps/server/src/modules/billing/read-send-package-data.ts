import type { SendPackageData } from '@storecast/contract';
import { billingAccounts, sendPackages, type ShopScope } from '@storecast/db';
import { asc, eq, gt } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { availableVolume } from './available-volume.ts';
import { cheapestPerThousand, readChargeCurrency } from './offers/list-offers.ts';

/** The saved card as the header shows it, e.g. `visa •••• 4242`; empty without one. */
async function readPaymentMethod(deps: Deps, shopId: string): Promise<string> {
  const [acc] = await deps.dbh.db
    .select({ brand: billingAccounts.cardBrand, last4: billingAccounts.cardLast4 })
    .from(billingAccounts)
    .where(eq(billingAccounts.shopId, shopId));
  return acc?.last4 ? `${acc.brand ?? 'card'} •••• ${acc.last4}` : '';
}

/** Sending volume of a store over its packs that have not expired (SPEC sections 3 and 9). */
export async function readSendPackageData(deps: Deps, scope: ShopScope): Promise<SendPackageData> {
  const packs = await deps.dbh.db
    .select()
    .from(sendPackages)
    .where(scope.where(sendPackages, gt(sendPackages.expiresAt, new Date())))
    .orderBy(asc(sendPackages.expiresAt));
  const sum = (f: (p: (typeof packs)[number]) => number) => packs.reduce((a, p) => a + f(p), 0);
  const remaining = sum((p) => p.remaining);
  const waiting = sum((p) => p.waiting);
  return {
    total_email_number: sum((p) => p.total),
    total_remainder_email_number: remaining,
    total_wait_send_email_number: waiting,
    total_enable_email_number: availableVolume(packs),
    email_unit_price: cheapestPerThousand(await readChargeCurrency(deps, scope.shopId)),
    payment_method: await readPaymentMethod(deps, scope.shopId),
    effective_send_package_log: packs
      .filter((p) => p.remaining > 0)
      .map((p) => ({
        id: p.id,
        name: p.name,
        expired_at: p.expiresAt.toISOString(),
        remainder_email_number: p.remaining,
      })),
  };
}
