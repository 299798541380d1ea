import type { BrowserContext } from 'playwright-core';
import { type FakeShopify, onFake, routeShopifyToFake, startFakeShopify } from '../../apps/server/src/test/fake-shopify/start-fake-shopify.ts';
import { answerWithAppOpener, type PlatformDriver, type PlatformStore } from './platform-journey.ts';
import type { RunningApp } from './start-app.ts';

const KEY = 'storecast-e2e-key';
const SECRET = 'storecast-e2e-secret';

export interface ShopifyStore extends PlatformStore {
  fake: FakeShopify;
}

/**
 * The browser cannot reach `https://<shop>` or Shopify's admin. The app's URL answers with a
 * redirect to the shop's authorize page: that hop is taken here, against the fake, as the owner's
 * approval would (chromium tries the network for a redirect to a routed https host before the
 * route answers), and the browser is sent on to the callback the fake signed, with the state
 * cookie the app set. The shop's app list (where /connect/plat sends the owner) and Shopify's
 * admin (the reauthorise link) are pages that open the app's URL with Shopify's signature.
 */
async function routeBrowserToFake(ctx: BrowserContext, app: RunningApp, fake: FakeShopify) {
  await ctx.route((url) => url.pathname === '/api/platforms/shopify/install' && url.searchParams.get('shop') === fake.shop, async (route) => {
    const begin = await route.fetch({ maxRedirects: 0 });
    const authorize = begin.headers().location ?? '';
    if (begin.status() !== 302 || !authorize.startsWith(`https://${fake.shop}/admin/oauth/authorize`)) return route.fulfill({ response: begin });
    const approve = await fetch(onFake(authorize), { redirect: 'manual' });
    await route.fulfill({ status: 302, headers: { ...begin.headers(), location: approve.headers.get('location') ?? '' } });
  });
  const installUrl = () => `${app.baseUrl}/api/platforms/shopify/install?${fake.installQuery()}`;
  const name = fake.shop.replace('.myshopify.com', '');
  // A redirect answered by a route is not routed again, so these are pages that open the app.
  await ctx.route(`https://${fake.shop}/admin/apps`, (route) => answerWithAppOpener(route, 'Shopify admin', installUrl()));
  await ctx.route(`https://admin.shopify.com/store/${name}/apps/**`, (route) => answerWithAppOpener(route, 'Shopify admin', installUrl()));
}

/**
 * Shopify: a fake per store (`apps/server/src/test/fake-shopify/`), the server's Shopify library
 * routed to it in-process, the browser's requests to the shop by the context's routes.
 */
export function shopifyDriver(): PlatformDriver<ShopifyStore> {
  return {
    platform: 'shopify',
    hosts: ['*.myshopify.com', 'admin.shopify.com'],
    start: () => Promise.resolve({ shopify: { apiKey: KEY, apiSecret: SECRET } }),
    async openStore({ lang, app, ctx }) {
      const handle = `green-tea-${lang.toLowerCase()}`;
      const shop = `${handle}.myshopify.com`;
      const name = `Green Tea ${lang}`;
      const fake = await startFakeShopify({ apiKey: KEY, apiSecret: SECRET, shop, shopName: name, currencyCode: 'USD', primaryLocale: lang === 'zh-CN' ? 'zh-CN' : 'en' });
      // A small shop: its orders within the last twelve months, so the first sync brings them in.
      fake.seed({ customers: 25, orders: 40, products: 6, start: Date.now() - 200 * 86_400_000, spanDays: 180 });
      const unroute = routeShopifyToFake(fake);
      await routeBrowserToFake(ctx, app, fake);
      return {
        domain: shop,
        handle,
        name,
        fake,
        async sendOrder() {
          const now = new Date().toISOString();
          const delivery = await fake.sendWebhook('orders/create', {
            id: 880001, email: 'walk-in@example.com', currency: 'USD', financial_status: 'paid', cancelled_at: null,
            total_price: '42.00', current_total_price: '42.00', created_at: now, processed_at: now, updated_at: now,
            customer: { id: 770001, email: 'walk-in@example.com' },
            line_items: [{ id: 8800010, product_id: 1, title: 'Sencha', quantity: 1, price: '42.00' }],
          });
          return delivery.status;
        },
        setAppEmbed: (on) => fake.theme.setAppEmbed('storecast', 'storecast-embed', on),
        embedEditorUrl: `https://${shop}/admin/themes/current/editor?context=apps&activateAppId=${KEY}/storecast-embed`,
        async sendUninstall() {
          return (await fake.sendWebhook('app/uninstalled', { id: 954889, domain: shop, myshopify_domain: shop, name })).status;
        },
        async close() {
          unroute();
          await fake.close();
        },
      };
    },
    close: () => Promise.resolve(),
  };
}
