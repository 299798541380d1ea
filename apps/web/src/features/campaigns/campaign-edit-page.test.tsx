import { type Campaign, campaignRoutes } from '@storecast/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/i18n.ts';
import { CampaignEditPage } from './campaign-edit-page.tsx';
import { pathOf, respond, setUpPageTests } from './test/page-test-harness.tsx';

/**
 * The campaign editor against a stand-in for the network (fetch is the browser's): SPEC 5's
 * offer rules shown under their fields in the admin's language before anything is sent, a
 * refusal of the server marked on its field, and the choice SPEC 4 offers when the campaign being
 * saved is enabled.
 */
const enabled: Campaign = {
  id: 'c-1', name: 'Spring sale', type: 'full_reduction', form: 'tiers', status: 'enabled', gift_mode: 'none',
  thresholds: [{ order_amount: 100, offer_amount: 10 }], banner_url: '', collection_url: '', theme_color: '#1677ff', font_color: '#ffffff',
  starts_at: null, ends_at: null, coupon_preset_id: null, unique_codes: false, draw: null, goal: null,
  created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z',
};
/** A saved lucky draw that has been played: 3 of its 10 coupons won. */
const playedDraw: Campaign = {
  ...enabled, id: 'c-3', name: 'Spring draw', type: 'lucky_draw', form: 'spin_wheel', thresholds: [],
  draw: {
    identity: 'email', period: 'once', prizes: [
      { id: 'p-1', kind: 'coupon', label: { 'zh-CN': '优惠券', 'en-US': 'Coupon' }, coupon_preset_id: 'cp-1', probability: 40, stock: 10, won: 3, stock_left: 7 },
      { id: 'p-2', kind: 'none', label: { 'zh-CN': '谢谢参与', 'en-US': 'Thanks' }, coupon_preset_id: null, probability: 60, stock: null, won: 0, stock_left: null },
    ],
  },
};
/** What the detail route answers. */
let shown: Campaign = enabled;
let saves: Record<string, unknown>[] = [];
let saveAnswer: { code: number; msg: string; data: unknown } | null = null;
/** What promotes the campaign, as the usage route answers it, and the promoter saves sent. */
let usage: { kind: 'strategy' | 'flow'; id: string; name: string }[] = [];
let promoterSaves: Record<string, unknown>[] = [];

function fakeApi(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const path = pathOf(input);
  const json = (envelope: unknown) => respond(envelope);
  if (path === campaignRoutes.detail.path) return json({ code: 100, msg: 'ok', data: shown });
  if (path === campaignRoutes.save.path) {
    const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
    saves.push(body);
    return json(saveAnswer ?? { code: 100, msg: 'ok', data: { campaign: { ...enabled, ...(body.campaign as object), id: body.mode === 'save_as_new' ? 'c-2' : 'c-1' }, warnings: [] } });
  }
  if (path === '/shop/presets') return json({ code: 100, msg: 'ok', data: [] });
  if (path === campaignRoutes.usage.path) return json({ code: 100, msg: 'ok', data: usage });
  if (path === '/strategy/list') return json({ code: 100, msg: 'ok', data: { items: [{ id: 's-1', name: 'Spring letter' }, { id: 's-2', name: 'Summer letter' }], total: 2 } });
  if (path === '/automation/flows') return json({ code: 100, msg: 'ok', data: { flows: [{ id: 'f-1', kind: 'welcome' }] } });
  if (path === campaignRoutes.promoters.path) {
    promoterSaves.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return json({ code: 100, msg: 'ok', data: [] });
  }
  return json({ code: 100, msg: 'ok', data: null });
}

const harness = setUpPageTests(fakeApi);
const open = (path: string) => harness.open([
  { path: '/custom/strategy-edit', element: <CampaignEditPage /> },
  { path: '/custom', element: <div data-testid="campaign-list">list</div> },
], path);
const useLanguage = (lang: string) => harness.setLanguage(lang);

