import { type Db, type RawConnection, type ShopScope, subscribers as s } from '@storecast/db';
import { isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../http/app-error.ts';
import { loadSegmentRule, segmentConditionsSql } from '../audience/index.ts';
import { addRecipients } from '../delivery/index.ts';
import { notRecentlyMailed, readSmartSendingHours } from './smart-sending.ts';

/**
 * Who a send reaches: the union of the chosen segments, subscribed, with an e-mail. Unsubscribed,
 * complained and bounced ("error") addresses are never subscribed, so they drop out here. With
 * smart sending, subscribers mailed within the store's window drop out too.
 */
export async function audienceWhere(db: Db, scope: ShopScope, segmentIds: string[], opts: { smartSending?: boolean } = {}): Promise<SQL> {
  if (segmentIds.length === 0) throw new AppError('errors.strategy.segmentsRequired', 400);
  const parts: SQL[] = [];
  for (const id of segmentIds) {
    try {
      parts.push(segmentConditionsSql(scope, await loadSegmentRule(db, scope, id)));
    } catch {
      // A segment deleted since the strategy was saved reaches nobody; the others still count.
    }
  }
  if (parts.length === 0) throw new AppError('errors.strategy.noRecipients', 400);
  const hours = opts.smartSending ? await readSmartSendingHours(db, scope.shopId) : 0;
  const courtesy = hours > 0 ? notRecentlyMailed(hours) : undefined;
  return scope.where(s, sql`${s.status} = 'subscribed'`, isNotNull(s.email), or(...parts), courtesy);
}

/**
 * Records the audience as the send's deliveries (the engine's addRecipients: unique per send
 * and subscriber, so running it twice adds nobody). Returns how many rows it added.
 */
export async function recordAudience(c: RawConnection, shopId: string, strategyId: string, where: SQL): Promise<number> {
  return addRecipients(c, shopId, strategyId, where);
}
