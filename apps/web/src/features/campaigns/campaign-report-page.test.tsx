import { type CampaignReport, campaignRoutes, translateError } from '@storecast/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { CampaignReportPage } from './campaign-report-page.tsx';
import { respond, setUpPageTests } from './test/page-test-harness.tsx';

/**
 * /custom/strategy-report against a stand-in for the network (fetch is the browser's): a lucky
 * draw's totals, in the store's currency, and its prizes in the admin's language; another range
 * asked for when picked; a discount that brought nothing; an id the server knows no campaign for.
 */
const numbers = { views: 0, draws: 0, winners: 0, redeemed: 0, orders: 0, revenue: 0 };
const campaign: CampaignReport['campaign'] = {
  id: 'c-1', name: 'Spring draw', type: 'lucky_draw', form: 'spin_wheel', status: 'enabled', starts_at: null, ends_at: null,
  created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-02T00:00:00.000Z',
};
const drawReport: CampaignReport = {
  campaign,
  range: { key: 'last_30_days', start: '2026-11-08', end: '2026-12-07' },
  goal: null,
  currency: 'USD',
  totals: { views: 5210, draws: 1234, winners: 480, redeemed: 37, orders: 41, revenue: 123456 },
  days: [
    { day: '2026-12-06', ...numbers, views: 2000, draws: 600, winners: 200, redeemed: 10, orders: 11, revenue: 23456 },
    { day: '2026-12-07', views: 3210, draws: 634, winners: 280, redeemed: 27, orders: 30, revenue: 100000 },
  ],
  prizes: [
    { id: 'p-1', kind: 'coupon', label: { 'zh-CN': '九折券', 'en-US': '10% off' }, won: 400, redeemed: 37, stock_left: 600 },
    { id: 'p-2', kind: 'gift', label: { 'zh-CN': '茶杯', 'en-US': 'Tea cup' }, won: 80, redeemed: 0, stock_left: null },
    { id: 'p-3', kind: 'none', label: { 'zh-CN': '谢谢参与', 'en-US': '' }, won: 0, redeemed: 0, stock_left: null },
  ],
};
/** A discount over a range in which it brought nothing: no draws, no prizes. */
const quietDiscount: CampaignReport = {
  ...drawReport,
  campaign: { ...campaign, id: 'c-2', name: 'Winter discount', type: 'discount', form: 'percent', status: 'draft' },
  totals: numbers, days: [{ day: '2026-12-07', ...numbers }], prizes: [],
};

let asked: URLSearchParams[] = [];

function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(String(input), 'http://admin');
  const json = respond;
  if (url.pathname.replace(/^\/api/, '') !== campaignRoutes.report.path) return json({ code: 100, msg: 'ok', data: null });
  asked.push(url.searchParams);
  const id = url.searchParams.get('id');
  const range = url.searchParams.get('range') as CampaignReport['range']['key'];
  if (id === 'c-1') return json({ code: 100, msg: 'ok', data: { ...drawReport, range: { ...drawReport.range, key: range } } });
  if (id === 'c-2') return json({ code: 100, msg: 'ok', data: quietDiscount });
  // What the server answers for an id it has no campaign for, in the language the admin asked in.
  return json({ code: 104, msg: translateError('zh-CN', 'errors.campaign.notFound'), data: null }, 404);
}

const harness = setUpPageTests(fakeApi);
const open = (path: string) => harness.open([
  { path: '/custom/strategy-report', element: <CampaignReportPage /> },
  { path: '/custom', element: <div data-testid="campaign-list">list</div> },
], path);

/**
 * happy-dom draws nothing: its canvas has no 2D context, and echarts fails on the null it gets.
 * A context that accepts every call and measures text by its length lets the daily chart mount
 * as in a browser (like setup.ts's matchMedia, this stands in for the browser, not for our code).
 */
function blankContext(this: HTMLCanvasElement): CanvasRenderingContext2D {
  const state: Record<string | symbol, unknown> = { canvas: this };
  const measureText = (text: string) => ({ width: text.length * 7 });
  const imageData = () => ({ data: new Uint8ClampedArray(4) });
  return new Proxy(state, {
    get: (target, key) => {
      // What was set (fillStyle, font) reads back; every method does nothing.
      if (key in target) return target[key];
      if (key === 'measureText') return measureText;
      if (key === 'getImageData' || key === 'createImageData') return imageData;
      return () => undefined;
    },
  }) as unknown as CanvasRenderingContext2D;
}

