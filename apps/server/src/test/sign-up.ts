import { api } from '@storecast/contract';
import type { TestApp } from './start-test-app.ts';

let seq = 0;

/** Registers a user and, unless `store` is false, connects a custom store. Returns the token. */
export async function signUp(t: TestApp, opts: { store?: boolean; name?: string; mobile?: string } = {}) {
  seq += 1;
  const account = `owner${seq}-${Date.now()}@example.com`;
  const password = 'secret123';
  const reg = await t.call(api.auth.register, {
    body: { account, password, agree_terms: true, ...(opts.mobile ? { mobile: opts.mobile } : {}) },
  });
  if (reg.body.code !== 100) throw new Error(`register failed: ${reg.body.msg}`);
  const token = reg.body.data.token;
  let shopId = '';
  if (opts.store !== false) {
    const c = await t.call(api.shop.connect, {
      token,
      body: {
        platform: 'custom', name: opts.name ?? `Store ${seq}`, homepage_url: `https://store${seq}.example.com`,
        currency: 'USD', timezone: 'Asia/Shanghai',
      },
    });
    if (c.body.code !== 100) throw new Error(`connect failed: ${c.body.msg}`);
    shopId = c.body.data.shop_id;
  }
  return { token, account, password, shopId };
}
