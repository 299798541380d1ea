import type { Locale } from '@storecast/contract';
import { exports, type ShopScope } from '@storecast/db';
import type { Deps } from '../../deps.ts';
import { declareQueue, EXPORT_QUEUE } from './queues.ts';
import { failExport } from './run-export.ts';
import type { OrderExportFilter } from './run-order-export.ts';

/**
 * Records an order export (/order/export) and queues it on the export queue, where the e-mail
 * list's exports run. The 31-day rule is the contract's; the caller's language names the
 * file's yes/no and flow values.
 */
export async function startOrderExport(deps: Deps, scope: ShopScope, format: 'csv' | 'xlsx', from: string, to: string, locale: Locale) {
  const filter: OrderExportFilter = { from, to, locale };
  const [row] = await deps.dbh.db.insert(exports)
    .values(scope.values({ kind: 'orders' as const, format, filter: filter as unknown as Record<string, unknown> }))
    .returning({ id: exports.id });
  try {
    await declareQueue(deps, EXPORT_QUEUE);
    await deps.jobs.send(EXPORT_QUEUE, { exportId: row!.id });
  } catch (err) {
    await failExport(deps, row!.id, 'errors.common.internal');
    throw err;
  }
  return { export_id: row!.id };
}
