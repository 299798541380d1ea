import { expect } from 'vitest';
import { fakeShoplineCustomer, fakeShoplineId, fakeShoplineOrder, fakeShoplineProduct } from '../../apps/server/src/test/fake-shopline/fake-shopline-shop.ts';
import { type FakeShopline, startFakeShopline } from '../../apps/server/src/test/fake-shopline/start-fake-shopline.ts';
import { answerWithAppOpener, type PlatformDriver, type PlatformStore } from './platform-journey.ts';

const DAY = 86_400_000;

/**
 * Shopline: one fake (`apps/server/src/test/fake-shopline/`) serves every store, the server
 * reaching it through `SHOPLINE_API_BASE`. Shopline's authorize page takes its parameters in the
 * URL's fragment, which a browser never sends, so the app's URL is answered here: its redirect is
 * read, the fake approves it (as the owner would) and the browser goes on to the callback the fake
 * signed, with the state cookie the app set. The store's admin, `https://<handle>.myshopline.com/admin`,
 * is a routed page that opens the app.
 */
export function shoplineDriver(): PlatformDriver<PlatformStore> {
  let fake: FakeShopline | undefined;
  return {
    platform: 'shopline',
    hosts: ['*.myshopline.com'],
    async start() {
      fake = await startFakeShopline({ appKey: 'storecast-e2e-line', appSecret: 'storecast-e2e-line-secret' });
      return { shopline: { apiKey: fake.appKey, apiSecret: fake.appSecret, apiBase: fake.apiBase } };
    },
    async openStore({ lang, app, ctx }) {
      const f = fake!;
      const handle = `green-tea-${lang.toLowerCase()}`;
      const domain = `${handle}.myshopline.com`;
      const name = `Green Tea ${lang}`;
      const shop = f.addShop(handle, { name, currency: 'USD', language: lang === 'zh-CN' ? 'zh-CN' : 'en' });
      // A small store: its orders within the last twelve months, so the first sync brings them in.
      shop.customers = Array.from({ length: 25 }, (_, i) => fakeShoplineCustomer({
        email: `shopper${i}@example.com`, email_marketing_consent: { state: i % 2 ? 'subscribed' : 'not_subscribed', opt_in_level: 'single_opt_in' },
      }));
      shop.products = Array.from({ length: 6 }, (_, i) => fakeShoplineProduct({ title: `Tea ${i}` }));
      shop.orders = Array.from({ length: 40 }, (_, i) => {
        const buyer = shop.customers[i % 25]!;
        const at = new Date(Date.now() - (20 + i * 4) * DAY).toISOString();
        return fakeShoplineOrder({ customer: { id: buyer.id, email: buyer.email }, email: buyer.email, created_at: at, updated_at: at });
      });

      await ctx.route((url) => url.pathname === '/api/platforms/shopline/install' && url.searchParams.get('handle') === handle, async (route) => {
        const begin = await route.fetch({ maxRedirects: 0 });
        const authorize = begin.headers().location ?? '';
        if (begin.status() !== 302 || !authorize.includes('/admin/oauth-web/#/oauth/authorize')) return route.fulfill({ response: begin });
        await route.fulfill({ status: 302, headers: { ...begin.headers(), location: f.approve(authorize).href } });
      });
      const installUrl = () => `${app.baseUrl}/api/platforms/shopline/install?${f.installQuery(handle)}`;
      await ctx.route((url) => url.host === domain && url.pathname.startsWith('/admin'), (route) => answerWithAppOpener(route, 'Shopline admin', installUrl()));
      /** The install subscribes the webhooks after its answer. */
      const send = async (topic: string, payload: unknown) => {
        await expect.poll(() => shop.webhooks.some((w) => w.topic === topic)).toBe(true);
        return (await f.sendWebhook(handle, topic, payload)).status;
      };
      return {
        domain,
        handle,
        name,
        sendOrder() {
          const now = new Date().toISOString();
          return send('orders/create', fakeShoplineOrder({
            id: fakeShoplineId(), email: 'walk-in@example.com', total_price: '42.00', current_total_price: '42.00', created_at: now, updated_at: now,
          }));
        },
        sendUninstall: () => send('apps/installed_uninstalled', { handle, operate: 'UNINSTALL', appkey: f.appKey }),
        setAppEmbed: (on) => f.setAppEmbed(handle, 'storecast', 'storecast-embed', on),
        embedEditorUrl: `https://${domain}/admin/theme/editor?context=apps&activateAppId=${f.appKey}/storecast-embed`,
        close: () => Promise.resolve(),
      };
    },
    close: async () => {
      await fake?.close();
    },
  };
}