/** Types into a field once it shows (a type's fields show after the type is picked), then leaves it. */
const type = async (id: string, value: string) => {
  const input = await screen.findByTestId(id);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

/** Picks a radio option (a campaign type) by its value. */
const pick = (value: string) => fireEvent.click(screen.getByTestId(`option-${value}`).closest('label')!.querySelector('input')!);

beforeEach(() => {
  shown = enabled;
  saves = [];
  saveAnswer = null;
  usage = [];
  promoterSaves = [];
});

describe.each([
  ['zh-CN', {
    offerValue: '优惠值必须是 1 到 99 之间的整数。', amount: '金额必须为正数，最多两位小数。', offerBelowOrder: '优惠金额必须低于订单金额。',
    giftPriceAbove: '赠品价格必须高于赠品指定价格。', thresholdsNotSet: '活动门槛未设置。', probabilitySum: '所有奖品的中奖概率之和必须为 100%。',
    nameRequired: '请输入活动名称。',
  }],
  ['en-US', {
    offerValue: 'The offer value must be a whole number from 1 to 99.', amount: 'An amount must be positive, with at most 2 decimals.',
    offerBelowOrder: 'The offer amount must be below the order amount.', giftPriceAbove: 'The gift price must be above the assigned gift price.',
    thresholdsNotSet: 'Campaign thresholds are not set.', probabilitySum: 'The prizes\' probabilities must add up to 100%.',
    nameRequired: 'Enter the campaign name.',
  }],
])('the campaign editor in %s', { timeout: 30_000 }, (lang, m) => {
  it('says a percent off outside 1-99, an amount with three decimals and a missing name under their fields', async () => {
    await useLanguage(lang);
    open('/custom/strategy-edit');
    await type('tier-0-order-amount', '10.555');
    await type('tier-0-offer-value', '100');
    expect(await screen.findByText(m.amount)).toBeInTheDocument();
    expect(await screen.findByText(m.offerValue)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText(m.nameRequired)).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Invalid input|expected number|errors\./);
    expect(saves).toEqual([]);
  });

  it('says an amount off not below its order amount, and a gift price not above the assigned price', async () => {
    await useLanguage(lang);
    open('/custom/strategy-edit');
    pick('full_reduction');
    await type('tier-0-order-amount', '100');
    await type('tier-0-offer-amount', '150');
    expect(await screen.findByText(m.offerBelowOrder)).toBeInTheDocument();
    pick('full_gift');
    await type('tier-0-gift-price', '5');
    await type('tier-0-assigned-gift-price', '10');
    expect(await screen.findByText(m.giftPriceAbove)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('campaign-save'));
    await new Promise((r) => setTimeout(r, 50));
    expect(saves).toEqual([]);
  });

  it('says a campaign without thresholds, and a draw whose odds do not add up to 100 %', async () => {
    await useLanguage(lang);
    open('/custom/strategy-edit');
    fireEvent.click(await screen.findByTestId('tier-0-remove'));
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText(m.thresholdsNotSet)).toBeInTheDocument();
    pick('lucky_draw');
    await type('prize-0-probability', '30');
    await type('prize-1-probability', '30');
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByText(m.probabilitySum)).toBeInTheDocument();
    expect(screen.getByTestId('prize-total')).toHaveTextContent('60%');
    expect(saves).toEqual([]);
  });

  // zh-CN saves as new, en-US updates: each language's three choices read right, and each choice is sent.
  it('asks before changing an enabled campaign, sends nothing on cancel, and sends the choice', async () => {
    const [button, mode] = lang === 'zh-CN' ? ['save-mode-new', 'save_as_new'] : ['save-mode-update', 'update'];
    await useLanguage(lang);
    const router = open('/custom/strategy-edit?id=c-1');
    await waitFor(() => expect(screen.getByTestId('campaign-name')).toHaveValue('Spring sale'));
    await type('tier-0-offer-amount', '15');
    // Cancel sends nothing and stays on the page.
    fireEvent.click(screen.getByTestId('campaign-save'));
    expect(await screen.findByTestId('save-mode-body')).toHaveTextContent(i18n.t('campaigns.saveMode.body'));
    // antd spaces out a two-character Chinese label ("取 消").
    const label = (id: string) => screen.getByTestId(id).textContent?.replace(/(\p{Script=Han}) (?=\p{Script=Han})/gu, '$1');
    expect(label('save-mode-update')).toBe(lang === 'en-US' ? 'Update the current one' : '更新当前活动');
    expect(label('save-mode-new')).toBe(lang === 'en-US' ? 'Save as new' : '另存为新活动');
    expect(label('save-mode-cancel')).toBe(lang === 'en-US' ? 'Cancel' : '取消');
    fireEvent.click(screen.getByTestId('save-mode-cancel'));
    await new Promise((r) => setTimeout(r, 50));
    expect(saves).toEqual([]);
    expect(router.state.location.pathname).toBe('/custom/strategy-edit');

    fireEvent.click(screen.getByTestId('campaign-save'));
    fireEvent.click(await screen.findByTestId(button));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ id: 'c-1', mode, campaign: { name: 'Spring sale', thresholds: [{ order_amount: 100, offer_amount: 15 }] } });
    expect(await screen.findByTestId('campaign-list')).toBeInTheDocument();
  });
});

