import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { setToken } from '../../../shared/api/token-store.ts';
import i18n from '../../../shared/i18n/i18n.ts';
import { loadCampaignStrings } from '../load-campaign-strings.ts';

/** The API path a request asks for, as the contract names it (`/campaign/list`). */
export const pathOf = (input: RequestInfo | URL) => new URL(String(input), 'http://admin').pathname.replace(/^\/api/, '');

/** A server's answer: an envelope as JSON, with its HTTP status. */
export const respond = (envelope: unknown, status = 200) =>
  Promise.resolve(new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } }));

/** A successful answer carrying `data`. */
export const ok = (data: unknown) => respond({ code: 100, msg: 'ok', data });

/**
 * What the campaign centre's page tests share. The network is a stand-in (`fetch` is the
 * browser's, so the app's own client, cache and pages run as they do): each test gets a fresh
 * query cache, a signed-in token and `fakeFetch` as the network, all set back after it, the
 * admin's language included (zh-CN, the default). The centre's strings load once.
 */
export function setUpPageTests(fakeFetch: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  let client = new QueryClient();
  beforeAll(() => loadCampaignStrings(), 30_000);
  beforeEach(() => {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.stubGlobal('fetch', vi.fn(fakeFetch));
    setToken('token-a');
  });
  afterEach(async () => {
    localStorage.removeItem('storecast.language');
    vi.unstubAllGlobals();
    client.clear();
    setToken('');
    await act(() => i18n.changeLanguage('zh-CN'));
  });
  return {
    client: () => client,
    /** Shows `routes` at `path` inside the app's providers; the router, to read where a page went. */
    open(routes: RouteObject[], path: string) {
      const router = createMemoryRouter(routes, { initialEntries: [path] });
      render(<QueryClientProvider client={client}><App><RouterProvider router={router} /></App></QueryClientProvider>);
      return router;
    },
    /** Shows one page at `path` inside the app's providers. */
    show(page: ReactNode, path = '/') {
      return this.open([{ path: '*', element: page }], path);
    },
    /** The admin's language: i18next's, and the stored choice the API client sends as Accept-Language. */
    async setLanguage(lang: string) {
      localStorage.setItem('storecast.language', lang);
      await act(() => i18n.changeLanguage(lang));
    },
  };
}
