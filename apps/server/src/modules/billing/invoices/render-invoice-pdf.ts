import { findCurrency, formatMoney, LOCALES, translateError } from '@storecast/contract';
import type { PaymentItem } from '@storecast/db';
import PDFDocument from 'pdfkit';
import { describeItem } from './describe-item.ts';
import type { CjkFont } from './find-cjk-font.ts';
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
  /**
   * A font that draws Chinese (`findCjkFont`). With it the labels are in both languages, Chinese
   * first, as the owner's mails are (no language is stored for a user), and store names in any
   * script are drawn. Without it, pdfkit's Helvetica draws English labels, and characters outside
   * Windows-1252 become `?` rather than garbage or a failed render.
   */
  font: CjkFont | null;
}

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

/**
 * The amount in the store's own format (EUR 1.234,56 € or €1,234.56); with only the standard
 * font, the ISO code where the symbol cannot be drawn (₹, ₩, zł).
 */
export function formatInvoiceMoney(minor: number, code: string, storeCurrencyId: string, anyScript = false): string {
  const id = findCurrency(storeCurrencyId)?.code === code ? storeCurrencyId : code;
  const text = formatMoney(minor, id);
  if (anyScript || toDrawable(text) === text) return text;
  const symbol = findCurrency(id)?.symbol ?? '';
  return `${text.replace(symbol, '').trim()} ${code}`;
}

/** Renders one invoice as PDF bytes (A4). */
export function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const locales = data.font ? LOCALES : (['en-US'] as const);
  const draw = data.font ? (text: string) => text : toDrawable;
  const label = (key: string, params: Record<string, string | number> = {}) =>
    draw(locales.map((locale) => translateError(locale, `notices.billing.invoicePdf.${key}`, params)).join(' / '));
  const number = formatInvoiceNumber(data.number);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${label('title')} ${number}`, Author: draw(data.seller.name), Subject: draw(data.shop.name) },
  });
  // The Chinese font has one weight: titles are set apart by size and rules, not by boldness.
  const [regular, bold] = data.font ? ['text', 'text'] : ['Helvetica', 'Helvetica-Bold'];
  if (data.font) doc.registerFont('text', data.font.file, data.font.face);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const money = (minor: number) => formatInvoiceMoney(minor, data.currency, data.shop.currencyId, data.font !== null);

  doc.font(bold).fontSize(22).text(label('title'), left, 56);
  doc.font(regular).fontSize(10)
    .text(`${label('number')}: ${number}`, left, 60, { width, align: 'right' })
    .text(`${label('issued')}: ${data.issuedAt.toISOString().slice(0, 10)}`, { width, align: 'right' });

  /** Draws a titled block of lines; returns where it ends. */
  const block = (title: string, lines: string[], x: number, y: number) => {
    doc.font(bold).fontSize(10).text(title, x, y, { width: width / 2 - 10 });
    doc.font(regular).fontSize(10);
    for (const line of lines.filter(Boolean)) doc.text(draw(line), { width: width / 2 - 10 });
    return doc.y;
  };
  const top = 120;
  const sellerEnd = block(label('seller'), [data.seller.name, data.seller.url, data.seller.email ? `${label('support')}: ${data.seller.email}` : ''], left, top);
  const buyerEnd = block(label('billedTo'), [
    data.shop.name,
    data.shop.homepage ? `${label('homepage')}: ${data.shop.homepage}` : '',
    `${label('currency')}: ${data.currency}`,
  ], left + width / 2 + 10, top);

  // The line and the total; each row as tall as its text (a long store name or two languages).
  const amountX = left + width - 160;
  const rule = (at: number) => doc.moveTo(left, at).lineTo(left + width, at).stroke();
  let y = Math.max(230, sellerEnd + 24, buyerEnd + 24);
  rule(y);
  doc.font(bold).text(label('item'), left, y + 8, { width: width - 170 }).text(label('amount'), amountX, y + 8, { width: 160, align: 'right' });
  y = doc.y + 8;
  rule(y);
  doc.font(regular).text(draw(locales.map((locale) => describeItem(locale, data.item)).join('\n')), left, y + 8, { width: width - 170 });
  const itemEnd = doc.y;
  doc.text(money(data.amountMinor), amountX, y + 8, { width: 160, align: 'right' });
  y = Math.max(itemEnd, doc.y) + 8;
  rule(y);
  doc.font(bold).text(label('total'), left, y + 8).text(money(data.amountMinor), amountX, y + 8, { width: 160, align: 'right' });
  y = doc.y;
  if (data.card) {
    doc.font(regular).text(`${label('paidBy')}: ${label('paidByCard', { brand: cardBrand(data.card.brand), last4: data.card.last4 })}`, left, y + 24);
  }
  doc.end();
  return done;
}

/** `visa` -> `Visa`, `american_express` -> `American Express`. */
const cardBrand = (brand: string) => brand.split(/[_\s]+/).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
