import type { BrowserContext } from 'playwright-core';
import { startSignUp } from '../../apps/server/src/test/sign-up.ts';
import type { RunningApp } from './start-app.ts';

/** Signs up an owner with a store through the HTTP API, for journeys that start signed in. */
export async function seedOwner(app: RunningApp, name: string) {
  const { baseUrl } = app;
  const post = async (path: string, body: unknown, token?: string) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: Record<string, string> };
    if (json.code !== 100) throw new Error(`${path}: ${json.msg}`);
    return json.data;
  };
  const account = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@example.com`;
  const verify_code = await startSignUp(app, account, 'shopping1', () => post('/shop-manager/register', { account, password: 'shopping1', agree_terms: true }));
  const { token } = await post('/shop-manager/register/confirm', { account, verify_code });
  const store = (n: string) =>
    post('/shop/connect', { platform: 'custom', name: n, homepage_url: `${n.replace(/\W+/g, '')}.example.com`, currency: 'USD', timezone: 'Asia/Shanghai' }, token!);
  const { shop_id: shopId } = await store(name);
  return { token: token!, shopId: shopId!, account, addStore: store, post };
}

/**
 * Puts the token where the admin keeps it, before any page of the context loads. The script runs in
 * every document, the mail preview's sandboxed frame and a new tab's blank page included, which
 * have no storage of their own (reading it throws): those are left alone.
 */
export async function signInContext(ctx: BrowserContext, token: string, lang = 'zh-CN') {
  await ctx.addInitScript(([t, l]) => {
    if (window.origin === 'null') return;
    localStorage.setItem('storecast.token', t!);
    localStorage.setItem('storecast.language', l!);
  }, [token, lang]);
}
