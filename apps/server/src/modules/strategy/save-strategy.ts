import { type EmailDoc, hasMatchedProduct, LIMITS, type Locale, type StrategyDetail, type strategyBody } from '@storecast/contract';
import { shops, type ShopScope, strategies, subscribers } from '@storecast/db';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { checkAvailableVolume } from '../billing/index.ts';
import { toProductView } from '../catalogue/index.ts';
import { checkStrategyReferences } from './check-strategy-references.ts';
import { countElementAudience, readElementSlots, requireMatchingDone, requireSlotProducts } from './element-audience.ts';
import { compileStrategyEmail, requireProducts, requireVerifiedSender } from './load-send-context.ts';
import { parseSendAt } from './parse-send-at.ts';
import { findStrategy, readStrategyDetail } from './read-strategies.ts';
import { audienceWhere } from './record-audience.ts';
import { startSend } from './start-send.ts';
import { queueScheduledStart } from './strategy-queues.ts';

type Body = z.output<typeof strategyBody>;

/**
 * Recording an audience writes one delivery per recipient, seconds for a large store (a million
 * rows with their indexes). Above this many recipients "send now" hands the start to the worker,
 * like a scheduled send due at once, and answers straight away with the strategy to be sent; the
 * same refusals were checked against the audience's count first. Smaller sends start within the
 * request, so the answer already says "sending" with the count.
 */
export const START_IN_REQUEST_MAX = 10_000;

/**
 * Saves the wizard's strategy, then acts on its send mode:
 * - draft: kept as it is (a draft may be incomplete);
 * - later: checked in full (title, content, segments, verified sender, a send time at least an
 *   hour ahead in the store's time zone, enough volume for today's audience), then `pending`
 *   with a job at its time, which records the audience and reserves volume when it runs;
 * - now: checked in full, then the audience is recorded and volume reserved at once (above
 *   START_IN_REQUEST_MAX recipients, by the worker's start job straight away).
 * The content is written first, as a draft, so a refusal loses nothing: the error carries the
 * strategy id (`data.id`) and the owner fixes what the message says.
 */
export async function saveStrategy(deps: Deps, scope: ShopScope, body: Body, locale: Locale): Promise<StrategyDetail> {
  const { db } = deps.dbh;
  const element = body.kind === 'element';
  // An Element Send is created with its products by /element/match; it is only saved here.
  if (element && !body.id) throw new AppError('errors.element.notFound', 404);
  if (body.id) {
    const existing = await findStrategy(deps, scope, body.id).catch((err: unknown) => {
      throw element && err instanceof AppError ? new AppError('errors.element.notFound', 404) : err;
    });
    if (existing.kind !== body.kind) throw new AppError(element ? 'errors.element.notFound' : 'errors.strategy.notFound', 404);
    if (existing.status !== 'draft' && existing.status !== 'pending') throw new AppError('errors.strategy.notEditable', 409);
  }
  // An Element Send's audience is its matched shoppers: segments play no part.
  const segmentIds = element ? [] : body.segment_ids;
  await checkStrategyReferences(db, scope, { ...body, segment_ids: segmentIds });
  const fields = {
    name: body.name, title: body.title, summary: body.summary, segmentIds, utm: body.utm,
    couponId: body.coupon_id || null, content: body.content, sendMode: body.send_mode, smartSending: body.smart_sending, locale: locale as 'zh-CN' | 'en-US',
    status: 'draft' as const, sendAt: null as Date | null, updatedAt: new Date(),
  };
  const id = body.id
    ? (await db.update(strategies).set(fields).where(scope.where(strategies, eq(strategies.id, body.id))).returning({ id: strategies.id }))[0]!.id
    : (await db.insert(strategies).values(scope.values({ ...fields, kind: body.kind })).returning({ id: strategies.id }))[0]!.id;
  try {
    if (body.content) checkProductBlocks(body.kind, body.content);
    if (body.send_mode === 'draft') return await readStrategyDetail(deps, scope, id);
    await checkComplete(deps, scope, { ...body, id }, locale);
    if (body.send_mode === 'now') {
      const n = await countAudience(deps, scope, body.segment_ids, body.smart_sending, element ? id : undefined);
      if (n <= START_IN_REQUEST_MAX) await startSend(deps, scope, id, ['draft']);
      else {
        await checkVolumeFor(deps, scope, n, element);
        const now = new Date();
        await db.update(strategies).set({ status: 'pending', sendAt: now }).where(scope.where(strategies, eq(strategies.id, id)));
        await queueScheduledStart(deps, id, now);
      }
    } else {
      const sendAt = await checkSendAt(deps, scope, body.send_at);
      await checkVolumeFor(deps, scope, await countAudience(deps, scope, body.segment_ids, body.smart_sending, element ? id : undefined), element);
      await db.update(strategies).set({ status: 'pending', sendAt }).where(scope.where(strategies, eq(strategies.id, id)));
      await queueScheduledStart(deps, id, sendAt);
    }
  } catch (err) {
    if (err instanceof AppError && err.data === null) throw new AppError(err.key, err.status, err.code, err.params, { id });
    if (err instanceof AppError) throw new AppError(err.key, err.status, err.code, err.params, { ...(err.data as object), id });
    throw err;
  }
  return readStrategyDetail(deps, scope, id);
}

