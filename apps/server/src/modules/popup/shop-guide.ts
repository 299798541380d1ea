import { type Db, type ShopGuide, type ShopScope, shops } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';

/**
 * The pop-up menus' guide state (`shops.guide`, shown as the session user's `shop_guide`):
 * 0 not started, 1 in use, 2 hidden by the owner (SPEC section 2 hides the menu entry on 2).
 * Saving the subscription pop-up starts `subscribe_popup`, creating a pop-up of the centre
 * starts `popup_strategy`; only the owner hides or shows a menu again, and using a feature
 * never shows a menu the owner hid.
 */
type GuideKey = keyof ShopGuide;

const orDefault = (g: Partial<ShopGuide> | null | undefined): ShopGuide => ({
  subscribe_popup: g?.subscribe_popup ?? 1,
  popup_strategy: g?.popup_strategy ?? 1,
});

// `shops` is the store itself rather than a store-owned table, so the scope names it by its id.
const ownShop = (scope: ShopScope) => eq(shops.id, scope.shopId);

export async function readGuide(db: Db, scope: ShopScope): Promise<ShopGuide> {
  const [row] = await db.select({ guide: shops.guide }).from(shops).where(ownShop(scope));
  return orDefault(row?.guide);
}

/** Sets the given flags to 1 (shown) or 2 (hidden), keeping the others. */
export async function saveGuide(db: Db, scope: ShopScope, input: Partial<Record<GuideKey, 1 | 2>>): Promise<ShopGuide> {
  const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(patch).length === 0) return readGuide(db, scope);
  const [row] = await db.update(shops)
    .set({ guide: sql`${shops.guide} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(ownShop(scope)).returning({ guide: shops.guide });
  return orDefault(row?.guide);
}

/** Marks a feature as in use when it was not started (0); 1 and 2 stay as they are. */
export async function startGuide(db: Db, scope: ShopScope, key: GuideKey): Promise<void> {
  await db.update(shops)
    .set({ guide: sql`jsonb_set(${shops.guide}, ${`{${key}}`}::text[], '1'::jsonb)` })
    .where(sql`${ownShop(scope)} and coalesce((${shops.guide} ->> ${key})::int, 0) = 0`);
}
