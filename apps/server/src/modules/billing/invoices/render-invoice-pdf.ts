import { findCurrency, formatMoney, type Locale, translateError } from '@storecast/contract';
import type { PaymentItem } from '@storecast/db';
import PDFDocument from 'pdfkit';
import { describeItem } from './describe-item.ts';
import { formatInvoiceNumber } from './issue-invoice.ts';

export interface InvoicePdfData {
  number: number;
  issuedAt: Date;
  amountMinor: number;
  /** ISO code the payment was made in. */
  currency: string;
  item: PaymentItem;
  shop: { name: string; homepage: string; /** The store's currency id (EUR and EUR_DOT format apart). */ currencyId: string };
  seller: { name: string; url: string; email: string };
  card: { brand: string; last4: string } | null;
}

/**
 * The labels' language. Only English: pdfkit's built-in Helvetica covers Windows-1252, and no
 * CJK font package of reasonable size is installed (Noto Sans SC weighs 8-10 MB per weight).
 * Texts from stores (names, homepages) may hold any script: characters the font cannot draw
 * become `?` rather than garbage or a failed render.
 */
const LOCALE: Locale = 'en-US';

// Windows-1252's characters outside Latin-1 (pdfkit's standard fonts encode through it).
const WIN_ANSI_EXTRA = new Set([
  402, 8211, 8212, 8216, 8217, 8218, 8220, 8221, 8222, 8224, 8225, 8226, 8230, 8364, 8240, 8249, 8250, 710, 8482, 338, 339,
  732, 352, 353, 376, 381, 382,
]);

const drawable = (code: number) => (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(code);

/** The text with every character the standard font cannot draw replaced by `?` (one per code point). */
export function toDrawable(text: string): string {
  return Array.from(text.normalize('NFC'), (ch) => (drawable(ch.codePointAt(0)!) ? ch : '?')).join('');
}

/** The amount in the store's own format (EUR 1.234,56 € or €1,234.56); the ISO code where the symbol cannot be drawn (₹, ₩, zł). */
export function formatInvoiceMoney(minor: number, code: string, storeCurrencyId: string): string {
  const id = findCurrency(storeCurrencyId)?.code === code ? storeCurrencyId : code;
  const text = formatMoney(minor, id);
  if (toDrawable(text) === text) return text;
  const symbol = findCurrency(id)?.symbol ?? '';
  return `${text.replace(symbol, '').trim()} ${code}`;
}

/** Renders one invoice as PDF bytes (A4). */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const label = (key: string, params: Record<string, string | number> = {}) =>
    toDrawable(translateError(LOCALE, `notices.billing.invoicePdf.${key}`, params));
  const number = formatInvoiceNumber(data.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${label('title')} ${number}`, Author: toDrawable(data.seller.name), Subject: toDrawable(data.shop.name) },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const money = (minor: number) => formatInvoiceMoney(minor, data.currency, data.shop.currencyId);

  doc.font('Helvetica-Bold').fontSize(22).text(label('title'), left, 56);
  doc.font('Helvetica').fontSize(10)
    .text(`${label('number')}: ${number}`, left, 60, { width, align: 'right' })
    .text(`${label('issued')}: ${data.issuedAt.toISOString().slice(0, 10)}`, { width, align: 'right' });

  const block = (title: string, lines: string[], x: number, y: number) => {
    doc.font('Helvetica-Bold').fontSize(10).text(title, x, y, { width: width / 2 - 10 });
    doc.font('Helvetica').fontSize(10);
    for (const line of lines.filter(Boolean)) doc.text(toDrawable(line), { width: width / 2 - 10 });
  };
  const top = 120;
  block(label('seller'), [data.seller.name, data.seller.url, data.seller.email ? `${label('support')}: ${data.seller.email}` : ''], left, top);
  block(label('billedTo'), [
    data.shop.name,
    data.shop.homepage ? `${label('homepage')}: ${data.shop.homepage}` : '',
    `${label('currency')}: ${data.currency}`,
  ], left + width / 2 + 10, top);

  // The line and the total.
  let y = 230;
  const amountX = left + width - 160;
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  doc.font('Helvetica-Bold').text(label('item'), left, y + 8).text(label('amount'), amountX, y + 8, { width: 160, align: 'right' });
  y += 28;
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  doc.font('Helvetica').text(toDrawable(describeItem(LOCALE, data.item)), left, y + 8, { width: width - 170 })
    .text(money(data.amountMinor), amountX, y + 8, { width: 160, align: 'right' });
  y += 34;
  doc.moveTo(left, y).lineTo(left + width, y).stroke();
  doc.font('Helvetica-Bold').text(label('total'), left, y + 8).text(money(data.amountMinor), amountX, y + 8, { width: 160, align: 'right' });
  if (data.card) {
    doc.font('Helvetica').text(`${label('paidBy')}: ${label('paidByCard', { brand: cardBrand(data.card.brand), last4: data.card.last4 })}`, left, y + 40);
  }
  doc.end();
  return done;
}

/** `visa` -> `Visa`, `american_express` -> `American Express`. */
const cardBrand = (brand: string) => brand.split(/[_\s]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
