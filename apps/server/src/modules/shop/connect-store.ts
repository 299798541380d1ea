import { type Locale, type Platform, parseHomepage } from '@storecast/contract';
import { type Db, sessions, shopMembers, shops, shopScope, users } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import type { SessionContext } from '../auth/index.ts';
import { grantStarterAllowance } from '../billing/index.ts';

export interface StoreInput {
  name: string;
  homepage_url: string;
  currency: string;
  timezone: string;
  /** Left out: unchanged (empty for a new store). */
  postal_address?: string;
  /** Left out: unchanged (for a new store, the connecting admin's language). */
  language?: Locale;
}

/**
 * Connects a store: the user becomes its owner and the session moves onto it. The store writes to
 * its subscribers in the language its owner connected it in.
 */
export async function connectStore(deps: Deps, s: SessionContext, platform: Platform, input: StoreInput, language: Locale) {
  return deps.dbh.db.transaction((tx) => connectStoreIn(tx, s, platform, input, language));
}

/** `connectStore` inside the caller's transaction (a platform's claim links the store in the same one). */
export async function connectStoreIn(tx: Db, s: SessionContext, platform: Platform, input: StoreInput, language: Locale) {
  const [shop] = await tx
    .insert(shops)
    .values({
      name: input.name,
      homepageUrl: input.homepage_url,
      platform,
      platformDomain: parseHomepage(input.homepage_url)!.hostname,
      currency: input.currency,
      timezone: input.timezone,
      language: input.language ?? language,
      postalAddress: input.postal_address ?? '',
    })
    .returning({ id: shops.id });
  const scope = shopScope(shop!.id);
  await tx.insert(shopMembers).values(scope.values({ userId: s.user.id, role: 'owner' as const }));
  await grantStarterAllowance(tx, scope);
  await tx.update(sessions).set({ shopId: shop!.id }).where(eq(sessions.id, s.sessionId));
  await tx.update(users).set({ lastShopId: shop!.id }).where(eq(users.id, s.user.id));
  return { shop_id: shop!.id };
}
