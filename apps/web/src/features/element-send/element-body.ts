import type { CouponPreset, EmailBlock, EmailDoc, StrategyBody, StrategyDetail } from '@storecast/contract';

/** The save body of a stored Element Send, so each step sends everything and loses nothing. */
export function toElementBody(d: StrategyDetail): StrategyBody {
  return {
    kind: 'element', id: d.id, name: d.name, title: d.title, summary: d.summary, segment_ids: [], utm: d.utm,
    coupon_id: d.coupon_id, content: d.content, send_mode: 'draft', send_at: d.send_at, smart_sending: d.smart_sending,
  };
}

export interface DefaultDocTexts {
  /** HTML of the greeting and the line above the product. */
  text: string;
}

let counter = 0;
const blockId = (type: string) => `${type}-${Date.now().toString(36)}-${(counter += 1).toString(36)}`;

/**
 * Where a new Element Send's e-mail starts: logo, a greeting, the shopper's own product (the
 * block an Element Send must keep), the store's first coupon preset when it has one, the footer.
 */
export function defaultElementDoc(texts: DefaultDocTexts, preset: CouponPreset | undefined): EmailDoc {
  const blocks: EmailBlock[] = [
    { type: 'header', id: blockId('header'), align: 'center' },
    { type: 'text', id: blockId('text'), html: texts.text, align: 'left' },
    { type: 'product', id: blockId('product'), product_id: null, button_text: '', show_compare_at: true, align: 'center' },
  ];
  if (preset) blocks.push({ type: 'coupon', id: blockId('coupon'), code: preset.code, discount: preset.discount, description: preset.description });
  blocks.push({ type: 'footer', id: blockId('footer'), text: '', address: '' });
  return { version: 1, blocks };
}
