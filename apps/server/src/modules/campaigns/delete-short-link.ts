import { isUuid } from '@storecast/contract';
import { type Db, type ShopScope, shortLinks } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { notFound } from '../../http/app-error.ts';

/** Deletes one of the store's links; its short link is "not found" from then on. */
export async function deleteShortLink(db: Db, scope: ShopScope, id: string): Promise<{ deleted: boolean }> {
  if (!isUuid(id)) throw notFound('errors.campaignLink.notFound');
  const gone = await db.delete(shortLinks).where(scope.where(shortLinks, eq(shortLinks.id, id))).returning({ id: shortLinks.id });
  if (gone.length === 0) throw notFound('errors.campaignLink.notFound');
  return { deleted: true };
}
