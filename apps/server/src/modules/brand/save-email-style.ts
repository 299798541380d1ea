import type { EmailStyle } from '@storecast/contract';
import { type Db, emailStyles, type ShopScope } from '@storecast/db';

/** Saves the whole style document (the route validated it with the contract). */
export async function saveEmailStyle(db: Db, scope: ShopScope, style: EmailStyle): Promise<EmailStyle> {
  await db
    .insert(emailStyles)
    .values(scope.values({ style: style as unknown as Record<string, unknown> }))
    .onConflictDoUpdate({ target: emailStyles.shopId, set: { style: style as unknown as Record<string, unknown>, updatedAt: new Date() } });
  return style;
}
