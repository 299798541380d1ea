import { type FlowDefinition, type FlowDetail, hasMatchedProduct, isUuid, ResultCode, walkSteps } from '@storecast/contract';
import { coupons, type Db, flows, type ShopScope } from '@storecast/db';
import { eq, inArray } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { findFlow, readFlowDetail } from './read-flows.ts';

/**
 * A definition may name only the store's own coupon presets and must send something: at least
 * one e-mail or SMS step. A flow has no shopper's product to show (only an Element Send matches
 * one), so its e-mails may not have the shopper's product block. Completeness of each message is checked when publishing, so a draft
 * can be saved half written.
 */
export async function checkFlowReferences(db: Db, scope: ShopScope, def: FlowDefinition): Promise<void> {
  const steps = walkSteps(def.steps).map((s) => s.step);
  if (!steps.some((s) => s.type === 'email' || s.type === 'sms')) throw new AppError('errors.automation.noSteps', 400);
  const matched = steps.find((s) => s.type === 'email' && s.content && hasMatchedProduct(s.content));
  if (matched) throw new AppError('errors.content.matchedProductOutsideElement', 400, ResultCode.FAILED, { step: matched.key });
  const named = steps.flatMap((s) => (s.type === 'email' && s.coupon_id ? [{ key: s.key, id: s.coupon_id }] : []));
  if (named.length === 0) return;
  const ids = [...new Set(named.map((n) => n.id).filter(isUuid))];
  const found = ids.length
    ? new Set((await db.select({ id: coupons.id }).from(coupons).where(scope.where(coupons, inArray(coupons.id, ids)))).map((r) => r.id))
    : new Set<string>();
  const bad = named.find((n) => !found.has(n.id));
  if (bad) throw new AppError('errors.automation.couponNotFound', 400, ResultCode.FAILED, { step: bad.key });
}

/** Saves a flow's draft as the owner's edit; the live version and the runs on it stay as they are. */
export async function saveFlow(deps: Deps, scope: ShopScope, id: string, definition: FlowDefinition): Promise<FlowDetail> {
  await findFlow(deps, scope, id);
  await checkFlowReferences(deps.dbh.db, scope, definition);
  const now = new Date();
  await deps.dbh.db.update(flows).set({ draft: definition as unknown as Record<string, unknown>, ownerChangedAt: now, updatedAt: now })
    .where(scope.where(flows, eq(flows.id, id)));
  return readFlowDetail(deps, scope, id);
}
