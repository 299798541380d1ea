import { emailDocSchema } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import {
  addBlock, type BlockTexts, canMove, createBlock, createFooter, dropIndex, emptyDoc, ensureFooter, fieldToken, insertAt, linkTag,
  moveBlock, moveBlockTo, PALETTE, PICKED_BLOCKS, removeBlock, updateBlock, wrapSelection,
} from './block-model.ts';

const types = (d: { blocks: { type: string }[] }) => d.blocks.map((b) => b.type);
// Words no language file has, so the test shows they come from the caller and nowhere else.
const texts: BlockTexts = { text: '<p>Hallo {{first_name|Gast}},</p>', button: 'Jetzt kaufen', product: 'Artikel', couponCode: 'HALLO5' };

describe('block model', () => {
  it('starts with only the footer, and every new block is valid for the contract', () => {
    expect(types(emptyDoc())).toEqual(['footer']);
    let doc = emptyDoc();
    for (const t of PALETTE) doc = addBlock(doc, t, texts).doc;
    expect(types(doc)).toEqual([...PALETTE, 'footer']);
    // Catalogue blocks wait for their products to be picked; every other new block is valid as is.
    const ready = { ...doc, blocks: doc.blocks.filter((b) => !PICKED_BLOCKS.includes(b.type as never)) };
    expect(emailDocSchema.safeParse(ready).success).toBe(true);
    expect(emailDocSchema.safeParse(doc).success).toBe(false);
    expect(PALETTE).not.toContain('footer');
    expect(PALETTE).toEqual(expect.arrayContaining(['product', 'product_grid']));
  });

  it('starts a product block on the shopper\'s product only in an Element Send', () => {
    expect(createBlock('product', texts)).toMatchObject({ product_id: '', button_text: '', show_compare_at: true, align: 'center' });
    const element = addBlock(emptyDoc(), 'product', texts, undefined, { allowMatchedProduct: true });
    expect(element.doc.blocks[0]).toMatchObject({ type: 'product', product_id: null });
    expect(emailDocSchema.safeParse(element.doc).success).toBe(true);
    expect(createBlock('product_grid', texts)).toMatchObject({ product_ids: [], columns: 2, button_text: '' });
    const picked = updateBlock(addBlock(emptyDoc(), 'product_grid', texts).doc, 'x', {});
    expect(emailDocSchema.safeParse(picked).success).toBe(false);
  });

  it('fills new blocks with the words the caller passes in', () => {
    expect(createBlock('text', texts)).toMatchObject({ type: 'text', html: '<p>Hallo {{first_name|Gast}},</p>' });
    expect(createBlock('button', texts)).toMatchObject({ type: 'button', text: 'Jetzt kaufen' });
    expect(createBlock('products', texts)).toMatchObject({ items: [{ title: 'Artikel' }] });
    expect(createBlock('coupon', texts)).toMatchObject({ code: 'HALLO5' });
    const added = addBlock(emptyDoc(), 'button', texts);
    expect(added.doc.blocks.find((b) => b.id === added.id)).toMatchObject({ text: 'Jetzt kaufen' });
  });

  it('adds after the selected block and never after the footer', () => {
    let doc = emptyDoc();
    const text = addBlock(doc, 'text', texts);
    doc = text.doc;
    doc = addBlock(doc, 'button', texts).doc;
    const img = addBlock(doc, 'image', texts, text.id);
    expect(types(img.doc)).toEqual(['text', 'image', 'button', 'footer']);
    const footerId = img.doc.blocks.at(-1)!.id;
    expect(types(addBlock(img.doc, 'divider', texts, footerId).doc)).toEqual(['text', 'image', 'button', 'divider', 'footer']);
  });

  it('moves blocks up and down but keeps the footer last', () => {
    let doc = emptyDoc();
    const a = addBlock(doc, 'text', texts); doc = a.doc;
    const b = addBlock(doc, 'button', texts); doc = b.doc;
    const footerId = doc.blocks.at(-1)!.id;
    expect(types(moveBlock(doc, b.id, -1))).toEqual(['button', 'text', 'footer']);
    expect(canMove(doc, a.id, -1)).toBe(false);
    expect(canMove(doc, b.id, 1)).toBe(false);
    expect(moveBlock(doc, b.id, 1)).toBe(doc);
    expect(canMove(doc, footerId, -1)).toBe(false);
    expect(moveBlock(doc, footerId, -1)).toBe(doc);
  });

  it('moves a block to any place above the footer, as a drop does', () => {
    const ids = (d: { blocks: { id: string }[] }) => d.blocks.map((b) => b.id);
    const doc = { version: 1 as const, blocks: ['a', 'b', 'c', 'd'].map((id) => createBlock('text', texts, id)).concat(createFooter('f')) };
    expect(ids(moveBlockTo(doc, 'd', 1))).toEqual(['a', 'd', 'b', 'c', 'f']);
    expect(ids(moveBlockTo(doc, 'a', 2))).toEqual(['b', 'c', 'a', 'd', 'f']);
    expect(ids(moveBlockTo(doc, 'c', 0))).toEqual(['c', 'a', 'b', 'd', 'f']);
    expect(ids(moveBlockTo(doc, 'b', -3))).toEqual(['b', 'a', 'c', 'd', 'f']);
    // Past the footer (or at its place) lands just above it.
    expect(ids(moveBlockTo(doc, 'a', 4))).toEqual(['b', 'c', 'd', 'a', 'f']);
    expect(ids(moveBlockTo(doc, 'a', 99))).toEqual(['b', 'c', 'd', 'a', 'f']);
    expect(moveBlockTo(doc, 'b', 1)).toBe(doc);
    expect(moveBlockTo(doc, 'nope', 0)).toBe(doc);
    expect(moveBlockTo(doc, 'f', 0)).toBe(doc);
    expect(ids(doc)).toEqual(['a', 'b', 'c', 'd', 'f']);
  });

  it('turns the gap a block is dropped into into its new place', () => {
    const ids = (d: { blocks: { id: string }[] }) => d.blocks.map((b) => b.id);
    const doc = { version: 1 as const, blocks: ['a', 'b', 'c'].map((id) => createBlock('text', texts, id)).concat(createFooter('f')) };
    // Gaps: 0 before a, 1 before b, 2 before c, 3 before the footer.
    expect(ids(moveBlockTo(doc, 'a', dropIndex(doc, 'a', 3)))).toEqual(['b', 'c', 'a', 'f']);
    expect(ids(moveBlockTo(doc, 'a', dropIndex(doc, 'a', 2)))).toEqual(['b', 'a', 'c', 'f']);
    expect(ids(moveBlockTo(doc, 'c', dropIndex(doc, 'c', 0)))).toEqual(['c', 'a', 'b', 'f']);
    expect(moveBlockTo(doc, 'b', dropIndex(doc, 'b', 1))).toBe(doc);
    expect(moveBlockTo(doc, 'b', dropIndex(doc, 'b', 2))).toBe(doc);
  });

  it('removes blocks but never the footer', () => {
    let doc = emptyDoc();
    const a = addBlock(doc, 'text', texts); doc = a.doc;
    expect(types(removeBlock(doc, a.id))).toEqual(['footer']);
    expect(removeBlock(doc, doc.blocks.at(-1)!.id)).toBe(doc);
  });

  it('repairs a document without a footer, with two, or with it in the middle', () => {
    expect(types(ensureFooter(null))).toEqual(['footer']);
    const f1 = createFooter('f1');
    const f2 = createFooter('f2');
    const t = createBlock('text', texts, 't');
    const fixed = ensureFooter({ version: 1, blocks: [f1, t, f2] });
    expect(fixed.blocks.map((b) => b.id)).toEqual(['t', 'f1']);
  });

  it('updates fields but not the id or type', () => {
    const doc = addBlock(emptyDoc(), 'button', texts);
    const next = updateBlock(doc.doc, doc.id, { text: 'Buy', id: 'x', type: 'text' });
    expect(next.blocks[0]).toMatchObject({ id: doc.id, type: 'button', text: 'Buy' });
  });

  it('inserts a personalisation field with its fallback at the cursor', () => {
    expect(fieldToken('first_name', 'there')).toBe('{{first_name|there}}');
    expect(fieldToken('first_name', '')).toBe('{{first_name}}');
    expect(fieldToken('first_name', ' a|b}} ')).toBe('{{first_name|ab}}');
    expect(insertAt('Hi !', 3, 3, '{{first_name|there}}')).toEqual({ text: 'Hi {{first_name|there}}!', cursor: 23 });
    expect(insertAt('Hi you!', 3, 6, '{{email}}').text).toBe('Hi {{email}}!');
    expect(insertAt('abc', 99, 99, 'x').text).toBe('abcx');
  });

  it('wraps the selection in bold, italic or a link', () => {
    expect(wrapSelection('say hi', 4, 6, '<strong>', '</strong>').text).toBe('say <strong>hi</strong>');
    expect(wrapSelection('go', 0, 2, linkTag('https://a.example/?x=1&y="2"'), '</a>').text)
      .toBe('<a href="https://a.example/?x=1&amp;y=&quot;2&quot;">go</a>');
    // The contract's one escaping: nothing in the address can close the attribute or open a tag.
    expect(linkTag(`https://a.example/?q=<b>'x'`)).toBe('<a href="https://a.example/?q=&lt;b&gt;&#39;x&#39;">');
  });
});
