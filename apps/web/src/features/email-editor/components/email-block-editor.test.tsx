import { catalogueRoutes, type CouponPreset, type EmailDoc, type ProductSummary } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/api/token-store.ts';
import '../../../shared/i18n/i18n.ts';
import { loadProductsStrings } from '../../products/index.ts';
import { emptyDoc } from '../block-model.ts';
import { blockIssues } from './block-fields.tsx';
import { EmailBlockEditor } from './email-block-editor.tsx';
import { EmailPreview, previewableDoc } from './email-preview.tsx';

const presets: CouponPreset[] = [{ id: 'p1', code: 'SPRING15', discount: 15, description: 'Spring sale', updated_at: '2025-03-01T00:00:00Z' }];

/** The store's catalogue behind a stand-in for the network (fetch is the browser's). */
const catalogue: ProductSummary[] = ['Dragon Well', 'Silver Needle'].map((title, i) => ({
  id: `p${i + 1}`, handle: `h${i + 1}`, title, url: '', image: null, price: 1000, compare_at_price: null, currency: 'USD',
  collection: null, tags: [], stock: null, status: 'active', variants: 0, updated_at: '2026-01-01T00:00:00Z',
}));
function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://admin.test');
  const q = (url.searchParams.get('q') ?? '').toLowerCase();
  const items = url.pathname.endsWith(catalogueRoutes.list.path) ? catalogue.filter((p) => !q || p.id === q || p.title.toLowerCase().startsWith(q)) : [];
  return Promise.resolve(new Response(JSON.stringify({ code: 100, msg: 'ok', data: { items, total: items.length } }), { headers: { 'Content-Type': 'application/json' } }));
}
let client: QueryClient;
beforeAll(() => loadProductsStrings(), 30_000);
beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});
afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
});

/** The editor as a feature holds it: the document and the selection live in the caller. */
function Host({ seen, allowMatchedProduct }: { seen: EmailDoc[]; allowMatchedProduct?: boolean }) {
  const [doc, setDoc] = useState(emptyDoc);
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <EmailBlockEditor
          doc={doc}
          onChange={(next) => {
            seen.push(next);
            setDoc(next);
          }}
          selected={selected}
          onSelect={setSelected}
          couponPresets={{ list: presets, loading: false }}
          allowMatchedProduct={allowMatchedProduct}
        />
      </MemoryRouter>
    </QueryClientProvider>
  );
}

const types = () => screen.getAllByTestId(/^block-\d+$/).map((el) => el.dataset.type);

