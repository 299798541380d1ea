import { API_PREFIX, api } from '@storecast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { registerRoute } from '../../../http/register-route.ts';
import { requireShopScope } from '../../../http/route-access.ts';
import { listInvoices, readInvoicePdf } from './list-invoices.ts';

/** Where an invoice's PDF downloads from (a file, not an envelope; outside the contract). */
export const INVOICE_PDF_PATH = '/billing/invoice-pdf';

const queryId = (req: FastifyRequest) => String((req.query as Record<string, unknown> | undefined)?.id ?? '').slice(0, 64);

/** Invoice list and PDF download, both for the store's owner only. */
export function invoiceRoutes(app: FastifyInstance, deps: Deps) {
  registerRoute(app, deps, api.billing.invoiceList, ({ scope, query, locale }) => listInvoices(deps, scope, query, locale));
  app.get(`${API_PREFIX}${INVOICE_PDF_PATH}`, async (req, reply) => {
    const scope = await requireShopScope(app, req, { ownerOnly: true });
    const { name, pdf } = await readInvoicePdf(deps, scope, queryId(req));
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
