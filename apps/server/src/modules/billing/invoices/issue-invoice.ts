import type { PaymentItem, RawConnection } from '@storecast/db';

export interface PaidPayment {
  id: string;
  shopId: string;
  amountMinor: number;
  currency: string;
  item: PaymentItem;
}

export interface IssuedInvoice { id: string; number: number }

/**
 * Issues the invoice of a payment that just succeeded, inside the transaction that settled it,
 * with the next gapless number; the PDF follows from the invoice job. The counter's one row is
 * updated in that transaction, so its row lock serialises concurrent settlements and a rolled
 * back settlement gives its number back (a sequence would leave a gap). A payment already
 * invoiced keeps its invoice and takes no number.
 */
export async function issueInvoice(c: RawConnection, payment: PaidPayment): Promise<IssuedInvoice> {
  const existing = await c.query<IssuedInvoice>('select id, number from invoices where payment_id = $1', [payment.id]);
  if (existing.rows[0]) return existing.rows[0];
  const counter = await c.query<{ last: number }>('update invoice_counter set last = last + 1 where id = 1 returning last');
  const number = counter.rows[0]?.last;
  if (number === undefined) throw new Error('invoice_counter has no row 1 (migration 0018 seeds it)');
  const { rows } = await c.query<IssuedInvoice>(
    `insert into invoices (shop_id, payment_id, number, amount_minor, currency, item)
     values ($1, $2, $3, $4, $5, $6::jsonb) returning id, number`,
    [payment.shopId, payment.id, number, payment.amountMinor, payment.currency, JSON.stringify(payment.item)],
  );
  return rows[0]!;
}

/** How an invoice number is shown: `SC-000042` (six digits at least; more once past 999,999). */
export const formatInvoiceNumber = (n: number) => `SC-${String(n).padStart(6, '0')}`;
