import type { EmailBlock } from '@storecast/contract';
import { escapeHtml } from './escape-html.ts';
import { storeIdentityLines } from './list-store-identity.ts';
import type { RenderKit } from './render-kit.ts';
import { gridProductsOf, productOf } from './resolve-products.ts';
import type { ProductView } from './types.ts';

/** Width of the e-mail body in px, the usual 600 that every client shows without scrolling. */
const WIDTH = 600;
const isWeb = (href: string) => /^https?:\/\//i.test(href);

const section = (inner: string, padding = '12px 0') => `<mj-section padding="${padding}"><mj-column>${inner}</mj-column></mj-section>`;

function header(block: Extract<EmailBlock, { type: 'header' }>, kit: RenderKit): string {
  const { homepageUrl, name } = kit.ctx.store;
  const href = isWeb(homepageUrl) ? ` href="${kit.hrefAttr(homepageUrl)}"` : '';
  if (isWeb(kit.style.logo_url)) {
    return section(`<mj-image src="${escapeHtml(kit.style.logo_url)}" alt="${escapeHtml(name)}"${href} align="${block.align}" width="200px" />`);
  }
  const words = escapeHtml(name);
  const content = href ? `<a${href} style="color:${kit.textColour};text-decoration:none">${words}</a>` : words;
  return section(`<mj-text align="${block.align}" font-size="24px" font-weight="bold">${content}</mj-text>`);
}

function products(block: Extract<EmailBlock, { type: 'products' }>, kit: RenderKit): string {
  const width = `${Math.floor((10000 / block.columns)) / 100}%`;
  const rows: string[] = [];
  for (let i = 0; i < block.items.length; i += block.columns) {
    const columns = block.items.slice(i, i + block.columns).map((item) => {
      const href = kit.hrefAttr(item.href);
      const price = item.price ? `<br /><span style="color:${kit.mutedColour}">${kit.html(item.price)}</span>` : '';
      return (
        `<mj-column width="${width}">` +
        `<mj-image src="${escapeHtml(item.image)}" alt="${escapeHtml(item.title)}" href="${href}" padding="8px" />` +
        `<mj-text align="center" padding="4px 8px"><strong>${kit.html(item.title)}</strong>${price}</mj-text>` +
        `<mj-button href="${href}" font-size="14px" inner-padding="8px 16px" padding="6px 8px 12px">${escapeHtml(kit.texts.shopNow)}</mj-button>` +
        `</mj-column>`
      );
    });
    rows.push(`<mj-section padding="4px 12px">${columns.join('')}</mj-section>`);
  }
  return rows.join('');
}

/** A catalogue product's page as a tracked link, or the store's home page when it has none. */
function productHref(p: ProductView, kit: RenderKit): string | null {
  const url = isWeb(p.url) ? p.url : kit.ctx.store.homepageUrl;
  return isWeb(url) ? kit.hrefAttr(url) : null;
}

/** The button's words: the block's own, else "Shop now" in the e-mail's language. */
const buttonWords = (text: string, kit: RenderKit) => (text.trim() ? kit.html(text) : escapeHtml(kit.texts.shopNow));

/** Catalogue text is the store's data, not a template: escaped, never read for {{fields}}. */
function priceLine(p: ProductView, showCompareAt: boolean, kit: RenderKit): string {
  const compare = showCompareAt && p.compareAtPrice
    ? ` <s style="color:${kit.mutedColour}">${escapeHtml(p.compareAtPrice)}</s>`
    : '';
  return `<span>${escapeHtml(p.price)}</span>${compare}`;
}

function product(block: Extract<EmailBlock, { type: 'product' }>, kit: RenderKit): string {
  const p = productOf(block, kit.ctx);
  if (!p) return '';
  const href = productHref(p, kit);
  const hrefAttr = href ? ` href="${href}"` : '';
  const parts: string[] = [];
  if (p.image && isWeb(p.image)) parts.push(`<mj-image src="${escapeHtml(p.image)}" alt="${escapeHtml(p.title)}"${hrefAttr} align="${block.align}" width="360px" />`);
  parts.push(`<mj-text align="${block.align}" font-size="18px" padding="8px 25px 0"><strong>${escapeHtml(p.title)}</strong></mj-text>`);
  parts.push(`<mj-text align="${block.align}" padding="4px 25px">${priceLine(p, block.show_compare_at, kit)}</mj-text>`);
  if (href) parts.push(`<mj-button href="${href}" align="${block.align}">${buttonWords(block.button_text, kit)}</mj-button>`);
  return section(parts.join(''));
}

function productGrid(block: Extract<EmailBlock, { type: 'product_grid' }>, kit: RenderKit): string {
  const items = gridProductsOf(block, kit.ctx);
  const width = `${Math.floor((10000 / block.columns)) / 100}%`;
  const rows: string[] = [];
  for (let i = 0; i < items.length; i += block.columns) {
    const columns = items.slice(i, i + block.columns).map((p) => {
      const href = productHref(p, kit);
      const hrefAttr = href ? ` href="${href}"` : '';
      const image = p.image && isWeb(p.image) ? `<mj-image src="${escapeHtml(p.image)}" alt="${escapeHtml(p.title)}"${hrefAttr} padding="8px" />` : '';
      const button = href
        ? `<mj-button href="${href}" font-size="14px" inner-padding="8px 16px" padding="6px 8px 12px">${buttonWords(block.button_text, kit)}</mj-button>`
        : '';
      return (
        `<mj-column width="${width}">${image}` +
        `<mj-text align="center" padding="4px 8px"><strong>${escapeHtml(p.title)}</strong><br />${priceLine(p, true, kit)}</mj-text>` +
        `${button}</mj-column>`
      );
    });
    rows.push(`<mj-section padding="4px 12px">${columns.join('')}</mj-section>`);
  }
  return rows.join('');
}

