import { isEmailAddress, MOBILE_RE } from '@storecast/contract';
import { type Db, type ShopScope, subscribers as s } from '@storecast/db';
import { eq, type SQL } from 'drizzle-orm';
import { joinVisitor } from './join-visitor.ts';

/**
 * Joins the visitor to an existing subscriber of the store, found by the store's customer id,
 * then e-mail, then phone (normalised as sign-ups are). Creates nobody: the store's own page
 * calls this for shoppers it knows, and only a pop-up's sign-up with consent adds a subscriber.
 */
export async function identifyVisitor(
  db: Db, scope: ShopScope, visitorId: string, ref: { email?: string; phone?: string; customer_id?: string },
): Promise<boolean> {
  const email = (ref.email ?? '').trim().toLowerCase();
  const phone = (ref.phone ?? '').trim().replace(/[\s-]/g, '');
  const lookups: SQL[] = [];
  if (ref.customer_id) lookups.push(eq(s.customerRef, ref.customer_id));
  if (email && isEmailAddress(email)) lookups.push(eq(s.email, email));
  if (phone && MOBILE_RE.test(phone)) lookups.push(eq(s.phone, phone));
  for (const where of lookups) {
    const [row] = await db.select({ id: s.id }).from(s).where(scope.where(s, where)).orderBy(s.id).limit(1);
    if (row) {
      await db.transaction((tx) => joinVisitor(tx, scope, visitorId, row.id));
      return true;
    }
  }
  return false;
}
