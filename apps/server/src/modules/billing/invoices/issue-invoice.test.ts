import { invoices, payments, type PaymentItem } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';
import { formatInvoiceNumber, issueInvoice } from './issue-invoice.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp()));
afterAll(() => t.close());

const item: PaymentItem = { kind: 'pack', offerId: 'pack-5k', quantity: 5000, validityDays: 90, autoRenew: false };

async function insertPayments(shopId: string, n: number) {
  return t.deps.dbh.db.insert(payments).values(Array.from({ length: n }, (_, i) => ({
    shopId, item, amountMinor: 900, currency: 'USD', status: 'succeeded' as const, idempotencyKey: `test:${shopId}:${Date.now()}:${i}`,
  }))).returning();
}

const paid = (p: typeof payments.$inferSelect) => ({ id: p.id, shopId: p.shopId, amountMinor: p.amountMinor, currency: p.currency, item: p.item });

describe('invoice numbers', () => {
  it('are gapless and unique under concurrent settlements, and a rolled back one gives its number back', async () => {
    const { shopId } = await signUp(t);
    const rows = await insertPayments(shopId, 21);

    // One settlement fails after taking its number: the number is not lost.
    await expect(t.deps.dbh.transaction(async (c) => {
      await issueInvoice(c, paid(rows[20]!));
      throw new Error('settlement failed later');
    })).rejects.toThrow('settlement failed later');

    const issued = await Promise.all(rows.slice(0, 20).map((p) => t.deps.dbh.transaction((c) => issueInvoice(c, paid(p)))));
    const numbers = issued.map((i) => i.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const stored = await t.deps.dbh.db.select().from(invoices).where(eq(invoices.shopId, shopId));
    expect(stored).toHaveLength(20);
    expect(stored.every((i) => i.pdf === null && i.amountMinor === 900 && i.currency === 'USD' && i.item.kind === 'pack')).toBe(true);

    // A payment already invoiced keeps its invoice and takes no number.
    const again = await t.deps.dbh.transaction((c) => issueInvoice(c, paid(rows[0]!)));
    expect(again).toEqual(issued[0]);
    const next = await t.deps.dbh.transaction((c) => issueInvoice(c, paid(rows[20]!)));
    expect(next.number).toBe(21);
  });

  it('shows as SC- and six digits', () => {
    expect(formatInvoiceNumber(1)).toBe('SC-000001');
    expect(formatInvoiceNumber(123456)).toBe('SC-123456');
    expect(formatInvoiceNumber(1234567)).toBe('SC-1234567');
  });
});
