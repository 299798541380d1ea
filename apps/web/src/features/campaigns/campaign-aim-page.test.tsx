import { type Campaign, type CampaignReport, campaignRoutes } from '@storecast/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { CampaignAimPage } from './campaign-aim-page.tsx';
import { ok, pathOf, setUpPageTests } from './test/page-test-harness.tsx';

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
  const path = pathOf(input);
  if (path === campaignRoutes.detail.path) return ok(campaign);
  if (path === campaignRoutes.report.path) return ok(report);
  if (path === campaignRoutes.aim.path) {
    aims.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return ok(campaign);
  }
  return ok(null);
}

const page = setUpPageTests(fakeApi);
beforeEach(() => {
  aims = [];
});

describe('the campaign goal page', () => {
  it('shows how far the campaign came and sends a revenue goal in minor units', async () => {
    await page.setLanguage('en-US');
    page.show(<CampaignAimPage />, '/custom/aim?id=c-1');
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
    page.show(<CampaignAimPage />, '/custom/aim?id=c-1');
    const target = await screen.findByTestId('campaign-aim-target');
    await waitFor(() => expect((target as HTMLInputElement).value).toBe('40'));
    fireEvent.change(target, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('campaign-aim-save'));
    expect(await screen.findByText('请输入大于 0 的目标值。')).toBeInTheDocument();
    expect(aims).toEqual([]);
  });
});
