import { type FakeShoplazza, startFakeShoplazza } from '../../../test/fake-shoplazza/start-fake-shoplazza.ts';
import { type FakeShopline, startFakeShopline } from '../../../test/fake-shopline/start-fake-shopline.ts';
import { startTestApp, type TestApp } from '../../../test/start-test-app.ts';

export interface PlatformFakes {
  lazza: FakeShoplazza;
  line: FakeShopline;
  t: TestApp;
  close(): Promise<void>;
}

/**
 * A fake Shoplazza and a fake Shopline, each holding one store, and the app configured with both
 * apps. `tokenLifetimeS` makes the tokens they grant expire, as the real platforms' do.
 */
export async function startWithPlatformFakes(shops: { shoplazza: string; shopline: string }, tokenLifetimeS?: number): Promise<PlatformFakes> {
  const lazza = await startFakeShoplazza({ clientId: 'lazza-key', clientSecret: 'lazza-secret' });
  const line = await startFakeShopline({ appKey: 'line-key', appSecret: 'line-secret' });
  lazza.addShop(shops.shoplazza);
  line.addShop(shops.shopline);
  if (tokenLifetimeS !== undefined) {
    lazza.setTokenLifetime(tokenLifetimeS);
    line.setTokenLifetime(tokenLifetimeS);
  }
  const t = await startTestApp({
    platformApps: {
      shoplazza: { apiKey: lazza.clientId, apiSecret: lazza.clientSecret, apiBase: lazza.apiBase },
      shopline: { apiKey: line.appKey, apiSecret: line.appSecret, apiBase: line.apiBase },
    },
  });
  return {
    lazza, line, t,
    close: async () => {
      await t.close();
      await lazza.close();
      await line.close();
    },
  };
}
