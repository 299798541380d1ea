import { type Campaign, type CampaignReport, campaignRoutes } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/api/token-store.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { CampaignAimPage } from './campaign-aim-page.tsx';
import { loadCampaignStrings } from './load-campaign-strings.ts';

/** /custom/aim against a stand-in for the network: the goal's progress, and a revenue goal sent in minor units. */
const campaign: Campaign = {
  id: 'c-1', name: 'Spring sale', type: 'discount', form: 'percent', status: 'enabled', gift_mode: 'none',
  thresholds: [{ order_amount: 50, offer_value: 10 }], banner_url: '', collection_url: '', theme_color: '#1677ff', font_color: '#ffffff',
  starts_at: null, ends_at: null, coupon_preset_id: null, unique_codes: false, draw: null, goal: { metric: 'orders', target: 40 },
  created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
};
const zero = { views: 0, draws: 0, winners: 0, redeemed: 0, orders: 0, revenue: 0 };
const report: CampaignReport = {
  campaign, range: { key: 'today', start: '2026-12-07', end: '2026-12-07' }, goal: { metric: 'orders', target: 40, reached: 10 },
  currency: 'USD', totals: zero, days: [{ day: '2026-12-07', ...zero }], prizes: [],
};
let aims: Record<string, unknown>[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = new URL(String(input), 'http://admin').pathname.replace(/^\/api/, '');
  const json = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 100, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } }));
  if (path === campaignRoutes.detail.path) return json(campaign);
  if (path === campaignRoutes.report.path) return json(report);
  if (path === campaignRoutes.aim.path) {
    aims.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return json(campaign);
  }
  return json(null);
}

let client: QueryClient;
function open(path: string) {
  const router = createMemoryRouter([{ path: '/custom/aim', element: <CampaignAimPage /> }], { initialEntries: [path] });
  render(<QueryClientProvider client={client}><App><RouterProvider router={router} /></App></QueryClientProvider>);
}

beforeAll(() => loadCampaignStrings(), 30_000);
beforeEach(() => {
  aims = [];
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});
afterEach(async () => {
  localStorage.removeItem('storecast.language');
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
  await act(() => i18n.changeLanguage('zh-CN'));
});

describe('the campaign goal page', () => {
  it('shows how far the campaign came and sends a revenue goal in minor units', async () => {
    localStorage.setItem('storecast.language', 'en-US');
    await act(() => i18n.changeLanguage('en-US'));
    open('/custom/aim?id=c-1');
    expect(await screen.findByText('Orders: 10 of 40')).toBeInTheDocument();
    // A discount has no draws to aim at.
    expect(screen.queryByTestId('aim-draws')).toBeNull();
    fireEvent.click(screen.getByTestId('aim-revenue').closest('label')!.querySelector('input')!);
    // Revenue is typed in the store's currency, with its decimals.
    await screen.findByText('Target (USD)');
    const target = screen.getByTestId('campaign-aim-target');
    fireEvent.change(target, { target: { value: '1250.5' } });
    fireEvent.blur(target);
    fireEvent.click(screen.getByTestId('campaign-aim-save'));
    await waitFor(() => expect(aims).toEqual([{ id: 'c-1', goal: { metric: 'revenue', target: 125_050 } }]));
    expect(await screen.findByText('Goal saved.')).toBeInTheDocument();
  });

  it('asks for a target above 0 in the admin\'s language, and sends nothing', async () => {
    open('/custom/aim?id=c-1');
    const target = await screen.findByTestId('campaign-aim-target');
    await waitFor(() => expect((target as HTMLInputElement).value).toBe('40'));
    fireEvent.change(target, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('campaign-aim-save'));
    expect(await screen.findByText('请输入大于 0 的目标值。')).toBeInTheDocument();
    expect(aims).toEqual([]);
  });
});
