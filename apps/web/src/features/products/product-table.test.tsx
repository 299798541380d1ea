import { catalogueRoutes, shopRoutes, type ProductSummary } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/api/token-store.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { ProductTable } from './index.ts';
import { loadProductsStrings } from './load-products-strings.ts';

/** A stand-in for the network (fetch is the browser's) with a catalogue that pages and searches like the server. */
const catalogue: ProductSummary[] = Array.from({ length: 45 }, (_, i) => ({
  id: `p${100 + i}`, handle: `tea-${i}`, title: i % 2 ? `Oolong ${i}` : `Green ${i}`, url: '', image: i === 0 ? null : `https://cdn.example.com/${i}.png`,
  price: 1000 + i, compare_at_price: i === 1 ? 2000 : null, currency: 'USD', collection: i < 10 ? 'Teas' : null, tags: [],
  stock: i === 2 ? null : i, status: i === 3 ? 'draft' : 'active', variants: 1, updated_at: '2026-01-01T00:00:00Z',
}));
let products = catalogue;
let asked: URLSearchParams[] = [];

function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://admin.test');
  const json = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 100, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } }));
  if (url.pathname.endsWith(catalogueRoutes.list.path)) {
    const p = url.searchParams;
    asked.push(p);
    const q = (p.get('q') ?? '').toLowerCase();
    const rows = products.filter((x) => (!q || x.id === q || x.handle === q || x.title.toLowerCase().startsWith(q))
      && (!p.get('status') || x.status === p.get('status')) && (!p.get('collection') || x.collection === p.get('collection')));
    const page = Number(p.get('page') ?? 1);
    const size = Number(p.get('page_size') ?? 20);
    return json({ items: rows.slice((page - 1) * size, page * size), total: rows.length });
  }
  if (url.pathname.endsWith(shopRoutes.info.path)) return json({ timezone: 'UTC', currency: 'USD' });
  return json(null);
}

let client: QueryClient;
const wrap = (node: ReactNode) => render(
  <QueryClientProvider client={client}><MemoryRouter><App><Suspense fallback="loading">{node}</Suspense></App></MemoryRouter></QueryClientProvider>,
);
const ids = () => screen.queryAllByTestId('product-row-id').map((el) => el.textContent);

beforeAll(() => loadProductsStrings(), 30_000);
beforeEach(() => {
  products = catalogue;
  asked = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});
afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
});

describe('the product table', () => {
  it('shows one page from the server with the total, and asks the server for the next', { timeout: 20_000 }, async () => {
    // As the app shows it: the table waits for the catalogue's strings.
    await act(async () => { wrap(<ProductTable />); });
    await waitFor(() => expect(ids()).toHaveLength(20), { timeout: 10_000 });
    expect(ids()[0]).toBe('p100');
    expect(screen.getByText('共 45 个商品')).toBeInTheDocument();
    expect(screen.getByText('$10.01')).toBeInTheDocument();
    expect(screen.getByText('$20.00').tagName).toBe('DEL');
    expect(screen.getByText('不跟踪')).toBeInTheDocument();
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(ids()).toEqual(['p140', 'p141', 'p142', 'p143', 'p144']));
    expect(asked.at(-1)!.get('page')).toBe('3');
  });

  it('searches on the server and starts again from the first page', { timeout: 20_000 }, async () => {
    wrap(<ProductTable />);
    await waitFor(() => expect(ids()).toHaveLength(20), { timeout: 10_000 });
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(ids()[0]).toBe('p120'));
    fireEvent.change(screen.getByPlaceholderText('搜索商品 ID、Handle 或标题'), { target: { value: 'oolong 1' } });
    await waitFor(() => expect(ids()).toEqual(['p101', 'p111', 'p113', 'p115', 'p117', 'p119']));
    expect(asked.at(-1)!.get('q')).toBe('oolong 1');
    expect(asked.at(-1)!.get('page')).toBe('1');
    fireEvent.change(screen.getByPlaceholderText('搜索商品 ID、Handle 或标题'), { target: { value: 'tea-7' } });
    await waitFor(() => expect(ids()).toEqual(['p107']));
  });

  it('filters by collection', { timeout: 20_000 }, async () => {
    wrap(<ProductTable />);
    await waitFor(() => expect(ids()).toHaveLength(20), { timeout: 10_000 });
    fireEvent.change(screen.getByTestId('product-collection'), { target: { value: 'Teas' } });
    await waitFor(() => expect(ids()).toHaveLength(10));
    expect(asked.at(-1)!.get('collection')).toBe('Teas');
  });

  it('says how to push products when the store has none, in English too', async () => {
    products = [];
    localStorage.setItem('storecast.language', 'en-US');
    await act(() => i18n.changeLanguage('en-US'));
    try {
      wrap(<ProductTable />);
      const empty = await screen.findByTestId('product-empty');
      expect(empty).toHaveTextContent('POST /public/v1/products');
      expect(within(empty).getByRole('link', { name: 'Create an API token' })).toHaveAttribute('href', '/store/api-token');
    } finally {
      localStorage.removeItem('storecast.language');
      await act(() => i18n.changeLanguage('zh-CN'));
    }
  });
});