/**
 * The shopper's own product block (product_id null) is what an Element Send is about: it needs
 * one, and any other send has no product to put there.
 */
function checkProductBlocks(kind: Body['kind'], content: EmailDoc) {
  const matched = hasMatchedProduct(content);
  if (kind === 'element' && !matched) throw new AppError('errors.element.noProductBlock', 400);
  if (kind !== 'element' && matched) throw new AppError('errors.content.matchedProductOutsideElement', 400);
}

async function checkComplete(deps: Deps, scope: ShopScope, body: Body & { id: string }, locale: Locale) {
  if (!body.title) throw new AppError('errors.strategy.titleRequired', 400);
  if (!body.content) throw new AppError('errors.strategy.contentRequired', 400);
  const email = { ...body, locale: locale as 'zh-CN' | 'en-US' };
  if (body.kind === 'element') {
    await requireVerifiedSender(deps, scope);
    const slots = await readElementSlots(deps.dbh.db, scope, body.id);
    requireMatchingDone(slots);
    const [first] = requireSlotProducts(slots);
    requireProducts(await compileStrategyEmail(deps, scope, email, { matchedProduct: toProductView(first!) }));
    return;
  }
  if (body.segment_ids.length === 0) throw new AppError('errors.strategy.segmentsRequired', 400);
  await requireVerifiedSender(deps, scope);
  requireProducts(await compileStrategyEmail(deps, scope, email));
}

/** SPEC 5: at least one hour ahead. */
async function checkSendAt(deps: Deps, scope: ShopScope, value: string | null): Promise<Date> {
  if (!value) throw new AppError('errors.strategy.sendAtRequired', 400);
  const [shop] = await deps.dbh.db.select({ timezone: shops.timezone }).from(shops).where(eq(shops.id, scope.shopId));
  const at = parseSendAt(value, shop?.timezone ?? 'UTC');
  if (!at) throw new AppError('errors.strategy.sendAtInvalid', 400);
  if (at.getTime() < Date.now() + LIMITS.sendAheadMinMs) throw new AppError('errors.strategy.sendAtTooSoon', 400);
  return at;
}

/** The audience a send would reach now: its segments', or an Element Send's (`elementId`) matched shoppers. */
export async function countAudience(deps: Deps, scope: ShopScope, segmentIds: string[], smartSending = false, elementId?: string): Promise<number> {
  if (elementId) return countElementAudience(deps, scope, elementId, smartSending);
  const where = await audienceWhere(deps.dbh.db, scope, segmentIds, { smartSending });
  const [r] = await deps.dbh.db.select({ n: count() }).from(subscribers).where(where);
  return Number(r?.n ?? 0);
}

/** The same refusals a send meets, checked early for a scheduled send against today's audience. */
async function checkVolumeFor(deps: Deps, scope: ShopScope, n: number, element: boolean) {
  if (n === 0) throw new AppError(element ? 'errors.element.matchingZero' : 'errors.strategy.noRecipients', 400);
  await checkAvailableVolume(deps.dbh.db, scope, n);
}
