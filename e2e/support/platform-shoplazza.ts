import { expect } from 'vitest';
import { fakeCustomer, fakeOrder, fakeProduct, fakeUuid } from '../../apps/server/src/test/fake-shoplazza/fake-shoplazza-shop.ts';
import { type FakeShoplazza, startFakeShoplazza } from '../../apps/server/src/test/fake-shoplazza/start-fake-shoplazza.ts';
import { answerWithAppOpener, type PlatformDriver, type PlatformStore } from './platform-journey.ts';

const DAY = 86_400_000;

/**
 * Shoplazza: one fake (`apps/server/src/test/fake-shoplazza/`) serves every store, the server
 * reaching it through `SHOPLAZZA_API_BASE`. The install's hops need no help: the app's URL sends
 * the browser to the fake's authorize page (on loopback, through that base), which approves at
 * once and sends it back to the callback. Only the store's admin, `https://<shop>/admin`, where
 * /connect/plat and the reauthorise button send the owner, is a routed page that opens the app.
 */
export function shoplazzaDriver(): PlatformDriver<PlatformStore> {
  let fake: FakeShoplazza | undefined;
  return {
    platform: 'shoplazza',
    hosts: ['*.myshoplaza.com'],
    async start() {
      fake = await startFakeShoplazza({ clientId: 'storecast-e2e-lazza', clientSecret: 'storecast-e2e-lazza-secret' });
      return { shoplazza: { apiKey: fake.clientId, apiSecret: fake.clientSecret, apiBase: fake.apiBase } };
    },
    async openStore({ lang, app, ctx }) {
      const f = fake!;
      const handle = `green-tea-${lang.toLowerCase()}`;
      const domain = `${handle}.myshoplaza.com`;
      const name = `Green Tea ${lang}`;
      const shop = f.addShop(domain, { name, currency: 'USD', primary_locale: lang === 'zh-CN' ? 'zh-CN' : 'en-US' });
      // A small shop: its orders within the last twelve months, so the first sync brings them in.
      shop.customers = Array.from({ length: 25 }, (_, i) => fakeCustomer({ email: `shopper${i}@example.com`, subscribed_flag: i % 2 ? 4 : 0 }));
      shop.products = Array.from({ length: 6 }, (_, i) => fakeProduct({ title: `Tea ${i}` }));
      shop.orders = Array.from({ length: 40 }, (_, i) => {
        const buyer = shop.customers[i % 25]!;
        const at = new Date(Date.now() - (20 + i * 4) * DAY).toISOString();
        return fakeOrder({ customer_id: buyer.id, email: buyer.email, created_at: at, updated_at: at });
      });
      const installUrl = () => `${app.baseUrl}/api/platforms/shoplazza/install?${f.installQuery(domain)}`;
      await ctx.route((url) => url.host === domain && url.pathname.startsWith('/admin'), (route) => answerWithAppOpener(route, 'Shoplazza admin', installUrl()));
      /** The install subscribes the webhooks after its answer, at Shoplazza's pace. */
      const send = async (topic: string, payload: unknown) => {
        await expect.poll(() => shop.webhooks.some((w) => w.topic === topic)).toBe(true);
        return (await f.sendWebhook(domain, topic, payload)).status;
      };
      return {
        domain,
        handle,
        name,
        sendOrder() {
          const now = new Date().toISOString();
          return send('orders/create', fakeOrder({
            id: fakeUuid(), email: 'walk-in@example.com', total_price: '42.00', financial_status: 'paid', created_at: now, updated_at: now,
          }));
        },
        sendUninstall: () => send('app/uninstalled', { id: shop.details.id, domain }),
        setAppEmbed: (on) => f.setAppEmbed(domain, 'storecast', 'storecast-embed', on),
        embedEditorUrl: `https://${domain}/admin/card?context=apps&activateAppBlockId=${f.clientId}/storecast-embed`,
        close: () => Promise.resolve(),
      };
    },
    close: async () => {
      await fake?.close();
    },
  };
}
