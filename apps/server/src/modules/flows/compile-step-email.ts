import { type EmailDoc, type EmailStep, type FlowDefinition, type Locale, productIdsOf, ResultCode } from '@storecast/contract';
import { shopScope, type ShopScope } from '@storecast/db';
import type { CompiledEmail, ProductView } from '@storecast/email';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { readCoupon } from '../brand/index.ts';
import { loadProductViews } from '../catalogue/index.ts';
import { compileStrategyEmail } from '../strategy/index.ts';

/**
 * A flow's e-mail step compiled exactly like a Segment Send e-mail (store style, footer, rebased
 * media URLs). A step naming a coupon preset shows the preset's current code and discount in its
 * coupon blocks, so editing the preset changes what the next published version sends.
 * `products` are the catalogue products its product blocks draw (see loadStepProducts).
 */
export async function compileStepEmail(
  deps: Deps,
  shopId: string,
  step: EmailStep,
  opts: { locale: Locale; utm?: FlowDefinition['utm']; products: ReadonlyMap<string, ProductView> },
): Promise<CompiledEmail> {
  const scope = shopScope(shopId);
  if (!step.content || !step.title.trim()) throw new AppError('errors.automation.emailIncomplete', 400, ResultCode.FAILED, { step: step.key });
  let content: EmailDoc = step.content;
  if (step.coupon_id) {
    const preset = await readCoupon(deps.dbh.db, scope, step.coupon_id);
    if (!preset) throw new AppError('errors.automation.couponNotFound', 400, ResultCode.FAILED, { step: step.key });
    content = {
      ...content,
      blocks: content.blocks.map((b) => (b.type === 'coupon' ? { ...b, code: preset.code, discount: preset.discount, description: b.description || preset.description } : b)),
    };
  }
  return compileStrategyEmail(deps, scope, {
    content, title: step.title, summary: step.summary, utm: opts.utm, locale: opts.locale,
  }, { products: opts.products });
}

/**
 * The catalogue products an e-mail step's product blocks name. Publishing refuses a product no
 * longer in the catalogue (`refuseMissing`) and keeps what it found with the version, so the
 * step's recorded links stay right whatever the catalogue does later (publishedStepProducts).
 */
export async function loadStepProducts(deps: Deps, scope: ShopScope, step: EmailStep, refuseMissing: boolean): Promise<Map<string, ProductView>> {
  if (!step.content) return new Map();
  const ids = productIdsOf(step.content);
  const views = await loadProductViews(deps, scope, ids);
  const missing = ids.filter((id) => !views.has(id));
  if (refuseMissing && missing.length > 0) {
    throw new AppError('errors.content.productMissing', 400, ResultCode.FAILED, { id: missing.join(', '), step: step.key });
  }
  return views;
}

/**
 * What a published step's product blocks draw when it is mailed: the catalogue's current title,
 * image and price, at the page kept with the version (config.products), so the mail's links are
 * the ones recorded at publishing; a product gone since is drawn as it was published. A version
 * published before products were kept with it draws them from the catalogue as they are.
 */
export async function publishedStepProducts(deps: Deps, scope: ShopScope, step: EmailStep, config: Record<string, unknown>): Promise<Map<string, ProductView>> {
  const kept = config.products;
  if (!Array.isArray(kept)) return loadStepProducts(deps, scope, step, false);
  const current = await loadProductViews(deps, scope, (kept as ProductView[]).map((p) => p.id));
  return new Map((kept as ProductView[]).map((p) => [p.id, current.has(p.id) ? { ...current.get(p.id)!, url: p.url } : p]));
}
