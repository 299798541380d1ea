import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/api/token-store.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { ConnectPlatPage } from './connect-plat-page.tsx';

/**
 * /connect/plat?claim=… against a stand-in for the network (fetch is the browser's): the claim's
 * details, the claim, the first sync polled until it ends, then the dashboard; a spent claim.
 */
const claim = 'A'.repeat(43);
const details = { platform: 'shopify', shop_domain: 'green-tea.myshopify.com', name: 'Green Tea', currency: 'USD', timezone: 'America/New_York', expires_at: '2026-11-27T10:15:00Z' };
let syncs: unknown[] = [];
let claimAnswer: { code: number; msg: string; data: unknown } = { code: 100, msg: 'ok', data: { shop_id: 's1', platform: 'shopify', name: 'Green Tea' } };
let infoAnswer: { code: number; msg: string; data: unknown } = { code: 100, msg: 'ok', data: details };
let asked: string[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://admin').pathname.replace(/^\/api/, '');
  asked.push(`${init?.method ?? 'GET'} ${path}`);
  const envelope = path === '/connect/claim-info' ? infoAnswer
    : path === '/connect/claim-platform' ? claimAnswer
    : path === '/channel-shop/sync-status' ? { code: 100, msg: 'ok', data: syncs.length > 1 ? syncs.shift() : syncs[0] }
    : { code: 100, msg: 'ok', data: { platform: 'shopify', shop: 'Green Tea' } };
  return Promise.resolve(new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } }));
}

let client: QueryClient;
function open(path: string) {
  const router = createMemoryRouter([
    { path: '/connect/plat', element: <ConnectPlatPage /> },
    { path: '/dashboard', element: <div data-testid="dashboard">dashboard</div> },
  ], { initialEntries: [path] });
  render(<QueryClientProvider client={client}><RouterProvider router={router} /></QueryClientProvider>);
  return router;
}

beforeEach(() => {
  asked = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('claiming an installed platform store', { timeout: 20_000 }, () => {
  it('shows the store, connects it, follows the first sync and goes on to the dashboard', async () => {
    const base = { platform: 'shopify', stage: 'customers', started_at: null, finished_at: null, error: null };
    syncs = [
      { ...base, status: 'running', done: 40, estimated: 120, eta_seconds: 8 },
      { ...base, status: 'done', stage: 'orders', done: 120, estimated: 120, eta_seconds: null },
    ];
    claimAnswer = { code: 100, msg: 'ok', data: { shop_id: 's1', platform: 'shopify', name: 'Green Tea' } };
    infoAnswer = { code: 100, msg: 'ok', data: details };
    const router = open(`/connect/plat?claim=${claim}`);
    expect(await screen.findByTestId('claim-name')).toHaveTextContent('Green Tea');
    expect(screen.getByTestId('claim-domain')).toHaveTextContent('green-tea.myshopify.com');
    act(() => screen.getByTestId('claim-connect').click());
    expect(await screen.findByTestId('sync-counts')).toHaveTextContent('已导入 40 / 约 120 条记录');
    expect(await screen.findByTestId('dashboard', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(asked).toContain('POST /connect/claim-platform');
    // The spent claim is not asked about again once the store changed.
    expect(asked.filter((a) => a === 'GET /connect/claim-info')).toHaveLength(1);
  });

  it('says a used or expired link cannot be used, in the server\'s words, with a way back', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const msg = 'This connection link has expired or was already used. Please install the app again from your store platform\'s admin.';
    infoAnswer = { code: 108, msg, data: null };
    const router = open(`/connect/plat?claim=${claim}`);
    expect(await screen.findByTestId('claim-error')).toHaveTextContent(msg);
    expect(screen.getByText('This connection link cannot be used')).toBeInTheDocument();
    act(() => screen.getByTestId('claim-back').click());
    expect(await screen.findByTestId('platform-card-shopify')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('checks each platform\'s store domain, in the server\'s words for Shopify, before opening the store\'s admin', async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    open('/connect/plat');
    act(() => screen.getByTestId('platform-card-shopify').click());
    const input = await screen.findByTestId('platform-domain');
    fireEvent.change(input, { target: { value: 'tea.example.com' } });
    act(() => screen.getByTestId('platform-open').click());
    expect(await screen.findByText('请输入店铺的 Shopify 域名，例如 tea.myshopify.com。')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'green-tea' } });
    act(() => screen.getByTestId('platform-open').click());
    await vi.waitFor(() => expect(opened).toHaveBeenCalledWith('https://green-tea.myshopify.com/admin/apps', '_blank', 'noopener,noreferrer'));
    // Shoplazza: its own domain, the same sentence worded for it.
    act(() => screen.getByTestId('platform-card-shoplazza').click());
    const other = await screen.findByTestId('platform-domain');
    fireEvent.change(other, { target: { value: 'green-tea.myshopify.com' } });
    act(() => screen.getByTestId('platform-open').click());
    expect(await screen.findByText('请输入店铺的 店匠 Shoplazza 域名，例如 tea.myshoplaza.com。')).toBeInTheDocument();
    fireEvent.change(other, { target: { value: 'https://green-tea.myshoplaza.com/admin' } });
    act(() => screen.getByTestId('platform-open').click());
    await vi.waitFor(() => expect(opened).toHaveBeenCalledWith('https://green-tea.myshoplaza.com/admin', '_blank', 'noopener,noreferrer'));
  });
});
