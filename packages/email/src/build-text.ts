import type { EmailBlock } from '@storecast/contract';
import { storeIdentityLines } from './list-store-identity.ts';
import type { RenderKit } from './render-kit.ts';
import { gridProductsOf, productOf } from './resolve-products.ts';
import type { ProductView } from './types.ts';

const withLink = (words: string, link: string | null) => (link ? `${words} (${link})` : words);

/** A catalogue product as text: its title and price, then its page (or the store's home page). */
function productText(p: ProductView, showCompareAt: boolean, kit: RenderKit): string {
  const compare = showCompareAt && p.compareAtPrice ? ` (${p.compareAtPrice})` : '';
  const url = /^https?:\/\//i.test(p.url) ? p.url : kit.ctx.store.homepageUrl;
  const link = url ? kit.hrefText(url) : null;
  const line = `${p.title} - ${p.price}${compare}`;
  return link ? `${line}\n${link}` : line;
}

function block(b: EmailBlock, kit: RenderKit): string {
  switch (b.type) {
    case 'header': {
      const home = kit.ctx.store.homepageUrl;
      return withLink(kit.ctx.store.name, home ? kit.hrefText(home) : null);
    }
    case 'text':
      return kit.richText(b.html);
    case 'image': {
      const alt = kit.text(b.alt);
      const link = b.href ? kit.hrefText(b.href) : null;
      return alt && link ? withLink(alt, link) : alt || link || '';
    }
    case 'button':
      return `${kit.text(b.text)}: ${kit.hrefText(b.href)}`;
    case 'products':
      return b.items
        .map((item) => {
          const title = item.price ? `${kit.text(item.title)} - ${kit.text(item.price)}` : kit.text(item.title);
          return `${title}\n${kit.hrefText(item.href)}`;
        })
        .join('\n\n');
    case 'product': {
      const p = productOf(b, kit.ctx);
      return p ? productText(p, b.show_compare_at, kit) : '';
    }
    case 'product_grid':
      return gridProductsOf(b, kit.ctx).map((p) => productText(p, true, kit)).join('\n\n');
    case 'coupon': {
      const lines = [`${kit.texts.useCode}: ${b.code}`];
      if (b.discount > 0) lines.push(kit.texts.discount(b.discount));
      if (b.description) lines.push(kit.text(b.description));
      return lines.join('\n');
    }
    case 'divider':
      return '----------';
    case 'social':
      return kit.style.social_links.map((l) => `${kit.texts.social[l.type]}: ${kit.hrefText(l.url)}`).join('\n');
    case 'footer': {
      const lines: string[] = [];
      if (b.text) lines.push(kit.text(b.text));
      lines.push(storeIdentityLines(b, kit).join('\n'));
      lines.push(kit.texts.receivedBecause(kit.ctx.store.name));
      lines.push(`${kit.texts.unsubscribe}: ${kit.table.unsubscribe()}`);
      return lines.join('\n');
    }
  }
}

/**
 * The plain-text alternative, built from the blocks rather than scraped from the HTML, so it
 * reads as text and keeps every link (as the same link slots the HTML uses).
 */
export function buildText(blocks: EmailBlock[], kit: RenderKit): string {
  return blocks
    .map((b) => block(b, kit).trim())
    .filter((part) => part !== '')
    .join('\n\n');
}
