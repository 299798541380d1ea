import { type EmailDoc, type EmailStep, type FlowDefinition, type Locale, ResultCode } from '@storecast/contract';
import { shopScope } from '@storecast/db';
import type { CompiledEmail } from '@storecast/email';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { readCoupon } from '../brand/index.ts';
import { compileStrategyEmail } from '../strategy/index.ts';

/**
 * A flow's e-mail step compiled exactly like a Segment Send e-mail (store style, footer, rebased
 * media URLs). A step naming a coupon preset shows the preset's current code and discount in its
 * coupon blocks, so editing the preset changes what the next published version sends.
 */
export async function compileStepEmail(
  deps: Deps,
  shopId: string,
  step: EmailStep,
  opts: { locale: Locale; utm?: FlowDefinition['utm'] },
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
  });
}
