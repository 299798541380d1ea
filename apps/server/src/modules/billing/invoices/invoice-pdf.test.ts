import { inflateSync } from 'node:zlib';
import { api } from '@storecast/contract';
import { billingAccounts, invoices, payments, type PaymentItem, sessions, shopMembers, shops, users } from '@storecast/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sign-up.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';
import { invoicePdfJob, renderPendingInvoices } from './invoice-pdf-job.ts';
import { issueInvoice } from './issue-invoice.ts';
import { findCjkFont } from './find-cjk-font.ts';
import { formatInvoiceMoney, renderInvoicePdf, toDrawable } from './render-invoice-pdf.ts';

let t: TestApp;
beforeAll(async () => void (t = await startTestApp({ supportEmail: 'billing@storecast.example' })));
afterAll(() => t.close());

/**
 * The text a PDF draws: its content streams inflated, the hex strings of its text operators
 * decoded. Standard fonts draw one byte per character (Windows-1252); an embedded font draws
 * two-byte glyph codes, mapped back to text by the ToUnicode table pdfkit writes for it.
 */
function pdfText(pdf: Buffer): string {
  const streams: string[] = [];
  for (const m of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    try {
      streams.push(inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1'));
    } catch {
      // Not deflated: not a content stream pdfkit wrote.
    }
  }
  const toUnicode = new Map<string, string>();
  for (const cmap of streams.filter((x) => x.includes('beginbfrange'))) {
    for (const range of cmap.matchAll(/<([0-9a-f]{4})> <[0-9a-f]{4}> \[([^\]]*)\]/gi)) {
      const first = Number.parseInt(range[1]!, 16);
      [...range[2]!.matchAll(/<([0-9a-f]+)>/gi)].forEach((u, i) => {
        toUnicode.set((first + i).toString(16).padStart(4, '0'), Buffer.from(u[1]!, 'hex').swap16().toString('utf16le'));
      });
    }
  }
  let text = '';
  for (const content of streams.filter((x) => x.includes(' TJ'))) {
    for (const [line] of content.matchAll(/\[[^\]]*\] TJ|\bET\b/g)) {
      if (line === 'ET') {
        text += '\n'; // The end of a text object: one line as pdfkit draws them.
        continue;
      }
      for (const h of line.matchAll(/<([0-9a-fA-F]+)>/g)) {
        text += toUnicode.size > 0
          ? h[1]!.match(/.{4}/g)!.map((code) => toUnicode.get(code.toLowerCase()) ?? '').join('')
          : Buffer.from(h[1]!, 'hex').toString('latin1');
      }
    }
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
    // The test machine has a Chinese font (the test command installs one for the browser), so
    // the invoice is in both languages, and the store's name is drawn as it is written.
    const text = pdfText(pdf);
    expect(text).toContain(`发票编号 / Invoice number: ${number}`);
    expect(text).toContain('购买方 / Billed to\n风筝小店 Kite\n');
    expect(text).toContain('100,000 封邮件发送量，有效期 365 天\n100,000 e-mails of sending volume, valid 365 days');
    // The store's own format of euros, and the card that paid.
    expect(text).toContain('11.000,00 €');
    expect(text).toContain('付款方式 / Paid by: Visa 尾号 4242 / Visa ending in 4242');
    expect(text).toContain('billing@storecast.example');
  });

  it('draws English only, with what Helvetica cannot draw as "?", where no Chinese font is found', async () => {
    const pdf = await renderInvoicePdf({
      number: 42, issuedAt: new Date('2026-02-28T12:00:00Z'), amountMinor: 123456, currency: 'INR',
      item: { kind: 'membership', level: 2, months: 1, autoRenew: false },
      shop: { name: '风筝小店 Kite', homepage: 'https://kite.example', currencyId: 'INR' },
      seller: { name: 'Storecast', url: 'https://storecast.example', email: '' },
      card: { brand: 'american_express', last4: '0005' },
      font: null,
    });
    const text = pdfText(pdf);
    expect(text).toContain('Invoice number: SC-000042\nIssue date: 2026-02-28');
    expect(text).toContain('Billed to\n???? Kite\n');
    expect(text).toContain('Basic membership, 1 month\n');
    expect(text).toContain('1,234.56 INR');
    expect(text).toContain('Paid by: American Express ending in 0005');
    expect(text).not.toMatch(/[\u4e00-\u9fff]|发票/);
  });

  it('finds a Chinese font: the configured file when it is one, else the system\'s', () => {
    const system = findCjkFont('');
    // The test command installs a Chinese font; without one, invoices could not be bilingual.
    expect(system).not.toBeNull();
    expect(findCjkFont(system!.file)).toEqual(system);
    // A file that is no font, or none at all, is passed over for the system's.
    expect(findCjkFont(import.meta.filename)).toEqual(system);
    expect(findCjkFont('/nonexistent/font.ttf')).toEqual(system);
    // In a collection, a face is named; pdfkit needs it to open the file.
    if (system!.file.endsWith('.ttc')) expect(system!.face).toMatch(/\w/);
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
