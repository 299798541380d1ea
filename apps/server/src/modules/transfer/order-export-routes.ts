import { createReadStream } from 'node:fs';
import { api, API_PREFIX, ORDER_DOWNLOAD_PATH } from '@storecast/contract';
import type { ShopScope } from '@storecast/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.ts';
import { registerRoute } from '../../http/register-route.ts';
import { requireShopScope } from '../../http/route-access.ts';
import { exportFile, listExports, readExport } from './export-records.ts';
import { startOrderExport } from './start-order-export.ts';

type Rec = Awaited<ReturnType<typeof readExport>>;
const withDays = (r: Rec) => ({ ...r, from: r.from ?? '', to: r.to ?? '' });

/** /order/export: the store's orders with their attribution, through the e-mail list's export jobs and records. */
export function orderExportRoutes(app: FastifyInstance, deps: Deps) {
  const r = api.orders;
  registerRoute(app, deps, r.exportStart, ({ scope, body, locale }) => startOrderExport(deps, scope, body.format, body.from, body.to, locale));
  registerRoute(app, deps, r.exportList, async ({ scope, locale }) => (await listExports(deps, scope, locale, 'orders')).map(withDays));
  registerRoute(app, deps, r.exportDetail, async ({ scope, query, locale }) => withDays(await readExport(deps, scope, query.id, locale, 'orders')));
  // A file, not an envelope; only for a session of the store that made it (404 for any other).
  app.get(`${API_PREFIX}${ORDER_DOWNLOAD_PATH}`, async (req, reply) => {
    const scope: ShopScope = await requireShopScope(app, req);
    const file = await exportFile(deps, scope, queryId(req), 'orders');
    const stamp = file.createdAt.toISOString().slice(0, 10);
    const type = file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    return attachment(reply, `orders-${stamp}.${file.format}`, type).send(createReadStream(file.path));
  });
}

const queryId = (req: FastifyRequest) => String((req.query as Record<string, unknown> | undefined)?.id ?? '').slice(0, 50);

function attachment(reply: FastifyReply, name: string, type: string) {
  return reply
    .type(type)
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
}
