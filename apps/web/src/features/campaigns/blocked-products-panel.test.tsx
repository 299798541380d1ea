import { authRoutes, catalogueRoutes } from '@storecast/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { CampaignCentrePage } from './campaign-centre-page.tsx';
import { ok, setUpPageTests } from './test/page-test-harness.tsx';

/**
 * /custom?tab=toolbox against a stand-in for the network (fetch is the browser's): the blocked
 * products paged and searched on the server, a removal only after its confirm, and products
 * picked from the catalogue blocked in one call.
 */
const product = (id: string, title: string) => ({
  id, handle: id, title, url: '', image: null, price: 1250, compare_at_price: null, currency: 'USD', collection: null, tags: [],
  stock: null, status: 'active', variants: 0, updated_at: '2026-11-01T00:00:00.000Z',
});
let asked: string[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://admin');
  const path = url.pathname.replace(/^\/api/, '');
  asked.push(`${init?.method ?? 'GET'} ${path}${url.search}${init?.body ? ` ${String(init.body)}` : ''}`);
  const page = Number(url.searchParams.get('page') ?? 1);
  const data = path === catalogueRoutes.blockedList.path
    ? {
        items: page === 1 ? [{ ...product('p-1', 'Green Tea'), blocked_at: '2026-11-03T00:00:00.000Z' }, { ...product('p-2', 'Tea Pot'), blocked_at: '2026-11-02T00:00:00.000Z' }]
        : [{ ...product('p-21', 'Old Cup'), blocked_at: '2026-11-01T00:00:00.000Z' }],
        total: 21,
      }
    : path === catalogueRoutes.list.path ? { items: [product('p-9', 'Silver Needle'), product('p-8', 'Jasmine Pearls')], total: 2 }
    : path === catalogueRoutes.block.path ? { added: 1, total: 22 }
    : path === catalogueRoutes.unblock.path ? { removed: 1 }
    : path === authRoutes.info.path ? { manager_info: { manager_role: 'manager' } }
    : null;
  return ok(data);
}

const harness = setUpPageTests(fakeApi);
beforeEach(() => {
  asked = [];
});

const renderToolbox = () => harness.show(<CampaignCentrePage />, '/custom?tab=toolbox');
const lists = () => asked.filter((a) => a.startsWith(`GET ${catalogueRoutes.blockedList.path}`));

it('lists the blocked products a page at a time and searches on the server', { timeout: 20_000 }, async () => {
  await act(() => i18n.changeLanguage('en-US'));
  renderToolbox();
  const rows = await screen.findAllByTestId('blocked-row');
  expect(rows.map((r) => r.getAttribute('data-product-id'))).toEqual(['p-1', 'p-2']);
  expect(rows[0]).toHaveTextContent('Green Tea');
  expect(rows[0]).toHaveTextContent('$12.50');
  expect(screen.getByText('21 in all')).toBeInTheDocument();
  // The campaigns' own button belongs to their tab.
  expect(screen.queryByTestId('campaign-create')).toBeNull();
  expect(lists()[0]).toContain('page=1&page_size=20');

  fireEvent.click(screen.getByTitle('2'));
  await waitFor(() => expect(screen.getAllByTestId('blocked-row').map((r) => r.getAttribute('data-product-id'))).toEqual(['p-21']));
  expect(lists().at(-1)).toContain('page=2');

  fireEvent.change(screen.getByPlaceholderText('Search by product title or ID'), { target: { value: 'pot' } });
  await waitFor(() => expect(lists().at(-1)).toContain('q=pot&page=1'));
});

it('removes a product only after the confirm', { timeout: 20_000 }, async () => {
  await act(() => i18n.changeLanguage('en-US'));
  renderToolbox();
  const [first] = await screen.findAllByTestId('blocked-row');
  fireEvent.click(within(first!).getByTestId('blocked-remove'));
  expect(await screen.findAllByText('Take "Green Tea" off the blocked list?')).not.toHaveLength(0);
  expect(asked.some((a) => a.startsWith(`POST ${catalogueRoutes.unblock.path}`))).toBe(false);
  fireEvent.click(screen.getByTestId('blocked-confirm-ok'));
  await waitFor(() => expect(asked).toContain(`POST ${catalogueRoutes.unblock.path} {"product_ids":["p-1"]}`));
  // The list is read again after the change.
  await waitFor(() => expect(lists().length).toBeGreaterThan(1));
});

it('blocks products picked from the catalogue, in the store owner\'s language', { timeout: 20_000 }, async () => {
  renderToolbox();
  await screen.findAllByTestId('blocked-row');
  expect(screen.getByTestId('tab-custom-toolbox')).toHaveTextContent('工具箱');
  fireEvent.click(screen.getByTestId('blocked-add'));
  expect(await screen.findByText('添加屏蔽商品')).toBeInTheDocument();
  const picker = await screen.findByTestId('blocked-picker');
  fireEvent.mouseDown(within(picker).getByRole('combobox'));
  fireEvent.change(within(picker).getByRole('combobox'), { target: { value: 'silver' } });
  await waitFor(() => expect(asked.some((a) => a.startsWith(`GET ${catalogueRoutes.list.path}?q=silver`))).toBe(true));
  fireEvent.click(await screen.findByText('Silver Needle (p-9)', {}, { timeout: 10_000 }));
  fireEvent.click(screen.getByTestId('blocked-add-ok'));
  await waitFor(() => expect(asked).toContain(`POST ${catalogueRoutes.block.path} {"product_ids":["p-9"]}`));
  expect(await screen.findByText('已屏蔽 1 个商品。')).toBeInTheDocument();
});