it('saves a valid new campaign as a draft without asking, and marks a field the server refuses', async () => {
  await useLanguage('en-US');
  const router = open('/custom/strategy-edit');
  pick('full_reduction');
  await type('campaign-name', 'Weekend');
  await type('tier-0-order-amount', '200');
  await type('tier-0-offer-amount', '20');
  const refusal = 'The link must start with http:// or https://.';
  saveAnswer = { code: 103, msg: refusal, data: { fields: { 'campaign.collection_url': refusal } } };
  fireEvent.click(screen.getByTestId('campaign-save'));
  await waitFor(() => expect(saves).toHaveLength(1));
  expect(saves[0]).toMatchObject({ campaign: { name: 'Weekend', type: 'full_reduction', form: 'tiers', thresholds: [{ order_amount: 200, offer_amount: 20 }], draw: null } });
  expect(saves[0]).not.toHaveProperty('mode');
  expect(saves[0]).not.toHaveProperty('id');
  await waitFor(() => expect(screen.getByTestId('campaign-collection').closest('.ant-form-item')).toHaveTextContent(refusal));
  expect(router.state.location.pathname).toBe('/custom/strategy-edit');
  saveAnswer = null;
  fireEvent.click(screen.getByTestId('campaign-save'));
  expect(await screen.findByTestId('campaign-list')).toBeInTheDocument();
});

it('shows under a saved prize\'s stock how many were won and how many are left', async () => {
  await useLanguage('en-US');
  shown = playedDraw;
  open('/custom/strategy-edit?id=c-3');
  await waitFor(() => expect(screen.getByTestId('campaign-name')).toHaveValue('Spring draw'));
  const stock = (await screen.findByTestId('prize-0-stock')).closest('.ant-form-item')!;
  await waitFor(() => expect(stock).toHaveTextContent('3 won, 7 left'));
});

describe('what promotes the campaign', () => {
  it('shows the sends and flows that promote it and saves the set without the one taken away', async () => {
    await useLanguage('en-US');
    usage = [{ kind: 'strategy', id: 's-1', name: 'Spring letter' }, { kind: 'flow', id: 'f-1', name: 'welcome' }];
    open('/custom/strategy-edit?id=c-1');
    const card = await screen.findByTestId('campaign-promoters');
    await waitFor(() => expect(card.querySelectorAll('.ant-select-selection-item')).toHaveLength(2));
    expect([...card.querySelectorAll('.ant-select-selection-item')].map((el) => el.textContent)).toEqual(['Spring letter', 'Welcome series']);
    fireEvent.click(card.querySelector('.ant-select-selection-item-remove')!);
    fireEvent.click(screen.getByTestId('campaign-promoters-save'));
    await waitFor(() => expect(promoterSaves).toEqual([{ id: 'c-1', strategies: [], flows: ['f-1'] }]));
    expect(await screen.findByText('Saved what promotes the campaign.')).toBeInTheDocument();
  });

  it('asks a new campaign to be saved first, and a closed one shows no promoters', async () => {
    await useLanguage('zh-CN');
    open('/custom/strategy-edit');
    expect((await screen.findByTestId('campaign-promoters-later')).textContent).toBe('请先保存活动，再选择推广它的发送。');
    harness.client().clear();
    shown = { ...enabled, status: 'closed' };
    open('/custom/strategy-edit?id=c-1');
    await screen.findAllByTestId('campaign-locked');
    expect(screen.queryByTestId('campaign-promoters')).toBeNull();
  });
});
