import { isUuid, type Locale } from '@storecast/contract';
import type { PaymentItem, ShopScope } from '@storecast/db';
import type { Deps } from '../../../deps.ts';
import { AppError, notFound } from '../../../http/app-error.ts';
import { describeItem } from './describe-item.ts';
import { formatInvoiceNumber } from './issue-invoice.ts';

interface InvoiceRow {
  id: string;
  number: number;
  amount_minor: number;
  currency: string;
  item: PaymentItem | string;
  issued_at: Date | string;
  generating: boolean;
}

const parseItem = (item: PaymentItem | string) => (typeof item === 'string' ? (JSON.parse(item) as PaymentItem) : item);

/** The store's invoices, newest first, a page at a time; `generating` until the PDF job made the file. */
export async function listInvoices(deps: Deps, scope: ShopScope, query: { page: number; page_size: number }, locale: Locale) {
  const counted = await deps.dbh.query<{ n: number }>('select count(*)::int as n from invoices where shop_id = $1', [scope.shopId]);
  const total = counted.rows[0]?.n ?? 0;
  const offset = (query.page - 1) * query.page_size;
  if (total <= offset) return { items: [], total, page: query.page, page_size: query.page_size };
  const { rows } = await deps.dbh.query<InvoiceRow>(
    `select id, number, amount_minor, currency, item, issued_at, pdf is null as generating
     from invoices where shop_id = $1 order by issued_at desc, number desc limit ${query.page_size} offset ${offset}`,
    [scope.shopId],
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      number: formatInvoiceNumber(r.number),
      description: describeItem(locale, parseItem(r.item)),
      total: { amount_minor: r.amount_minor, currency: r.currency },
      issued_at: new Date(r.issued_at).toISOString(),
      status: r.generating ? ('generating' as const) : ('ready' as const),
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/**
 * One invoice's PDF with its file name, for the store of the request only (another store's
 * invoice, like a malformed id, is "not found"); before the job rendered it, the answer says it
 * is being generated.
 */
export async function readInvoicePdf(deps: Deps, scope: ShopScope, id: string): Promise<{ name: string; pdf: Buffer }> {
  if (!isUuid(id)) throw notFound('errors.billing.invoiceNotFound');
  const { rows } = await deps.dbh.query<{ number: number; pdf: Uint8Array | null }>(
    'select number, pdf from invoices where shop_id = $1 and id = $2', [scope.shopId, id],
  );
  const row = rows[0];
  if (!row) throw notFound('errors.billing.invoiceNotFound');
  if (!row.pdf) throw new AppError('errors.billing.invoiceGenerating', 409);
  return { name: `invoice-${formatInvoiceNumber(row.number)}.pdf`, pdf: Buffer.from(row.pdf) };
}
