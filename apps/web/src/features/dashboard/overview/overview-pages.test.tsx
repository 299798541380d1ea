import { dashboardRoutes, type Goals, type Overview, type OverviewTotals } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { Suspense, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../shared/api/token-store.ts';
import i18n from '../../../shared/i18n/i18n.ts';
import { GoalsView } from '../goals/goals-view.tsx';
import { loadOverviewStrings } from './load-overview-strings.ts';
import { OverviewView } from './overview-view.tsx';

const zero: OverviewTotals = {
  sent: 0, delivered: 0, bounced: 0, opened: 0, clicked: 0, unsubscribed: 0, complaints: 0, units: 0, orders: 0, revenue: 0,
  open_rate: 0, click_rate: 0, unsubscribe_rate: 0, cost: 0, roi: null, new_subscribers: 0, lost_subscribers: 0, store_orders: 0, store_revenue: 0,
};

function overview(range: string, empty: boolean): Overview {
  return {
    range: { key: range as Overview['range']['key'], start: '2026-11-01', end: '2026-11-24', days: 24 },
    previous: { start: '2026-10-08', end: '2026-10-31' },
    currency: 'USD', unit_price: 1,
    totals: empty ? zero : {
      ...zero, sent: 1200, delivered: 1000, opened: 250, open_rate: 0.25, revenue: 123456, orders: 7, units: 1200, cost: 1200, roi: 102.88,
    },
    previous_totals: empty ? zero : { ...zero, sent: 1000, revenue: 100000, orders: 7 },
    by_channel: [], by_source: [], series: [], empty,
  };
}

let asked: URLSearchParams[] = [];
let saved: unknown[] = [];
let empty = false;
const goals: Goals = {
  month: '2026-11-01', currency: 'USD', days_in_month: 30, days_passed: 24,
  goals: { revenue: 500000, subscribers: 100, sends: 0 }, progress: { revenue: 100000, subscribers: 90, sends: 5 },
  behind: ['revenue'], recommendations: [{ key: 'smart_send', link: '/automation' }],
};

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = new URL(String(input), 'http://admin.test');
  const json = (data: unknown) => Promise.resolve(new Response(JSON.stringify({ code: 100, msg: 'ok', data }), { headers: { 'Content-Type': 'application/json' } }));
  if (url.pathname.endsWith(dashboardRoutes.overview.path)) {
    asked.push(url.searchParams);
    return json(overview(url.searchParams.get('range') ?? '', empty));
  }
  if (url.pathname.endsWith(dashboardRoutes.goals.path)) {
    if (init?.method === 'POST') saved.push(JSON.parse(String(init.body)));
    return json(goals);
  }
  return json(null);
}

let client: QueryClient;
const wrap = (node: ReactNode) => render(
  <QueryClientProvider client={client}><MemoryRouter><App><Suspense fallback="loading">{node}</Suspense></App></MemoryRouter></QueryClientProvider>,
);

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
  await loadOverviewStrings();
}, 30_000);
beforeEach(() => {
  asked = [];
  saved = [];
  empty = false;
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  setToken('token-a');
});
afterEach(() => {
  vi.unstubAllGlobals();
  client.clear();
  setToken('');
});

describe('the overview page', () => {
  it('shows the cards with their change, and asks again for another range', { timeout: 20_000 }, async () => {
    wrap(<OverviewView />);
    expect(await screen.findByTestId('overview-value-revenue')).toHaveTextContent('$1,234.56');
    expect(screen.getByTestId('overview-change-revenue')).toHaveTextContent('+23.5% vs previous period');
    expect(screen.getByTestId('overview-value-openRate')).toHaveTextContent('25%');
    expect(screen.getByTestId('overview-value-roi')).toHaveTextContent('102.88x');
    expect(asked.at(-1)!.get('range')).toBe('last_30_days');
    fireEvent.click(screen.getByTestId('overview-range-this_week'));
    await waitFor(() => expect(asked.at(-1)!.get('range')).toBe('this_week'));
  });

  it('says how to get data when there is none', { timeout: 20_000 }, async () => {
    empty = true;
    wrap(<OverviewView />);
    expect(await screen.findByTestId('overview-empty')).toHaveTextContent('Send a Segment Send');
    expect(screen.getByTestId('overview-empty-orders')).toHaveAttribute('href', '/store/api-token');
  });
});

describe('the goals page', () => {
  it('shows progress and advice, and saves money goals in minor units', { timeout: 20_000 }, async () => {
    wrap(<GoalsView />);
    expect(await screen.findByTestId('goals-advice-smart_send')).toHaveAttribute('href', '/automation');
    expect(screen.getByTestId('goals-progress-revenue')).toHaveTextContent('$1,000.00 of $5,000.00');
    expect(screen.getByTestId('goals-progress-sends')).toHaveTextContent('No goal set');
    await waitFor(() => expect(screen.getByTestId('goals-revenue')).toHaveValue('5000.00'));
    fireEvent.change(screen.getByTestId('goals-revenue'), { target: { value: '7500.5' } });
    fireEvent.click(screen.getByTestId('goals-save'));
    await waitFor(() => expect(saved).toEqual([{ revenue: 750050, subscribers: 100, sends: 0 }]));
  });
});
