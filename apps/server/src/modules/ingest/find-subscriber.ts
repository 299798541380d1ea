import { type Db, type ShopScope, subscribers as s } from '@storecast/db';
import { eq } from 'drizzle-orm';

/**
 * The subscriber a record is about: by the store's customer id first (set when the customer was
 * ingested), then by e-mail. Null when neither matches.
 */
export async function findSubscriber(
  db: Db, scope: ShopScope, ref: { customerId?: string | null; email?: string | null },
): Promise<number | null> {
  if (ref.customerId) {
    const [row] = await db.select({ id: s.id }).from(s).where(scope.where(s, eq(s.customerRef, ref.customerId))).limit(1);
    if (row) return row.id;
  }
  const email = ref.email?.trim().toLowerCase();
  if (email) {
    const [row] = await db.select({ id: s.id }).from(s).where(scope.where(s, eq(s.email, email))).limit(1);
    if (row) return row.id;
  }
  return null;
}
