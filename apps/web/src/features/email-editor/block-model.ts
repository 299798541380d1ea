import { escapeHtml, type EmailBlock, type EmailBlockType, type EmailDoc, type PersonalField } from '@storecast/contract';

/**
 * The block editor's document operations, kept pure so they are tested without a browser.
 * Rules: the footer (unsubscribe link) is always there, exactly once, and always last; it can
 * be edited but not removed or moved, so no e-mail can leave the editor without it.
 */

export type ContentBlockType = Exclude<EmailBlockType, 'footer'>;

/** Blocks the palette offers; the footer is not among them because it is always present. */
export const PALETTE: ContentBlockType[] = ['header', 'text', 'image', 'button', 'products', 'product', 'product_grid', 'coupon', 'divider', 'social'];

/** Blocks that start empty and are valid once the user picks their catalogue products. */
export const PICKED_BLOCKS: readonly ContentBlockType[] = ['product', 'product_grid'];

export interface BlockOptions {
  /**
   * The e-mail is an Element Send's: a product block may show the shopper's matched product
   * (product_id null), and a new one does. Elsewhere a product block must name a product.
   */
  allowMatchedProduct?: boolean;
}

/**
 * The words a new block starts with. They end up in the e-mail, so they must be in the admin's
 * language: callers build them with `t()` (use-block-texts.ts) rather than this file guessing.
 */
export interface BlockTexts {
  /** HTML of a new text block, usually a greeting with a personal field. */
  text: string;
  button: string;
  product: string;
  couponCode: string;
}

let counter = 0;
/** Short unique block ids (the contract allows up to 40 characters). */
export function newBlockId(type: EmailBlockType): string {
  counter += 1;
  return `${type}-${Date.now().toString(36)}-${counter.toString(36)}`;
}

/**
 * A new block with contents the user replaces; links are real so the preview renders at once.
 * Catalogue blocks start with no product ('' or none) outside an Element Send, for the user to pick.
 */
export function createBlock(type: ContentBlockType, texts: BlockTexts, id = newBlockId(type), options: BlockOptions = {}): EmailBlock {
  switch (type) {
    case 'header': return { type, id, align: 'center' };
    case 'text': return { type, id, html: texts.text, align: 'left' };
    case 'image': return { type, id, src: 'https://placehold.co/600x300.png', alt: '', width: 100 };
    case 'button': return { type, id, text: texts.button, href: 'https://example.com', align: 'center' };
    case 'products':
      return { type, id, columns: 2, items: [{ title: texts.product, image: 'https://placehold.co/300x300.png', price: '', href: 'https://example.com' }] };
    case 'product': return { type, id, product_id: options.allowMatchedProduct ? null : '', button_text: '', show_compare_at: true, align: 'center' };
    case 'product_grid': return { type, id, product_ids: [], columns: 2, button_text: '' };
    case 'coupon': return { type, id, code: texts.couponCode, discount: 10, description: '' };
    case 'divider': return { type, id };
    case 'social': return { type, id, align: 'center' };
  }
}

/** The footer starts empty: the renderer adds the unsubscribe link in the e-mail's language. */
export function createFooter(id = newBlockId('footer')): EmailBlock {
  return { type: 'footer', id, text: '', address: '' };
}

/** A blank e-mail: only the footer. */
export function emptyDoc(): EmailDoc {
  return { version: 1, blocks: [createFooter()] };
}

/** Repairs any document (old drafts, templates) into one that keeps the footer rule. */
export function ensureFooter(doc: EmailDoc | null | undefined): EmailDoc {
  const blocks = doc?.blocks ?? [];
  const footers = blocks.filter((b) => b.type === 'footer');
  const rest = blocks.filter((b) => b.type !== 'footer');
  return { version: 1, blocks: [...rest, footers[0] ?? createFooter()] };
}

export function footerIndex(doc: EmailDoc): number {
  return doc.blocks.findIndex((b) => b.type === 'footer');
}

/**
 * Adds a block after the block `afterId` (or at the end of the content), never after the
 * footer. Returns the new document and the new block's id, so the editor can select it.
 */
