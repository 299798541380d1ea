import { isUuid, type Popup, POPUP_LIMITS, type saveCustomPopupBody } from '@storecast/contract';
import { type Db, popups, popupTemplates, type ShopScope, shops } from '@storecast/db';
import { and, count, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, notFound } from '../../http/app-error.ts';
import { checkCoupon } from './check-coupon.ts';
import { readTotals, totalsOf } from './popup-stats.ts';
import { startGuide } from './shop-guide.ts';
import { toListItem, toPopup } from './to-popup.ts';

const isCustom = eq(popups.kind, 'custom');

/** The pop-up centre's pop-ups, newest first, each with its totals. */
export async function listCustomPopups(db: Db, scope: ShopScope) {
  const rows = await db.select().from(popups).where(scope.where(popups, isCustom)).orderBy(desc(popups.createdAt), desc(popups.id));
  const totals = await readTotals(db, scope, rows.map((r) => r.id));
  return rows.map((r) => toListItem(r, totalsOf(totals, r.id)));
}

async function findCustom(db: Db, scope: ShopScope, id: string) {
  if (!isUuid(id)) throw notFound('errors.popup.notFound');
  const [row] = await db.select().from(popups).where(scope.where(popups, isCustom, eq(popups.id, id)));
  if (!row) throw notFound('errors.popup.notFound');
  return row;
}

export async function readCustomPopup(db: Db, scope: ShopScope, publicUrl: string, id: string): Promise<Popup> {
  const row = await findCustom(db, scope, id);
  return toPopup(db, scope, publicUrl, row, totalsOf(await readTotals(db, scope, [row.id]), row.id));
}

/** A pop-up may be made from a published template only (a draft or retired one is not offered). */
async function checkTemplate(db: Db, templateId: string) {
  if (!isUuid(templateId)) throw notFound('errors.popup.templateNotFound');
  const [tpl] = await db.select({ id: popupTemplates.id }).from(popupTemplates)
    .where(and(eq(popupTemplates.id, templateId), eq(popupTemplates.status, 'published')));
  if (!tpl) throw notFound('errors.popup.templateNotFound');
}

/**
 * Creates a pop-up of the centre (the body carries the template's content and conditions as
 * the owner adjusted them; `template_id` only records where it came from), or edits the one
 * `id` names. The store's row is locked while counting, so concurrent creations stop at the cap.
 */
export async function saveCustomPopup(
  db: Db, scope: ShopScope, publicUrl: string, input: z.output<typeof saveCustomPopupBody>,
): Promise<Popup> {
  await checkCoupon(db, scope, input.content);
  const fields = {
    name: input.name, enabled: input.enabled, doubleOptIn: input.double_opt_in, content: input.content, conditions: input.conditions,
  };
  if (input.id !== undefined) {
    await findCustom(db, scope, input.id);
    await db.update(popups).set({ ...fields, updatedAt: new Date() }).where(scope.where(popups, isCustom, eq(popups.id, input.id)));
    return readCustomPopup(db, scope, publicUrl, input.id);
  }
  if (input.template_id !== null) await checkTemplate(db, input.template_id);
  const id = await db.transaction(async (tx) => {
    await tx.select({ id: shops.id }).from(shops).where(eq(shops.id, scope.shopId)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(popups).where(scope.where(popups, isCustom));
    if (n >= POPUP_LIMITS.perStoreMax) throw new AppError('errors.popup.tooMany', 400);
    const [row] = await tx.insert(popups)
      .values(scope.values({ kind: 'custom' as const, templateId: input.template_id, ...fields })).returning({ id: popups.id });
    return row!.id;
  });
  await startGuide(db, scope, 'popup_strategy');
  return readCustomPopup(db, scope, publicUrl, id);
}

export async function switchCustomPopup(db: Db, scope: ShopScope, id: string, enabled: boolean) {
  await findCustom(db, scope, id);
  const [row] = await db.update(popups).set({ enabled, updatedAt: new Date() })
    .where(scope.where(popups, isCustom, eq(popups.id, id))).returning();
  if (!row) throw notFound('errors.popup.notFound');
  return toListItem(row, totalsOf(await readTotals(db, scope, [row.id]), row.id));
}

/** Idempotent: an unknown id (or another store's) deletes nothing and says so. Subscribers stay. */
export async function deleteCustomPopup(db: Db, scope: ShopScope, id: string) {
  if (!isUuid(id)) return { deleted: false };
  const gone = await db.delete(popups).where(scope.where(popups, isCustom, eq(popups.id, id))).returning({ id: popups.id });
  return { deleted: gone.length > 0 };
}
