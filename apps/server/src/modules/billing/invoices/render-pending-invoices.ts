import type { PaymentItem } from '@storecast/db';
import type { Deps } from '../../../deps.ts';
import { findCjkFont } from './find-cjk-font.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

const BATCH = 10;

interface PendingRow {
  id: string;
  number: number;
  issued_at: Date | string;
  amount_minor: number;
  currency: string;
  item: PaymentItem | string;
  shop_name: string;
  homepage_url: string;
  shop_currency: string;
  card_brand: string | null;
  card_last4: string | null;
}

/**
 * Renders one batch of invoices that have no PDF yet, oldest number first, in one transaction:
 * the rows are locked (`skip locked`: another worker renders other invoices) and get their PDF
 * before the lock is released, so an invoice is rendered once. Returns how many it rendered.
 */
async function renderBatch(deps: Deps): Promise<number> {
  return deps.dbh.transaction(async (c) => {
    const locked = await c.query<{ id: string }>(
      'select id from invoices where pdf is null order by number limit $1 for update skip locked', [BATCH],
    );
    if (locked.rows.length === 0) return 0;
    const { rows } = await c.query<PendingRow>(
      `select i.id, i.number, i.issued_at, i.amount_minor, i.currency, i.item,
         s.name as shop_name, s.homepage_url, s.currency as shop_currency, b.card_brand, b.card_last4
       from invoices i join shops s on s.id = i.shop_id left join billing_accounts b on b.shop_id = i.shop_id
       where i.id = any($1::uuid[])`,
      [locked.rows.map((r) => r.id)],
    );
    const font = findCjkFont(deps.config.invoiceFontFile);
    for (const r of rows) {
      const pdf = await renderInvoicePdf({
        number: r.number,
        issuedAt: new Date(r.issued_at),
        amountMinor: r.amount_minor,
        currency: r.currency,
        item: typeof r.item === 'string' ? (JSON.parse(r.item) as PaymentItem) : r.item,
        shop: { name: r.shop_name, homepage: r.homepage_url, currencyId: r.shop_currency },
        seller: { name: 'Storecast', url: deps.config.publicUrl, email: deps.config.supportEmail },
        card: r.card_last4 ? { brand: r.card_brand ?? 'card', last4: r.card_last4 } : null,
        font,
      });
      await c.query('update invoices set pdf = $2 where id = $1', [r.id, pdf]);
    }
    return rows.length;
  });
}

/** Renders every invoice still without a PDF; returns how many. The job calls it, and so do tests. */
export async function renderPendingInvoices(deps: Deps): Promise<number> {
  let total = 0;
  let n: number;
  do {
    n = await renderBatch(deps);
    total += n;
  } while (n === BATCH);
  return total;
}
