import { describe, expect, it } from 'vitest';
import { compileEmail } from './compile-email.ts';
import { renderPreview } from './render-preview.ts';
import { context, doc, hooks } from './test-fixtures.ts';
import type { ProductView } from './types.ts';

const longjing: ProductView = {
  id: 'p-1', title: 'Longjing <Spring> & "Co"', image: 'https://cdn.example.com/longjing.jpg',
  url: 'https://tea.example.com/p/longjing?ref=x', price: '$12.00', compareAtPrice: '$15.00',
};
const puerh: ProductView = { id: 'p-2', title: 'Pu-erh {{first_name}}', image: null, url: '', price: '$18.00', compareAtPrice: null };
const oolong: ProductView = { id: 'p-3', title: 'Oolong', image: 'https://cdn.example.com/oolong.jpg', url: 'https://tea.example.com/p/oolong', price: '$9.00', compareAtPrice: null };
const catalogue = new Map([longjing, puerh, oolong].map((p) => [p.id, p]));
const utm = { source: 'storecast', medium: 'email', campaign: 'spring' };

describe('product blocks', () => {
  it('draws a product: image linked to its page, title, price, compare-at struck through, button', async () => {
    const compiled = await compileEmail(
      doc({ type: 'product', id: 'x', product_id: 'p-1', button_text: '', show_compare_at: true, align: 'center' }),
      context({ products: catalogue, utm }),
    );
    expect(compiled.warnings).toEqual([]);
    expect(compiled.links).toEqual(['https://tea.example.com/p/longjing?ref=x&utm_source=storecast&utm_medium=email&utm_campaign=spring']);
    const { html, text } = compiled.personalize({}, hooks);
    expect(html).toContain('src="https://cdn.example.com/longjing.jpg"');
    expect(html).toContain('alt="Longjing &lt;Spring&gt; &amp; &quot;Co&quot;"');
    expect(html).toContain('Longjing &lt;Spring&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<Spring>');
    expect(html).toMatch(/<a\s+href="https:\/\/mail\.example\.com\/c\/tok\/0"[^>]*>\s*<img\s+alt="Longjing/);
    expect(html).toContain('$12.00');
    expect(html).toMatch(/<s style="color:#888888">\$15\.00<\/s>/);
    expect(html).toMatch(/>\s*Shop now\s*</);
    expect(text).toContain('Longjing <Spring> & "Co" - $12.00 ($15.00)\nhttps://mail.example.com/c/tok/0');
  });

  it('uses the block\'s button text, hides the compare-at price when asked, and writes "Shop now" in the e-mail language', async () => {
    const block = { type: 'product', id: 'x', product_id: 'p-1', button_text: 'Get it, {{first_name|friend}}', show_compare_at: false, align: 'left' } as const;
    const { html } = (await compileEmail(doc(block), context({ products: catalogue }))).personalize({ first_name: 'Mei' }, hooks);
    expect(html).toContain('Get it, Mei');
    expect(html).not.toContain('$15.00');
    const zh = (await compileEmail(doc({ ...block, button_text: '' }), context({ products: catalogue, locale: 'zh-CN' }))).personalize({}, hooks);
    expect(zh.html).toMatch(/>\s*立即购买\s*</);
  });

  it('never reads a product title as a personal field, and links a product without a page to the store', async () => {
    const compiled = await compileEmail(doc({ type: 'product', id: 'x', product_id: 'p-2', button_text: '', show_compare_at: true, align: 'center' }), context({ products: catalogue }));
    expect(compiled.warnings).toEqual([]);
    expect(compiled.links).toEqual(['https://tea.example.com']);
    const { html } = compiled.personalize({ first_name: 'Mei' }, hooks);
    expect(html).toContain('Pu-erh {{first_name}}');
    expect(html).not.toMatch(/<img\s+alt="Pu-erh/);
  });

  it('draws the shopper\'s product in an Element Send', async () => {
    const compiled = await compileEmail(doc({ type: 'product', id: 'x', product_id: null, button_text: '', show_compare_at: true, align: 'center' }), context({ matchedProduct: oolong }));
    expect(compiled.warnings).toEqual([]);
    expect(compiled.personalize({}, hooks).html).toContain('Oolong');
  });

  it('a product block with nothing to draw draws nothing and warns', async () => {
    const missing = await compileEmail(
      doc(
        { type: 'product', id: 'x', product_id: 'gone', button_text: '', show_compare_at: true, align: 'center' },
        { type: 'product_grid', id: 'g', product_ids: ['p-3', 'gone-2'], columns: 2, button_text: '' },
      ),
      context({ products: catalogue }),
    );
    expect(missing.warnings).toEqual(['errors.content.productMissing']);
    expect(missing.warningParams).toEqual({ 'errors.content.productMissing': { id: 'gone, gone-2' } });
    expect(missing.links).toEqual(['https://tea.example.com/p/oolong']);

    const outside = await compileEmail(doc({ type: 'product', id: 'x', product_id: null, button_text: '', show_compare_at: true, align: 'center' }), context());
    expect(outside.warnings).toEqual(['errors.content.matchedProductOutsideElement']);
    expect(outside.links).toEqual([]);
    expect(outside.personalize({}, hooks).text).not.toContain('Shop now');
  });

  it('lays a grid out in columns with each product linked, in HTML and text', async () => {
    const preview = await renderPreview(
      doc({ type: 'product_grid', id: 'g', product_ids: ['p-3', 'p-1', 'p-2'], columns: 2, button_text: 'Buy' }),
      context({ products: catalogue }),
    );
    expect(preview.warnings).toEqual([]);
    expect(preview.html.match(/mj-column-per-50/g)?.length).toBeGreaterThanOrEqual(3);
    expect(preview.html.match(/>\s*Buy\s*</g)).toHaveLength(3);
    expect(preview.html).toMatch(/<s style="color:#888888">\$15\.00<\/s>/);
    expect(preview.text).toBe([
      'Oolong - $9.00\nhttps://tea.example.com/p/oolong',
      'Longjing <Spring> & "Co" - $12.00 ($15.00)\nhttps://tea.example.com/p/longjing?ref=x',
      'Pu-erh {{first_name}} - $18.00\nhttps://tea.example.com',
    ].join('\n\n') + preview.text.slice(preview.text.indexOf('\n\nSee you')));
  });
});
