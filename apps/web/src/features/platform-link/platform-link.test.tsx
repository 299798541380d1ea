import type { PlatformSyncStatusData } from '@storecast/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../shared/api/token-store.ts';
import i18n from '../../shared/i18n/i18n.ts';
import { AppEmbedStatus } from './app-embed-status.tsx';
import { MissingScopesAlert } from './missing-scopes-alert.tsx';
import { NotAuthorizedAlert } from './not-authorized-alert.tsx';
import { platformDomainOf, shopifyDomainOf } from './shop-domain.ts';
import { SyncProgress, syncPercent } from './sync-progress.tsx';

/** The network (the browser's fetch) answers by path; everything of ours runs as it is. */
let answers: Record<string, unknown> = {};
let asked: string[] = [];
function fakeApi(input: RequestInfo | URL): Promise<Response> {
  const path = new URL(String(input), 'http://admin').pathname.replace(/^\/api/, '');
  asked.push(path);
  return Promise.resolve(new Response(JSON.stringify({ code: 100, msg: 'ok', data: answers[path] ?? null }), { headers: { 'Content-Type': 'application/json' } }));
}
let client: QueryClient;
const withClient = (node: ReactNode) => <QueryClientProvider client={client}>{node}</QueryClientProvider>;

beforeEach(() => {
  answers = {};
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

const running: PlatformSyncStatusData = {
  platform: 'shopify', status: 'running', stage: 'products', done: 1500, estimated: 6000, eta_seconds: 150,
  started_at: '2026-11-27T10:00:00Z', finished_at: null, error: null,
};

describe('the shop domain an owner types', () => {
  it('is read as the myshopify name, whole address or bare handle', () => {
    expect(shopifyDomainOf('tea')).toBe('tea.myshopify.com');
    expect(shopifyDomainOf(' Tea.MyShopify.com ')).toBe('tea.myshopify.com');
    expect(shopifyDomainOf('https://green-tea.myshopify.com/admin/apps')).toBe('green-tea.myshopify.com');
  });
  it('is refused when it is not a Shopify store', () => {
    for (const bad of ['', 'tea.example.com', '-tea', 'tea shop', 'evil.myshopify.com.example.net']) expect(shopifyDomainOf(bad)).toBeNull();
  });
  it('is each platform\'s own domain', () => {
    expect(platformDomainOf('shoplazza', 'tea')).toBe('tea.myshoplaza.com');
    expect(platformDomainOf('shopline', 'https://tea.myshopline.com/admin')).toBe('tea.myshopline.com');
    expect(platformDomainOf('shoplazza', 'tea.myshopify.com')).toBeNull();
  });
});

describe('the first sync\'s progress', () => {
  it('shows the stage, the records of the estimate, the time left and the bar in both languages', async () => {
    const { rerender } = render(<SyncProgress status={running} onDone={() => {}} />);
    expect(screen.getByTestId('sync-counts')).toHaveTextContent('已导入 1,500 / 约 6,000 条记录');
    expect(screen.getByTestId('sync-eta')).toHaveTextContent('预计还需 3 分钟');
    expect(screen.getByTestId('sync-bar')).toHaveTextContent('25%');
    await act(() => i18n.changeLanguage('en-US'));
    rerender(<SyncProgress status={{ ...running, eta_seconds: 40 }} onDone={() => {}} />);
    expect(screen.getByTestId('sync-counts')).toHaveTextContent('1,500 of about 6,000 records brought in');
    expect(screen.getByTestId('sync-eta')).toHaveTextContent('About 40 s left');
  });
  it('counts the records alone while no stage has an estimate (Shoplazza and Shopline give no count)', async () => {
    const { rerender } = render(<SyncProgress status={{ ...running, platform: 'shopline', done: 250, estimated: 0, eta_seconds: null }} onDone={() => {}} />);
    expect(screen.getByTestId('sync-counts')).toHaveTextContent('已导入 250 条记录');
    expect(screen.getByTestId('sync-counts')).not.toHaveTextContent('约');
    await act(() => i18n.changeLanguage('en-US'));
    rerender(<SyncProgress status={{ ...running, platform: 'shopline', done: 250, estimated: 0, eta_seconds: null }} onDone={() => {}} />);
    expect(screen.getByTestId('sync-counts')).toHaveTextContent('250 records brought in');
    expect(screen.getByTestId('sync-eta')).toHaveTextContent('Estimating the time left');
  });
  it('never shows 100% before the end, waits for a sync not yet started, and says why one failed', () => {
    expect(syncPercent({ ...running, done: 7000 })).toBe(99);
    expect(syncPercent({ ...running, status: 'done' })).toBe(100);
    expect(syncPercent(null)).toBe(0);
    const { rerender } = render(<SyncProgress status={null} onDone={() => {}} />);
    expect(screen.getByTestId('sync-progress')).toHaveAttribute('data-status', 'waiting');
    expect(screen.getByText('等待同步开始…')).toBeInTheDocument();
    const onDone = vi.fn();
    rerender(<SyncProgress status={{ ...running, status: 'failed', error: '店铺平台暂时无法访问' }} onDone={onDone} />);
    expect(screen.getByText('店铺平台暂时无法访问')).toBeInTheDocument();
    act(() => screen.getByTestId('sync-to-dashboard').click());
    expect(onDone).toHaveBeenCalled();
  });
});

describe('the theme app embed', () => {
  it('shows on, off or unknown with the theme editor link, and nothing on a custom store', () => {
    const url = 'https://tea.myshopify.com/admin/themes/current/editor?context=apps&activateAppId=key/storecast-embed';
    const { rerender, container } = render(<AppEmbedStatus embed={{ applicable: true, enabled: false, editor_url: url }} />);
    expect(screen.getByTestId('app-embed-state')).toHaveAttribute('data-state', 'off');
    expect(screen.getByTestId('app-embed-state')).toHaveTextContent('未开启');
    expect(screen.getByTestId('app-embed-editor')).toHaveAttribute('href', url);
    rerender(<AppEmbedStatus embed={{ applicable: true, enabled: true, editor_url: url }} />);
    expect(screen.getByTestId('app-embed-state')).toHaveAttribute('data-state', 'on');
    rerender(<AppEmbedStatus embed={{ applicable: true, enabled: null, editor_url: url }} />);
    expect(screen.getByTestId('app-embed-state')).toHaveAttribute('data-state', 'unknown');
    rerender(<AppEmbedStatus embed={{ applicable: false, enabled: null, editor_url: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('the not-authorised message', () => {
  const revoked = {
    platform: 'shopify', shop_domain: 'tea.myshopify.com', status: 'uninstalled', authorized: false,
    message: 'The current authorization has not been completed.', reauthorize_url: 'https://admin.shopify.com/store/tea/apps/key',
    scopes: [], missing_scopes: [], missing_features: [], storefront_token_set: false, admin_token_set: false, token_shop_domain: '',
  };
  it('shows the server\'s sentence and a reauthorise button opening its link', async () => {
    answers = { '/shop-manager/info': { platform: 'shopify' }, '/channel-shop/info': revoked };
    render(withClient(<NotAuthorizedAlert />));
    expect(await screen.findByTestId('platform-not-authorized')).toHaveTextContent('The current authorization has not been completed.');
    expect(screen.getByTestId('platform-reauthorize')).toHaveAttribute('href', revoked.reauthorize_url);
  });
  it('opens the store\'s admin, where the app is opened again, when the server gives no reauthorise link', async () => {
    await act(() => i18n.changeLanguage('en-US'));
    const shoplazza = { ...revoked, platform: 'shoplazza', shop_domain: 'tea.myshoplaza.com', reauthorize_url: null };
    answers = { '/shop-manager/info': { platform: 'shoplazza' }, '/channel-shop/info': shoplazza };
    render(withClient(<NotAuthorizedAlert />));
    expect(await screen.findByTestId('platform-reauthorize')).toHaveAttribute('href', 'https://tea.myshoplaza.com/admin');
    expect(screen.getByTestId('platform-not-authorized')).toHaveTextContent('Open the Storecast app from your Shoplazza admin to authorise it again.');
  });
  it('shows nothing for an authorised link, and a custom store does not ask', async () => {
    answers = { '/shop-manager/info': { platform: 'shopify' }, '/channel-shop/info': { ...revoked, status: 'authorized', authorized: true, message: null } };
    const first = render(withClient(<NotAuthorizedAlert />));
    await vi.waitFor(() => expect(asked).toContain('/channel-shop/info'));
    expect(screen.queryByTestId('platform-not-authorized')).toBeNull();
    first.unmount();
    client.clear();
    asked = [];
    answers = { '/shop-manager/info': { platform: 'custom' } };
    render(withClient(<NotAuthorizedAlert />));
    await vi.waitFor(() => expect(asked).toContain('/shop-manager/info'));
    expect(asked).not.toContain('/channel-shop/info');
  });
});

describe('the missing-scopes warning', () => {
  const shopline = {
    platform: 'shopline', shop_domain: 'jade.myshopline.com', status: 'authorized', authorized: true, message: null,
    reauthorize_url: 'https://jade.myshopline.com/admin/apps/line-key',
    scopes: ['read_customers', 'read_orders', 'read_products', 'write_discounts', 'read_script_tags', 'read_themes'],
    missing_scopes: ['write_price_rules', 'read_content'], missing_features: ['coupon_changes', 'app_embed'],
    storefront_token_set: false, admin_token_set: false, token_shop_domain: '',
  };
  it('names what the owner loses in plain words, then the scope ids, with the reauthorise button, in both languages', async () => {
    answers = { '/shop-manager/info': { platform: 'shopline' }, '/channel-shop/info': shopline };
    const { unmount } = render(withClient(<MissingScopesAlert />));
    const alert = await screen.findByTestId('platform-missing-scopes');
    expect(alert).toHaveTextContent('Shopline 店铺尚未授予 Storecast 所需的全部权限');
    expect(screen.getAllByTestId('platform-missing-feature').map((li) => li.textContent)).toEqual([
      '修改优惠码折扣后同步更新店铺中的优惠码', '检查主题应用嵌入是否已开启',
    ]);
    expect(screen.getByTestId('platform-missing-scope-ids')).toHaveTextContent('缺少的权限：write_price_rules, read_content');
    expect(screen.getByTestId('platform-reauthorize')).toHaveAttribute('href', shopline.reauthorize_url);
    unmount();
    await act(() => i18n.changeLanguage('en-US'));
    render(withClient(<MissingScopesAlert />));
    expect(await screen.findByTestId('platform-missing-scopes')).toHaveTextContent('Your Shopline store has not granted Storecast every permission it needs');
    expect(screen.getAllByTestId('platform-missing-feature').map((li) => li.textContent)).toEqual([
      'Updating a coupon code on the store when you change its discount', 'Checking whether the theme app embed is on',
    ]);
    expect(screen.getByTestId('platform-missing-scopes')).toHaveTextContent('sends and flows carry on');
  });
  it('opens the store\'s admin and says so when the server gives no reauthorise link', async () => {
    answers = { '/shop-manager/info': { platform: 'shopline' }, '/channel-shop/info': { ...shopline, reauthorize_url: null } };
    render(withClient(<MissingScopesAlert />));
    expect(await screen.findByTestId('platform-reauthorize')).toHaveAttribute('href', 'https://jade.myshopline.com/admin');
    expect(screen.getByTestId('platform-missing-scopes')).toHaveTextContent('在 Shopline 后台打开 Storecast 应用，即可重新授权。');
  });
  it('shows nothing when no scope is missing, nor beside the not-authorised message', async () => {
    answers = { '/shop-manager/info': { platform: 'shopline' }, '/channel-shop/info': { ...shopline, missing_scopes: [], missing_features: [] } };
    const first = render(withClient(<MissingScopesAlert />));
    await vi.waitFor(() => expect(asked).toContain('/channel-shop/info'));
    expect(screen.queryByTestId('platform-missing-scopes')).toBeNull();
    first.unmount();
    client.clear();
    asked = [];
    answers = { '/shop-manager/info': { platform: 'shopline' }, '/channel-shop/info': { ...shopline, status: 'revoked', authorized: false } };
    render(withClient(<><NotAuthorizedAlert /><MissingScopesAlert /></>));
    expect(await screen.findByTestId('platform-not-authorized')).toBeInTheDocument();
    expect(screen.queryByTestId('platform-missing-scopes')).toBeNull();
  });
});
