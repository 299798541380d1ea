import { api } from '@storecast/contract';
import type { FakeShoplazza } from '../../../test/fake-shoplazza/start-fake-shoplazza.ts';
import type { FakeShopline } from '../../../test/fake-shopline/start-fake-shopline.ts';
import { signUp } from '../../../test/sign-up.ts';
import type { TestApp } from '../../../test/start-test-app.ts';

/** Opens a callback URL the platform sent the owner to, with the state cookie the app's URL set. */
async function finish(t: TestApp, begin: { headers: Record<string, unknown> }, callback: URL) {
  const cookie = String([begin.headers['set-cookie']].flat()[0]).split(';')[0]!;
  const done = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}`, headers: { cookie } });
  if (done.statusCode !== 302) throw new Error(`callback answered ${done.statusCode}: ${done.body}`);
  return String(done.headers.location);
}

/** A new owner claims the store the install left as a claim; returns the store and the owner's session. */
async function claim(t: TestApp, location: string) {
  const token = new URL(location).searchParams.get('claim');
  if (!token) throw new Error(`not a claim: ${location}`);
  const owner = await signUp(t, { store: false });
  const res = await t.call(api.channelShop.claim, { token: owner.token, body: { claim: token } });
  if (res.body.code !== 100) throw new Error(`claim failed: ${res.body.msg}`);
  return { shopId: res.body.data.shop_id, token: owner.token };
}

/**
 * The Shoplazza install from the app's URL through the fake's authorize page to the callback's
 * answer: where the owner lands (a claim, or the dashboard for a store linked already).
 * `authorize` may change the authorize page's address first, as an older app's scopes would.
 */
export async function runShoplazzaInstall(t: TestApp, fake: FakeShoplazza, shop: string, authorize: (url: string) => string = (u) => u) {
  const begin = await t.app.inject({ method: 'GET', url: `/api/platforms/shoplazza/install?${fake.installQuery(shop)}` });
  const approve = await fetch(authorize(String(begin.headers.location)), { redirect: 'manual' });
  return finish(t, begin, new URL(approve.headers.get('location') ?? ''));
}

/** The whole Shoplazza install through the fake's authorize page, then the claim. */
export async function installShoplazzaStore(t: TestApp, fake: FakeShoplazza, shop: string) {
  return claim(t, await runShoplazzaInstall(t, fake, shop));
}

/** The Shopline install to the callback's answer, as runShoplazzaInstall. */
export async function runShoplineInstall(t: TestApp, fake: FakeShopline, handle: string, authorize: (url: string) => string = (u) => u) {
  const begin = await t.app.inject({ method: 'GET', url: `/api/platforms/shopline/install?${fake.installQuery(handle)}` });
  return finish(t, begin, fake.approve(authorize(String(begin.headers.location))));
}

/** The whole Shopline install through the fake's authorize page, then the claim. */
export async function installShoplineStore(t: TestApp, fake: FakeShopline, handle: string, authorize?: (url: string) => string) {
  return claim(t, await runShoplineInstall(t, fake, handle, authorize));
}
