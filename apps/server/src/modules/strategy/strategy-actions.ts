import { type EmailDoc, hasMatchedProduct, type Locale, type StrategyDetail } from '@storecast/contract';
import { products, type ShopScope } from '@storecast/db';
import type { ProductView } from '@storecast/email';
import { asc, eq, not } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { saveLibraryTemplate } from '../brand/index.ts';
import { isBlocked, toProductView } from '../catalogue/index.ts';
import { deleteSendRecords } from '../delivery/index.ts';
import { readElementSlots } from './element-audience.ts';
import { compileStrategyEmail } from './load-send-context.ts';
import { findStrategy, readStrategyDetail } from './read-strategies.ts';
import { countAudience } from './save-strategy.ts';
import { stopStrategy } from './stop-strategy.ts';

export async function terminateStrategy(deps: Deps, scope: ShopScope, id: string): Promise<StrategyDetail> {
  await findStrategy(deps, scope, id);
  await stopStrategy(deps.dbh, scope.shopId, id, { status: 'terminated' });
  return readStrategyDetail(deps, scope, id);
}

/**
 * Any strategy but one sending: its deliveries and links go with it; the volume ledger stays.
 * An Element Send's matching goes too (its slots cascade; candidates and matches have no key to follow).
 */
export async function deleteStrategy(deps: Deps, scope: ShopScope, id: string): Promise<null> {
  const row = await findStrategy(deps, scope, id);
  if (row.status === 'sending') throw new AppError('errors.strategy.notDeletable', 409);
  await deps.dbh.transaction(async (c) => {
    const gone = await c.query(`delete from strategies where id = $1 and shop_id = $2 and status = $3`, [id, scope.shopId, row.status]);
    if (gone.rowCount === 0) throw new AppError('errors.strategy.notDeletable', 409);
    await deleteSendRecords(c, scope.shopId, id);
    await c.query(`delete from element_candidates where strategy_id = $1 and shop_id = $2`, [id, scope.shopId]);
    await c.query(`delete from element_matches where strategy_id = $1 and shop_id = $2`, [id, scope.shopId]);
  });
  return null;
}

export async function saveStrategyAsTemplate(deps: Deps, scope: ShopScope, id: string, name: string) {
  const row = await findStrategy(deps, scope, id);
  if (!row.content) throw new AppError('errors.strategy.contentRequired', 400);
  const { id: templateId } = await saveLibraryTemplate(deps.dbh.db, scope, { name, content: row.content as never });
  return { template_id: templateId };
}

/**
 * The e-mail as a recipient would see it, with sample values and inert links. Product blocks draw
 * from the catalogue (one no longer there is a warning, not a refusal). The shopper's product block shows an Element Send's product of `slot` when
 * `strategy_id` names one; otherwise the store's first active product stands in (none: the block
 * stays empty, with the renderer's warning).
 */
export async function previewStrategy(
  deps: Deps,
  scope: ShopScope,
  body: { title: string; summary: string; content: EmailDoc; strategy_id?: string; slot: number },
  locale: Locale,
) {
  let matchedProduct: ProductView | null = null;
  if (body.strategy_id) {
    const row = await findStrategy(deps, scope, body.strategy_id).catch(() => null);
    if (row?.kind !== 'element') throw new AppError('errors.element.notFound', 404);
    const slot = (await readElementSlots(deps.dbh.db, scope, row.id)).find((x) => x.slot === body.slot);
    if (!slot?.product) throw new AppError('errors.element.productGone', 400, undefined, { num: body.slot + 1 });
    if (slot.blocked) throw new AppError('errors.element.slotBlocked', 400, undefined, { num: body.slot + 1 });
    matchedProduct = toProductView(slot.product);
  } else if (hasMatchedProduct(body.content)) {
    const [first] = await deps.dbh.db.select().from(products)
      .where(scope.where(products, eq(products.status, 'active'), not(isBlocked()))).orderBy(asc(products.id)).limit(1);
    // None: the renderer leaves the block empty and warns (errors.content.matchedProductOutsideElement).
    if (first) matchedProduct = toProductView(first);
  }
  const compiled = await compileStrategyEmail(deps, scope, { ...body, locale: locale as 'zh-CN' | 'en-US' }, { matchedProduct });
  const sample = locale === 'zh-CN' ? { first_name: '小明', last_name: '王' } : { first_name: 'Alex', last_name: 'Smith' };
  const p = compiled.personalize({ ...sample, email: 'customer@example.com', phone: '' }, { unsubscribeUrl: '#', openPixelUrl: null, linkUrl: (i) => compiled.links[i] ?? '#' });
  return { html: p.html, size_bytes: compiled.sizeBytes, warnings: compiled.warnings, warning_params: compiled.warningParams ?? {} };
}

/**
 * How many a send would reach now: the chosen segments, or with `strategyId` an Element Send's
 * matched shoppers (still subscribed with an e-mail).
 */
export async function strategyAudienceCount(deps: Deps, scope: ShopScope, segmentIds: string, smartSending = false, strategyId?: string) {
  if (strategyId) {
    const row = await findStrategy(deps, scope, strategyId).catch(() => null);
    if (row?.kind !== 'element') throw new AppError('errors.element.notFound', 404);
    return { count: await countAudience(deps, scope, [], smartSending, row.id) };
  }
  const ids = segmentIds.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length === 0) return { count: 0 };
  try {
    return { count: await countAudience(deps, scope, ids, smartSending) };
  } catch (err) {
    if (err instanceof AppError && err.key === 'errors.strategy.noRecipients') return { count: 0 };
    throw err;
  }
}