beforeAll(() => {
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(blankContext as never);
});
afterAll(() => vi.restoreAllMocks());
beforeEach(() => {
  asked = [];
});

it("shows a draw's totals, its prizes in the admin's language, and asks again for another range", async () => {
  await act(() => i18n.changeLanguage('en-US'));
  const router = open('/custom/strategy-report?id=c-1');
  const page = await screen.findByTestId('campaign-report');
  expect(asked[0]!.get('id')).toBe('c-1');
  expect(asked[0]!.get('range')).toBe('last_30_days');
  expect(screen.getByTestId('campaign-report-name')).toHaveTextContent('Spring draw');
  expect(screen.getByTestId('campaign-report-type')).toHaveTextContent('Lucky draw · Spin wheel');
  expect(within(page).getByTestId('campaign-status')).toHaveTextContent('Enabled');
  expect(screen.getByTestId('report-kpi-views')).toHaveTextContent('5,210');
  expect(screen.getByTestId('report-kpi-draws')).toHaveTextContent('1,234');
  expect(screen.getByTestId('report-kpi-winners')).toHaveTextContent('480');
  expect(screen.getByTestId('report-kpi-redeemed')).toHaveTextContent('37');
  expect(screen.getByTestId('report-kpi-orders')).toHaveTextContent('41');
  // Minor units in the store's currency.
  expect(screen.getByTestId('report-kpi-revenue')).toHaveTextContent('$1,234.56');
  expect(screen.getByTestId('campaign-report-period')).toHaveTextContent('2026-11-08 to 2026-12-07');

  const rows = screen.getAllByTestId('report-prize-row');
  expect(rows.map((r) => r.getAttribute('data-prize-id'))).toEqual(['p-1', 'p-2', 'p-3']);
  const cells = (row: HTMLElement) => ['label', 'won', 'redeemed', 'stock'].map((k) => within(row).getByTestId(`report-prize-${k}`).textContent);
  expect(cells(rows[0]!)).toEqual(['10% off', '400', '37', '600']);
  expect(cells(rows[1]!)).toEqual(['Tea cup', '80', '-', 'Unlimited']);
  // "No prize" without an English name falls back to the Chinese one; it is never won or redeemed.
  expect(cells(rows[2]!)).toEqual(['谢谢参与', '-', '-', 'Unlimited']);
  expect(screen.queryByTestId('campaign-report-empty')).toBeNull();
  expect(await screen.findByTestId('campaign-report-chart')).toBeInTheDocument();

  fireEvent.click(screen.getByTestId('report-range-last_7_days'));
  await waitFor(() => expect(asked.at(-1)!.get('range')).toBe('last_7_days'));
  await waitFor(() => expect(screen.getByTestId('campaign-report')).toHaveAttribute('data-range', 'last_7_days'));
  // The range is kept in the address, so a reload shows the same days.
  expect(router.state.location.search).toBe('?id=c-1&range=last_7_days');
});

it('says when a campaign brought nothing, without draw numbers or prizes for a discount', async () => {
  open('/custom/strategy-report?id=c-2&range=this_week');
  await screen.findByTestId('campaign-report');
  expect(asked[0]!.get('range')).toBe('this_week');
  expect(screen.getByTestId('campaign-report-empty')).toHaveTextContent('活动还是草稿');
  expect(screen.getByTestId('report-kpi-revenue')).toHaveTextContent('$0.00');
  expect(screen.queryByTestId('report-kpi-draws')).toBeNull();
  expect(screen.queryAllByTestId('report-prize-row')).toEqual([]);
  expect(screen.queryByTestId('campaign-report-chart')).toBeNull();
});

it('says there is no such campaign for an id the server does not know, with a way back', async () => {
  open('/custom/strategy-report?id=gone');
  const missing = await screen.findByTestId('campaign-report-missing');
  expect(missing).toHaveTextContent('没有找到这个活动');
  // The server's own sentence, already in the admin's language.
  expect(missing).toHaveTextContent(translateError('zh-CN', 'errors.campaign.notFound'));
  expect(screen.queryByTestId('campaign-report')).toBeNull();
  fireEvent.click(screen.getByTestId('campaign-report-back'));
  await screen.findByTestId('campaign-list');
});

it('says the same without an id, and asks nothing', async () => {
  open('/custom/strategy-report');
  expect(await screen.findByTestId('campaign-report-missing')).toHaveTextContent('链接里没有指明是哪个活动');
  expect(asked).toEqual([]);
});