export function addBlock(
  doc: EmailDoc, type: ContentBlockType, texts: BlockTexts, afterId?: string, options: BlockOptions = {},
): { doc: EmailDoc; id: string } {
  const block = createBlock(type, texts, undefined, options);
  const fixed = ensureFooter(doc);
  const last = footerIndex(fixed);
  const after = afterId ? fixed.blocks.findIndex((b) => b.id === afterId) : -1;
  const at = after >= 0 && after < last ? after + 1 : last;
  const blocks = [...fixed.blocks];
  blocks.splice(at, 0, block);
  return { doc: { ...fixed, blocks }, id: block.id };
}

export function canMove(doc: EmailDoc, id: string, dir: -1 | 1): boolean {
  const i = doc.blocks.findIndex((b) => b.id === id);
  if (i < 0 || doc.blocks[i]!.type === 'footer') return false;
  const j = i + dir;
  return j >= 0 && j < doc.blocks.length && doc.blocks[j]!.type !== 'footer';
}

/** Moves a block one place up (-1) or down (1); the footer stays last. */
export function moveBlock(doc: EmailDoc, id: string, dir: -1 | 1): EmailDoc {
  if (!canMove(doc, id, dir)) return doc;
  return moveBlockTo(doc, id, doc.blocks.findIndex((b) => b.id === id) + dir);
}

/**
 * Moves a block so it ends up at position `index` of the result, as drag and drop does. The
 * index is clamped to the content (0 up to the footer's place), so a drop below the footer
 * lands just above it; the footer itself and unknown ids leave the document as it was.
 */
export function moveBlockTo(doc: EmailDoc, id: string, index: number): EmailDoc {
  const from = doc.blocks.findIndex((b) => b.id === id);
  if (from < 0 || doc.blocks[from]!.type === 'footer') return doc;
  const rest = doc.blocks.filter((b) => b.id !== id);
  const footerAt = rest.findIndex((b) => b.type === 'footer');
  const limit = footerAt < 0 ? rest.length : footerAt;
  const to = Math.max(0, Math.min(Math.trunc(index) || 0, limit));
  if (to === from) return doc;
  rest.splice(to, 0, doc.blocks[from]!);
  return { ...doc, blocks: rest };
}

/**
 * Where a block dropped into gap `gap` (the gap before the block now at that position) ends up:
 * the dragged block leaves its own place first, so gaps below it sit one place higher.
 */
export function dropIndex(doc: EmailDoc, id: string, gap: number): number {
  const from = doc.blocks.findIndex((b) => b.id === id);
  return from >= 0 && gap > from ? gap - 1 : gap;
}

/** Removes a block; the footer cannot be removed. */
export function removeBlock(doc: EmailDoc, id: string): EmailDoc {
  const block = doc.blocks.find((b) => b.id === id);
  if (!block || block.type === 'footer') return doc;
  return { ...doc, blocks: doc.blocks.filter((b) => b.id !== id) };
}

/** Replaces a block's fields (never its id or type). */
export function updateBlock(doc: EmailDoc, id: string, patch: Record<string, unknown>): EmailDoc {
  return {
    ...doc,
    blocks: doc.blocks.map((b) => (b.id === id ? ({ ...b, ...patch, id: b.id, type: b.type } as EmailBlock) : b)),
  };
}

/** `{{first_name|there}}`; the fallback loses the characters that would end the field early. */
export function fieldToken(field: PersonalField, fallback = ''): string {
  const clean = fallback.replace(/[{}|]/g, '').trim();
  return clean ? `{{${field}|${clean}}}` : `{{${field}}}`;
}

/**
 * Inserts a personalisation field into text at the cursor (or replaces the selection) and
 * returns the new text and where the cursor goes, right after the field.
 */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; cursor: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  return { text: text.slice(0, a) + insert + text.slice(b), cursor: a + insert.length };
}

/** Wraps the selection in a tag (bold, italic, link) of the allow-listed HTML of text blocks. */
export function wrapSelection(text: string, start: number, end: number, open: string, close: string): { text: string; cursor: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  const next = text.slice(0, a) + open + text.slice(a, b) + close + text.slice(b);
  return { text: next, cursor: b + open.length + close.length };
}

/** A link tag with the href escaped for an attribute, by the product's one HTML escaping. */
export function linkTag(href: string): string {
  return `<a href="${escapeHtml(href)}">`;
}
