import {
  isUuid, type Locale, type PopupTemplate, popupConditionsSchema, popupContentSchema, type saveTemplateBody,
  type TEMPLATE_ACTIVITIES, type TEMPLATE_STATUSES, type TEMPLATE_TARGETS, type TEMPLATE_THEMES,
} from '@storecast/contract';
import { type Db, popupTemplates, type ShopScope } from '@storecast/db';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { forbidden, notFound } from '../../http/app-error.ts';

/*
 * Templates belong to the product, not to a store: every store's gallery reads the published
 * ones, and only the internal stores named in configuration (INTERNAL_SHOP_IDS) manage them.
 * That is why these queries carry no store scope.
 */

type Row = typeof popupTemplates.$inferSelect;

const toTemplate = (r: Row): PopupTemplate => ({
  id: r.id,
  name_zh: r.nameZh,
  name_en: r.nameEn,
  target: r.target as (typeof TEMPLATE_TARGETS)[number],
  activity: r.activity as (typeof TEMPLATE_ACTIVITIES)[number],
  theme: r.theme as (typeof TEMPLATE_THEMES)[number],
  cover_url: r.coverUrl,
  sort: r.sort,
  status: r.status,
  content: popupContentSchema.parse(r.content),
  conditions: popupConditionsSchema.parse(r.conditions),
  updated_at: r.updatedAt.toISOString(),
});

const byName = (locale: Locale) => (locale === 'zh-CN' ? popupTemplates.nameZh : popupTemplates.nameEn);

/** Refuses the template manager to a store that is not internal. Read per request: tests and deployments may name stores late. */
export function requireInternal(config: Config, scope: ShopScope) {
  if (!config.internalShopIds.includes(scope.shopId)) throw forbidden('errors.popup.internalOnly');
}

export async function listGallery(
  db: Db, locale: Locale,
  filter: { target?: (typeof TEMPLATE_TARGETS)[number]; activity?: (typeof TEMPLATE_ACTIVITIES)[number]; theme?: (typeof TEMPLATE_THEMES)[number] },
): Promise<PopupTemplate[]> {
  const where: SQL[] = [eq(popupTemplates.status, 'published')];
  if (filter.target) where.push(eq(popupTemplates.target, filter.target));
  if (filter.activity) where.push(eq(popupTemplates.activity, filter.activity));
  if (filter.theme) where.push(eq(popupTemplates.theme, filter.theme));
  const rows = await db.select().from(popupTemplates).where(and(...where))
    .orderBy(asc(popupTemplates.sort), asc(byName(locale)), asc(popupTemplates.id));
  return rows.map(toTemplate);
}

/** Every template in any status, for the manager. */
export async function listTemplates(db: Db, locale: Locale): Promise<PopupTemplate[]> {
  const rows = await db.select().from(popupTemplates).orderBy(asc(popupTemplates.sort), asc(byName(locale)), asc(popupTemplates.id));
  return rows.map(toTemplate);
}

/** Creates a template as a draft, or edits the one `id` names (its status stays). */
export async function saveTemplate(db: Db, input: z.output<typeof saveTemplateBody>): Promise<PopupTemplate> {
  const fields = {
    nameZh: input.name_zh, nameEn: input.name_en, target: input.target, activity: input.activity, theme: input.theme,
    coverUrl: input.cover_url, sort: input.sort, content: input.content, conditions: input.conditions,
  };
  if (input.id !== undefined) {
    if (!isUuid(input.id)) throw notFound('errors.popup.templateNotFound');
    const [row] = await db.update(popupTemplates).set({ ...fields, updatedAt: new Date() }).where(eq(popupTemplates.id, input.id)).returning();
    if (!row) throw notFound('errors.popup.templateNotFound');
    return toTemplate(row);
  }
  const [row] = await db.insert(popupTemplates).values({ ...fields, status: 'draft' }).returning();
  return toTemplate(row!);
}

export async function setTemplateStatus(db: Db, id: string, status: (typeof TEMPLATE_STATUSES)[number]): Promise<PopupTemplate> {
  if (!isUuid(id)) throw notFound('errors.popup.templateNotFound');
  const [row] = await db.update(popupTemplates).set({ status, updatedAt: new Date() }).where(eq(popupTemplates.id, id)).returning();
  if (!row) throw notFound('errors.popup.templateNotFound');
  return toTemplate(row);
}
