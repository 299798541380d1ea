import { inflateSync } from 'node:zlib';
import { api } from '@storecast/contract';
import { billingAccounts, invoices, payments, type PaymentItem, sessions, shopMembers, shops, users } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';
import { invoicePdfJob, renderPendingInvoices } from './invoice-pdf-job.ts';
import { issueInvoice } from './issue-invoice.ts';
import { formatInvoiceMoney, toDrawable } from './render-invoice-pdf.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ supportEmail: 'billing@storecast.example' })));
afterAll(() => t.close());

/** The text a PDF draws: its content streams inflated, the hex strings of its text operators decoded. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  let text = '';
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const h of content.matchAll(/<([0-9a-fA-F]+)>/g)) text += Buffer.from(h[1]!, 'hex').toString('latin1');
  }
  // Windows-1252's euro sign (the standard fonts' encoding) where Latin-1 has a control code.
  return text.replaceAll('\x80', '€');
}

async function pay(shopId: string, item: PaymentItem, amountMinor: number, currency: string) {
  const [p] = await t.deps.dbh.db.insert(payments).values({
    shopId, item, amountMinor, currency, status: 'succeeded', idempotencyKey: `test:${shopId}:${Math.random()}`,
  }).returning();
  return t.deps.dbh.transaction((c) => issueInvoice(c, { id: p!.id, shopId, amountMinor, currency, item }));
}

async function download(token: string | undefined, id: string, lang = 'en-US') {
  const res = await t.app.inject({
    method: 'GET', url: `/api/billing/invoice-pdf?id=${encodeURIComponent(id)}`,
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return res;
}

describe('invoices', () => {
  it('lists, renders and downloads the store invoices; generating until the PDF is made', async () => {
    const { token, shopId } = await signUp(t);
    await t.deps.dbh.db.update(shops).set({ name: '风筝小店 Kite', currency: 'EUR', homepageUrl: 'https://kite.example' }).where(eq(shops.id, shopId));
    await t.deps.dbh.db.insert(billingAccounts).values({ shopId, customerId: `cus_${shopId}`, cardBrand: 'visa', cardLast4: '4242' });
    const pack = await pay(shopId, { kind: 'pack', offerId: 'pack-100k', quantity: 100_000, validityDays: 365, autoRenew: true }, 1_100_000, 'EUR');
    const upgrade = await pay(shopId, { kind: 'upgrade', level: 3, months: 12 }, 45_67, 'EUR');

    const list = await t.call(api.billing.invoiceList, { token, lang: 'zh-CN' });
    expect(list.body.data.total).toBe(2);
    expect(list.body.data.items.map((i) => [i.number, i.description, i.status])).toEqual([
      [`SC-${String(upgrade.number).padStart(6, '0')}`, '升级至专业版会员 12 个月', 'generating'],
      [`SC-${String(pack.number).padStart(6, '0')}`, '100,000 封邮件发送量，有效期 365 天', 'generating'],
    ]);
    expect(list.body.data.items[1]!.total).toEqual({ amount_minor: 1_100_000, currency: 'EUR' });

    // Before the job ran: the download says it is being generated, in the caller's language.
    const early = await download(token, pack.id);
    expect([early.statusCode, early.json().msg]).toEqual([409, 'The invoice is currently being generated, please check back later.']);
    expect((await download(token, pack.id, 'zh-CN')).json().msg).toBe('发票正在生成中，请稍后查看。');

    expect(await renderPendingInvoices(t.deps)).toBe(2);
    expect(await renderPendingInvoices(t.deps)).toBe(0);
    const ready = await t.call(api.billing.invoiceList, { token, query: { page: '1', page_size: '1' } });
    expect(ready.body.data).toMatchObject({ total: 2, page_size: 1 });
    expect(ready.body.data.items.map((i) => [i.status, i.description])).toEqual([['ready', 'Upgrade to Professional membership, 12 months']]);

    const res = await download(token, pack.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const number = `SC-${String(pack.number).padStart(6, '0')}`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="invoice-${number}.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain(`Invoice number: ${number}`);
    // The store's name: what Helvetica cannot draw becomes '?', the rest stays.
    expect(text).toMatch(/\?{4} ?Kite/);
    expect(text).toContain('100,000 e-mails of sending volume, valid 365 days');
    // The store's own format of euros, and the card that paid.
    expect(text).toContain('11.000,00 €');
    expect(text).toContain('Paid by: Visa ending in 4242');
    expect(text).toContain('billing@storecast.example');
  });

  it('refuses another store, a malformed id, a manager and no session', async () => {
    const { token, shopId } = await signUp(t);
    const other = await signUp(t);
    const inv = await pay(shopId, { kind: 'membership', level: 1, months: 1, autoRenew: false }, 1900, 'USD');
    await renderPendingInvoices(t.deps);
    expect((await download(token, inv.id)).statusCode).toBe(200);

    const foreign = await download(other.token, inv.id);
    expect([foreign.statusCode, foreign.json().msg]).toEqual([404, 'This invoice does not exist.']);
    expect((await t.call(api.billing.invoiceList, { token: other.token })).body.data.total).toBe(0);
    expect((await download(token, 'x'.repeat(5000))).statusCode).toBe(404);
    expect((await download(token, '')).statusCode).toBe(404);
    expect((await download(undefined, inv.id)).statusCode).toBe(401);

    const m = await signUp(t, { store: false });
    const [user] = await t.deps.dbh.db.select({ id: users.id }).from(users).where(eq(users.email, m.account));
    await t.deps.dbh.db.insert(shopMembers).values({ shopId, userId: user!.id, role: 'manager' });
    await t.deps.dbh.db.update(sessions).set({ shopId }).where(eq(sessions.userId, user!.id));
    const manager = await download(m.token, inv.id);
    expect(manager.statusCode).toBe(403);
    expect(manager.json().code).not.toBe(100);
    expect((await t.call(api.billing.invoiceList, { token: m.token })).status).toBe(403);
  });

  it('the job renders a newly issued invoice by itself', async () => {
    const { shopId } = await signUp(t);
    const inv = await pay(shopId, { kind: 'membership', level: 2, months: 12, autoRenew: true }, 49000, 'USD');
    const stop = await invoicePdfJob.start(t.deps, t.app.log);
    try {
      const deadline = Date.now() + 20_000;
      let pdf: Buffer | null = null;
      while (!pdf && Date.now() < deadline) {
        pdf = (await t.deps.dbh.db.select({ pdf: invoices.pdf }).from(invoices).where(eq(invoices.id, inv.id)))[0]!.pdf;
        if (!pdf) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(pdf!)).toContain('Basic membership, 12 months');
    } finally {
      await stop();
    }
  });

  it('draws any store text without failing, and money whose symbol the font lacks by its code', () => {
    expect(toDrawable('风筝 Café – “Kite”')).toBe('?? Café – “Kite”');
    expect(toDrawable('😀')).toBe('?');
    expect(formatInvoiceMoney(123456, 'INR', 'INR')).toBe('1,234.56 INR');
    expect(formatInvoiceMoney(123456, 'EUR', 'EUR_DOT')).toBe('€1,234.56');
    expect(formatInvoiceMoney(1350, 'JPY', 'JPY')).toBe('¥1,350');
    // The store changed currency after paying: the invoice keeps the currency it was paid in.
    expect(formatInvoiceMoney(900, 'USD', 'JPY')).toBe('$9.00');
  });
});
