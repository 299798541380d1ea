import { type Popup, popupConditionsSchema, popupContentSchema } from '@storecast/contract';
import type { Db, popups, ShopScope } from '@storecast/db';
import { rebaseMediaUrls } from '../brand/index.ts';
import type { PopupTotals } from './popup-stats.ts';

export type PopupRow = typeof popups.$inferSelect;

/** A stored pop-up as the admin sees it; stored documents went through the same schemas on save. */
export async function toPopup(db: Db, scope: ShopScope, publicUrl: string, row: PopupRow, totals: PopupTotals): Promise<Popup> {
  // An image the owner uploaded keeps the address it had when picked; point it at today's.
  const content = await rebaseMediaUrls(db, scope, publicUrl, popupContentSchema.parse(row.content));
  return {
    ...toListItem(row, totals),
    content,
    conditions: popupConditionsSchema.parse(row.conditions),
  };
}

export function toListItem(row: PopupRow, totals: PopupTotals): Omit<Popup, 'content' | 'conditions'> {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    template_id: row.templateId,
    enabled: row.enabled,
    double_opt_in: row.doubleOptIn,
    totals,
    updated_at: row.updatedAt.toISOString(),
  };
}
