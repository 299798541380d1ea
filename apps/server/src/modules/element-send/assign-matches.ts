import { LIMITS } from '@storecast/contract';
import type { RawConnection } from '@storecast/db';

/**
 * Once all six products are scored, each shopper is kept for the one product they scored
 * highest for (ties to the lower slot) and each slot learns how many shoppers it got. Runs in the
 * transaction that marks the last slot done, under the strategy's row lock, so the state never
 * says "done" without its matches and two slots finishing at once assign once.
 */
export async function assignIfComplete(c: RawConnection, strategyId: string): Promise<boolean> {
  const { rows } = await c.query<{ done: number }>(
    `select count(*)::int as done from strategy_elements where strategy_id = $1 and status = 'done'`, [strategyId],
  );
  if ((rows[0]?.done ?? 0) < LIMITS.elementSendProducts) return false;
  await c.query(`delete from element_matches where strategy_id = $1`, [strategyId]);
  await c.query(
    `insert into element_matches (strategy_id, shop_id, subscriber_id, slot, score)
     select distinct on (subscriber_id) strategy_id, shop_id, subscriber_id, slot, score
     from element_candidates where strategy_id = $1
     order by subscriber_id, score desc, slot`,
    [strategyId],
  );
  await c.query(
    `update strategy_elements se
     set matched = (select count(*) from element_matches m where m.strategy_id = se.strategy_id and m.slot = se.slot)
     where se.strategy_id = $1`,
    [strategyId],
  );
  return true;
}
