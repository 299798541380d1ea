import {
  type Locale, type Popup, type PopupContent, popupConditionsSchema, popupContentSchema, type saveMainPopupBody, translateError,
} from '@storecast/contract';
import { type Db, popups, popupTemplates, type ShopScope } from '@storecast/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { BUILTIN_TEMPLATES } from './builtin-templates.ts';
import { checkCoupon } from './check-coupon.ts';
import { readTotals, totalsOf } from './popup-stats.ts';
import { startGuide } from './shop-guide.ts';
import { toPopup } from './to-popup.ts';

const WELCOME = 'welcome_discount';

/**
 * What the subscription pop-up starts from before its first save: the shipped welcome template
 * as it is published now (an internal store may have improved it), else as the product ships it.
 */
async function defaultContent(db: Db): Promise<PopupContent> {
  const [tpl] = await db.select({ content: popupTemplates.content }).from(popupTemplates)
    .where(and(eq(popupTemplates.status, 'published'), sql`${popupTemplates.builtinKey} is not null`))
    .orderBy(sql`${popupTemplates.builtinKey} = ${WELCOME} desc`, asc(popupTemplates.sort), asc(popupTemplates.createdAt))
    .limit(1);
  if (tpl) return popupContentSchema.parse(tpl.content);
  const shipped = BUILTIN_TEMPLATES.find((t) => t.key === WELCOME) ?? BUILTIN_TEMPLATES[0]!;
  return popupContentSchema.parse(shipped.content);
}

/** The store's subscription pop-up, or the defaults (id null, off) until it is first saved. */
export async function readMainPopup(db: Db, scope: ShopScope, publicUrl: string, locale: Locale): Promise<Popup> {
  const [row] = await db.select().from(popups).where(scope.where(popups, eq(popups.kind, 'main')));
  if (row) return toPopup(db, scope, publicUrl, row, totalsOf(await readTotals(db, scope, [row.id]), row.id));
  return {
    id: null,
    kind: 'main',
    name: translateError(locale, 'notices.popup.defaultName'),
    template_id: null,
    enabled: false,
    double_opt_in: false,
    content: await defaultContent(db),
    conditions: popupConditionsSchema.parse({}),
    totals: { views: 0, sign_ups: 0, rate: 0 },
    updated_at: null,
  };
}

/**
 * Creates or replaces the subscription pop-up (one per store, by the partial unique index, so
 * two first saves at once leave one row). Its name is set once, in the saving owner's language.
 */
export async function saveMainPopup(
  db: Db, scope: ShopScope, publicUrl: string, locale: Locale, input: z.output<typeof saveMainPopupBody>,
): Promise<Popup> {
  await checkCoupon(db, scope, input.content);
  const fields = { enabled: input.enabled, doubleOptIn: input.double_opt_in, content: input.content, conditions: input.conditions };
  await db.insert(popups)
    .values(scope.values({ kind: 'main' as const, name: translateError(locale, 'notices.popup.defaultName'), ...fields }))
    .onConflictDoUpdate({ target: popups.shopId, targetWhere: sql`kind = 'main'`, set: { ...fields, updatedAt: new Date() } });
  await startGuide(db, scope, 'subscribe_popup');
  return readMainPopup(db, scope, publicUrl, locale);
}
