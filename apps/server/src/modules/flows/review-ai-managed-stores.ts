import { type Locale, pickLocale } from '@storecast/contract';
import { shopScope } from '@storecast/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../deps.ts';
import { manageWithAi } from './manage-with-ai.ts';

/**
 * The daily pass of AI strategy management over every store that has it on: flows the store's
 * data now supports are turned on (see manageWithAi's `review`). Stores have no language of their
 * own, so the pass writes in the language the store's flows were last published in. One store's
 * failure (its sender no longer verified, an AI API down) is logged and the others go on.
 * Returns how many stores were reviewed.
 */
export async function reviewAiManagedStores(deps: Deps, now: Date, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<number> {
  const { rows } = await deps.dbh.query<{ id: string; locale: string | null }>(
    `select s.id, (select v.definition->>'locale' from flow_versions v where v.shop_id = s.id order by v.created_at desc limit 1) as locale
     from shops s where (s.automation->>'ai_managed')::boolean is true`,
  );
  for (const store of rows) {
    try {
      await manageWithAi(deps, shopScope(store.id), pickLocale(store.locale) as Locale, now, { review: true });
    } catch (err) {
      log?.warn({ err, shopId: store.id }, 'AI strategy review failed for a store');
    }
  }
  return rows.length;
}
