import { shopScope } from '@storecast/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { manageWithAi } from './manage-with-ai.ts';

/**
 * The daily pass of AI strategy management over every store that has it on: flows the store's
 * data now supports are turned on (see manageWithAi's `review`), written in the store's language. One store's
 * failure (its sender no longer verified, an AI API down) is logged and the others go on.
 * Returns how many stores were reviewed.
 */
export async function reviewAiManagedStores(deps: Deps, now: Date, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<number> {
  const { rows } = await deps.dbh.query<{ id: string }>(`select s.id from shops s where (s.automation->>'ai_managed')::boolean is true`);
  for (const store of rows) {
    try {
      await manageWithAi(deps, shopScope(store.id), now, { review: true });
    } catch (err) {
      log?.warn({ err, shopId: store.id }, 'AI strategy review failed for a store');
    }
  }
  return rows.length;
}