function coupon(block: Extract<EmailBlock, { type: 'coupon' }>, kit: RenderKit): string {
  const lines = [
    `<mj-text align="center" color="${kit.mutedColour}" font-size="14px" padding="4px 16px">${escapeHtml(kit.texts.useCode)}</mj-text>`,
    `<mj-text align="center" font-size="28px" font-weight="bold" letter-spacing="2px" padding="4px 16px">${escapeHtml(block.code)}</mj-text>`,
  ];
  if (block.discount > 0) lines.push(`<mj-text align="center" font-size="16px" padding="4px 16px">${escapeHtml(kit.texts.discount(block.discount))}</mj-text>`);
  if (block.description) lines.push(`<mj-text align="center" padding="4px 16px">${kit.html(block.description)}</mj-text>`);
  return `<mj-section padding="12px 25px"><mj-column border="2px dashed ${kit.style.button_bg_color}" padding="12px 0">${lines.join('')}</mj-column></mj-section>`;
}

/**
 * Social links as words, not icons: MJML's icons live on a third-party CDN and exist for only
 * some of our types (no TikTok, Weibo, WeChat); words look the same in every client.
 */
function social(block: Extract<EmailBlock, { type: 'social' }>, kit: RenderKit): string {
  if (kit.style.social_links.length === 0) return '';
  const links = kit.style.social_links.map(
    (link) => `<a href="${kit.hrefAttr(link.url)}" style="color:${kit.style.button_bg_color};text-decoration:none">${escapeHtml(kit.texts.social[link.type])}</a>`,
  );
  return section(`<mj-text align="${block.align}" font-size="14px">${links.join(' &nbsp;&middot;&nbsp; ')}</mj-text>`);
}

function footer(block: Extract<EmailBlock, { type: 'footer' }>, kit: RenderKit): string {
  const lines: string[] = [];
  if (block.text) lines.push(kit.html(block.text).replace(/\r?\n/g, '<br />'));
  lines.push(storeIdentityLines(block, kit).map(escapeHtml).join('<br />'));
  lines.push(escapeHtml(kit.texts.receivedBecause(kit.ctx.store.name)));
  lines.push(`<a href="${kit.table.unsubscribe()}" style="color:${kit.mutedColour};text-decoration:underline">${escapeHtml(kit.texts.unsubscribe)}</a>`);
  return section(`<mj-text align="center" font-size="12px" line-height="1.5" color="${kit.mutedColour}">${lines.join('<br />')}</mj-text>`, '16px 0');
}

function block(b: EmailBlock, kit: RenderKit): string {
  switch (b.type) {
    case 'header':
      return header(b, kit);
    case 'text':
      return section(`<mj-text align="${b.align}">${kit.richHtml(b.html)}</mj-text>`);
    case 'image': {
      const href = b.href ? ` href="${kit.hrefAttr(b.href)}"` : '';
      const px = Math.round((WIDTH * b.width) / 100);
      return section(`<mj-image src="${escapeHtml(b.src)}" alt="${escapeHtml(b.alt)}"${href} width="${px}px" padding="0" />`, b.width === 100 ? '0' : '12px 0');
    }
    case 'button':
      return section(`<mj-button href="${kit.hrefAttr(b.href)}" align="${b.align}">${kit.html(b.text)}</mj-button>`);
    case 'products':
      return products(b, kit);
    case 'product':
      return product(b, kit);
    case 'product_grid':
      return productGrid(b, kit);
    case 'coupon':
      return coupon(b, kit);
    case 'divider':
      return section(`<mj-divider border-width="1px" border-color="${kit.mutedColour}" />`, '4px 0');
    case 'social':
      return social(b, kit);
    case 'footer':
      return footer(b, kit);
  }
}

/** The whole e-mail as MJML, with slot tokens where recipients differ. */
export function buildMjml(blocks: EmailBlock[], kit: RenderKit): string {
  const { style } = kit;
  const head =
    `<mj-head><mj-title>${kit.html(kit.ctx.subject)}</mj-title><mj-preview>${kit.html(kit.ctx.preheader)}</mj-preview>` +
    `<mj-attributes>` +
    `<mj-all font-family="${kit.fontStack}" />` +
    `<mj-text color="${kit.textColour}" font-size="15px" line-height="1.6" />` +
    `<mj-button background-color="${style.button_bg_color}" color="${style.button_font_color}" font-size="16px" border-radius="4px" inner-padding="12px 28px" />` +
    `<mj-section background-color="${style.content_color}" />` +
    `</mj-attributes></mj-head>`;
  const body = blocks.map((b) => block(b, kit)).join('\n');
  return `<mjml lang="${kit.ctx.locale}">${head}<mj-body background-color="#f2f3f5" width="${WIDTH}px">${body}<mj-raw>${kit.table.pixel()}</mj-raw></mj-body></mjml>`;
}
