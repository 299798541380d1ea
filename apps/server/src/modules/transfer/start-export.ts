import type { SubscriberFilter } from '@storecast/contract';
import { exports, type ShopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import { subscriberFilterWhere } from '../audience/index.ts';
import { declareQueue, EXPORT_QUEUE } from './queues.ts';
import { failExport } from './run-export.ts';

/**
 * Records an export and queues it. The filter is checked here (an unknown segment answers 404
 * now rather than failing in the background); the 31-day range rule is the contract's.
 */
export async function startExport(deps: Deps, scope: ShopScope, format: 'csv' | 'xlsx', filter: SubscriberFilter) {
  await subscriberFilterWhere(deps.dbh.db, scope, filter);
  const [row] = await deps.dbh.db.insert(exports).values(scope.values({ format, filter })).returning({ id: exports.id });
  try {
    await declareQueue(deps, EXPORT_QUEUE);
    await deps.jobs.send(EXPORT_QUEUE, { exportId: row!.id });
  } catch (err) {
    await failExport(deps, row!.id, 'errors.common.internal');
    throw err;
  }
  return { export_id: row!.id };
}