describe('the e-mail block editor', () => {
  it('adds blocks above the footer, selects the new one and removes it again', () => {
    const seen: EmailDoc[] = [];
    render(<Host seen={seen} />);
    expect(types()).toEqual(['footer']);
    fireEvent.click(screen.getByTestId('block-add-coupon'));
    expect(types()).toEqual(['coupon', 'footer']);
    // The new block is selected, so its fields show, with the presets the caller handed in.
    expect(screen.getByTestId('block-fields-coupon')).toBeInTheDocument();
    expect(screen.getByTestId('coupon-preset')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('block-add-text'));
    expect(types()).toEqual(['coupon', 'text', 'footer']);
    fireEvent.click(screen.getAllByTestId('block-remove')[0]!);
    expect(types()).toEqual(['text', 'footer']);
    expect(seen.map((d) => d.blocks.length)).toEqual([2, 3, 2]);
  });

  it('edits the selected block through the document it was given', () => {
    const seen: EmailDoc[] = [];
    render(<Host seen={seen} />);
    fireEvent.click(screen.getByTestId('block-add-button'));
    fireEvent.change(screen.getByTestId('block-text'), { target: { value: 'Buy' } });
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ type: 'button', text: 'Buy' });
  });

  it('sends only documents the contract accepts to the renderer', () => {
    const doc = emptyDoc();
    expect(previewableDoc(doc)).toBe(doc);
    expect(previewableDoc(null)).toBeNull();
    const broken: EmailDoc = { ...doc, blocks: [{ type: 'button', id: 'b', text: 'Go', href: 'not a link', align: 'center' }, ...doc.blocks] };
    expect(previewableDoc(broken)).toBeNull();
  });

  it('adds a product block that must be given a catalogue product outside Element Send', { timeout: 20_000 }, async () => {
    const seen: EmailDoc[] = [];
    await act(async () => { render(<Host seen={seen} />); });
    fireEvent.click(screen.getByTestId('block-add-product'));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ type: 'product', product_id: '' });
    expect(screen.queryByTestId('block-product-source')).toBeNull();
    expect(screen.getByTestId('block-fields-product')).toHaveTextContent('请选择商品。');
    expect(screen.getByTestId('block-0')).toHaveStyle({ border: '1px solid #ff4d4f' });
    // Picking from the catalogue (searched on the server) sets the store's product id.
    const picker = await screen.findByTestId('block-product-id');
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Silver Needle (p2)', {}, { timeout: 10_000 }));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ type: 'product', product_id: 'p2' });
    await waitFor(() => expect(screen.getByTestId('block-fields-product')).not.toHaveTextContent('请选择商品。'));
    fireEvent.change(screen.getByTestId('block-button_text'), { target: { value: 'Buy it' } });
    fireEvent.click(screen.getByTestId('block-show-compare-at'));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ product_id: 'p2', button_text: 'Buy it', show_compare_at: false });
  });

  it('offers the shopper\'s product in an Element Send, and a chosen one', { timeout: 20_000 }, async () => {
    const seen: EmailDoc[] = [];
    await act(async () => { render(<Host seen={seen} allowMatchedProduct />); });
    fireEvent.click(screen.getByTestId('block-add-product'));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ type: 'product', product_id: null });
    expect(screen.getByTestId('block-0')).not.toHaveStyle({ border: '1px solid #ff4d4f' });
    expect(screen.queryByTestId('block-product-id')).toBeNull();
    fireEvent.click(within(screen.getByTestId('block-product-source')).getByText('指定商品'));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ product_id: '' });
    expect(await screen.findByTestId('block-product-id')).toBeInTheDocument();
  });

  it('adds a product grid whose products are picked one by one', { timeout: 20_000 }, async () => {
    const seen: EmailDoc[] = [];
    await act(async () => { render(<Host seen={seen} />); });
    fireEvent.click(screen.getByTestId('block-add-product_grid'));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ type: 'product_grid', product_ids: [], columns: 2 });
    const add = await screen.findByTestId('block-grid-add');
    fireEvent.mouseDown(within(add).getByRole('combobox'));
    fireEvent.click(await screen.findByText('Dragon Well (p1)', {}, { timeout: 10_000 }));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ product_ids: ['p1'] });
    fireEvent.click(screen.getByTestId('block-grid-remove-0'));
    expect(seen.at(-1)!.blocks[0]).toMatchObject({ product_ids: [] });
  });

  it('checks the shopper\'s product block against where the e-mail goes', () => {
    const block = { type: 'product', id: 'x', product_id: null, button_text: '', show_compare_at: true, align: 'center' } as const;
    expect(blockIssues(block)).toEqual({ product_id: '“顾客的商品”内容块只能用于元素发送。' });
    expect(blockIssues(block, { allowMatchedProduct: true })).toEqual({});
    expect(blockIssues({ ...block, product_id: 'p1' })).toEqual({});
  });

  it('names the missing products in the preview\'s warning', () => {
    const doc = emptyDoc();
    const data = { html: '<p>x</p>', size_bytes: 10, warnings: ['errors.content.productMissing', 'errors.content.matchedProductOutsideElement'], warning_params: { 'errors.content.productMissing': { id: 'p9, p10' } } };
    render(<EmailPreview doc={doc} preview={{ data, isError: false, error: null, isFetching: false }} />);
    const texts = screen.getAllByTestId('preview-warning').map((el) => el.textContent);
    expect(texts).toEqual(['商品 p9, p10 不在商品目录中，请重新选择。', '“顾客的商品”内容块只能用于元素发送。']);
  });
});
