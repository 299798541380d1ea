import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ResultCode, type SessionUser } from '@storecast/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getToken, setToken } from '../shared/api/token-store.ts';
import '../shared/i18n/i18n.ts';
import { Providers } from './providers.tsx';
import { buildRoutes } from './router.tsx';

const user: SessionUser = {
  token: 't', shop: 'Tea House', shop_url: 'tea.example.com', company_id: 'c1', platform: 'custom', shop_id: 's1',
  name: 'Ann', install_status: 1, host_check: false, campaign_strategy: 0,
  manager_info: { manager_id: 'm1', manager_role: 'owner', manager_email: 'ann@example.com', manager_mobile: '' },
  shop_guide: { subscribe_popup: 0, popup_strategy: 2 },
  shop_guide_flag: {
    intelligent_send: true, label_send: true, element_send: true, subscribe_popup: true, customized_campaign: true, popup_strategy: true,
    activity_channel: true,
  },
  sender: { email: '', verify_info: 0, verify_domain: 0 }, sender_name: '', codeList: [], send_package_purchase_num: 0,
  flag_import: '1', currency: 'EUR', timezone: 'Europe/Berlin',
};

/** Answers of the fake API by path; anything else is a 404 envelope. */
let answers: Record<string, { code: number; msg?: string; data?: unknown }> = {};
let server: Server;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!.replace(/^\/api/, '');
    const a = answers[path] ?? { code: ResultCode.NOT_FOUND, msg: 'Not found.' };
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ code: a.code, msg: a.msg ?? '', data: a.data ?? null }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // The app calls its own origin (/api), so the page lives on the test server's origin.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
});

afterAll(() => {
  server.closeAllConnections();
  server.close();
});

beforeEach(() => {
  setToken('');
  answers = {
    '/app-config': { code: 100, data: { sunset: null, own_hosts: [], internal_shop_ids: [], help_url: '', support_url: '', support_email: '' } },
    '/send-package/enable-data': { code: 100, data: { total_email_number: 500, total_remainder_email_number: 500, total_wait_send_email_number: 0, total_enable_email_number: 500, email_unit_price: 0, payment_method: '', effective_send_package_log: [] } },
    '/vip-service/info': { code: 100, data: { shop: 's1', vip_service_id: '', vip_service_level: 0, service: '', current_month_number: 0, current_begin_at: '', current_end_at: '', is_auto_renew: false, is_expire: false } },
  };
});

function open(path: string) {
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

// Each test may be the first to load a page's chunk, which happy-dom transforms on demand: slow
// on a busy machine.
describe('app routes and access', { timeout: 20_000 }, () => {
  it('sends a visitor without a token to the login page with a redirect', async () => {
    const router = open('/store/vip-plan');
    expect(await screen.findByTestId('login-tab-password')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fstore%2Fvip-plan');
  });

  it('sends a user without a store to /connect/plat', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: { ...user, shop: '', shop_id: '', platform: '', install_status: '' } };
    const router = open('/dashboard');
    expect(await screen.findByTestId('connect-submit')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connect/plat');
  });

  it('resets the session when user info fails', async () => {
    setToken('stale');
    answers['/shop-manager/info'] = { code: ResultCode.SESSION_GONE, msg: 'gone' };
    const router = open('/store/store-info');
    expect(await screen.findByTestId('login-tab-password')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?redirect=%2Fstore%2Fstore-info');
    expect(getToken()).toBe('');
    expect(await screen.findByText('验证失败，请重新登录。')).toBeInTheDocument();
  });

  it('opens /dashboard/goals inside the main layout for a user with a store', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: user };
    const router = open('/');
    expect(await screen.findByTestId('dashboard-store-name')).toHaveTextContent('Tea House');
    expect(router.state.location.pathname).toBe('/dashboard/goals');
    expect(screen.getByTestId('app-header')).toBeInTheDocument();
    // Narrower than the wide breakpoint (the stub matches no media query), the quota is in the avatar menu.
    fireEvent.click(screen.getByTestId('avatar-dropdown'));
    await waitFor(() => expect(screen.getByTestId('header-quota-value')).toHaveTextContent('500'));
  });

  it('opens the help centre without a session, in the admin language', async () => {
    const router = open('/help/sender-domain');
    expect(await screen.findByTestId('help-title')).toHaveTextContent('发件域名 DNS 记录');
    expect(router.state.location.pathname).toBe('/help/sender-domain');
    expect(getToken()).toBe('');
  });

  it('leaves Element Send out of the menu when the store has it off, and says so on /element', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: { ...user, shop_guide_flag: { ...user.shop_guide_flag, element_send: false } } };
    answers['/strategy/list'] = { code: 100, data: { items: [], total: 0 } };
    open('/element');
    expect(await screen.findByTestId('element-flag-off')).toBeInTheDocument();
    const menu = screen.getByTestId('top-menu');
    expect(menu.querySelector('[data-testid="menu-tags"]')).not.toBeNull();
    expect(menu.querySelector('[data-testid="menu-element"]')).toBeNull();
  });

  it('keeps the owner\'s pages from a manager: no card or billing tab, and a clear refusal when opened', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: { ...user, manager_info: { ...user.manager_info, manager_role: 'manager' } } };
    answers['/shop/list'] = { code: 100, data: [] };
    open('/account-setting/shop');
    expect(await screen.findByTestId('tab-account-user')).toBeInTheDocument();
    expect(screen.queryByTestId('tab-account-card')).toBeNull();
    expect(screen.queryByTestId('tab-account-billing')).toBeNull();
    expect(screen.queryByTestId('access-management-link')).toBeNull();
  });

  it('tells a manager who opens an owner\'s page that only the owner can', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: { ...user, manager_info: { ...user.manager_info, manager_role: 'manager' } } };
    open('/store-setting/access-management');
    expect(await screen.findByTestId('owner-only')).toHaveTextContent('只有店铺所有者可以进行此操作。');
  });

  it('shows an owner the card tab and the way to access management', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: user };
    answers['/shop/list'] = { code: 100, data: [] };
    open('/account-setting/shop');
    expect(await screen.findByTestId('access-management-link')).toBeInTheDocument();
    expect(screen.getByTestId('tab-account-card')).toBeInTheDocument();
  });

  it('sends unknown paths to /404', async () => {
    setToken('tok');
    answers['/shop-manager/info'] = { code: 100, data: user };
    const router = open('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });
});
