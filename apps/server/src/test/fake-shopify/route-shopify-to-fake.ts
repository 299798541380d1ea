import '@shopify/shopify-api/adapters/node';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';

/** Fake base URL by shop domain (`tea.myshopify.com` → `http://127.0.0.1:PORT`). */
const routes = new Map<string, string>();

function hrefOf(input: Parameters<typeof fetch>[0]): string {
  return typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
}

/**
 * The library's fetch with the tests' shops sent to their fakes. The library always builds
 * `https://<shop>/…` and accepts only `*.myshopify.com` shops, so the fake cannot simply be
 * named as the shop: this rewrites the address and leaves the request (method, headers, body)
 * as the library made it. A `*.myshopify.com` shop with no fake is refused rather than looked up
 * on the Internet.
 */
async function fetchThroughFakes(input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]): Promise<Response> {
  const url = new URL(hrefOf(input));
  const fake = routes.get(url.host);
  if (!fake) {
    if (url.hostname.endsWith('.myshopify.com')) throw new Error(`fake Shopify: no fake serves ${url.host} (call routeShopifyToFake first)`);
    return globalThis.fetch(input, init);
  }
  const target = new URL(`${url.pathname}${url.search}`, fake).href;
  return globalThis.fetch(input instanceof Request ? new Request(target, input) : target, init);
}

/**
 * Points `@shopify/shopify-api` at a fake shop: every request the library makes for
 * `fake.shop` (OAuth token, Admin GraphQL) goes to `fake.url`. Call it before making a GraphQL
 * client: the library reads its fetch when it makes one. Several fakes (shops) can be routed at
 * once. Returns a function that removes the route.
 */
export function routeShopifyToFake(fake: { url: string; shop: string }): () => void {
  setAbstractFetchFunc(fetchThroughFakes);
  routes.set(fake.shop, fake.url);
  return () => {
    if (routes.get(fake.shop) === fake.url) routes.delete(fake.shop);
  };
}

/** An address the library built for a shop (`https://tea.myshopify.com/admin/…`), on its fake. */
export function onFake(href: string): string {
  const url = new URL(href);
  const fake = routes.get(url.host);
  if (!fake) throw new Error(`fake Shopify: no fake serves ${url.host}`);
  return new URL(`${url.pathname}${url.search}`, fake).href;
}
