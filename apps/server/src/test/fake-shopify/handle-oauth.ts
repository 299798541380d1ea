import { randomBytes } from 'node:crypto';
import type { FakeShopifyAnswer } from './answer-graphql.ts';
import type { FakeShopifyStore } from './fake-shopify-store.ts';
import { hostParam, nowSeconds, signQuery } from './sign-query.ts';

/** An authorization code Shopify handed to the app, good for one token request. */
interface Grant {
  scope: string;
  online: boolean;
}

const oauthPage = (status: number, message: string): FakeShopifyAnswer => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body: `<!DOCTYPE html><title>Oauth error</title><h1>Oauth error invalid_request: ${message}</h1>`,
});

/**
 * Shopify's authorization-code grant. `GET /admin/oauth/authorize` is the page where the merchant
 * approves the app; the fake approves at once and redirects to `redirect_uri` with
 * `code, hmac, host, shop, state, timestamp`. `POST /admin/oauth/access_token` trades the code
 * (once) for a token. Online access (`grant_options[]=per-user`) gets `expires_in` and the user.
 */
export function oauthHandlers(deps: {
  apiKey: string;
  apiSecret: string;
  store: FakeShopifyStore;
  /** The app's allowed redirection URLs; null takes any. */
  redirectUrls: () => string[] | null;
}) {
  const grants = new Map<string, Grant>();
  const shop = deps.store.shop.myshopifyDomain;

  function authorize(url: URL): FakeShopifyAnswer {
    const q = url.searchParams;
    if (q.get('client_id') !== deps.apiKey) return oauthPage(400, 'The client_id is invalid');
    const redirect = q.get('redirect_uri');
    const allowed = deps.redirectUrls();
    if (!redirect || (allowed && !allowed.includes(redirect))) return oauthPage(400, 'The redirect_uri is missing or not whitelisted');
    const code = randomBytes(16).toString('hex');
    grants.set(code, { scope: q.get('scope') ?? '', online: q.getAll('grant_options[]').includes('per-user') });
    const params: Record<string, string> = { code, host: hostParam(shop), shop, timestamp: nowSeconds() };
    const state = q.get('state');
    if (state !== null) params.state = state;
    const location = new URL(redirect);
    const signed = { ...params, hmac: signQuery(params, deps.apiSecret) };
    for (const k of Object.keys(signed).sort()) location.searchParams.set(k, signed[k as keyof typeof signed] as string);
    return { status: 302, headers: { location: location.href }, body: '' };
  }

  function accessToken(contentType: string, raw: string): FakeShopifyAnswer {
    let body: Record<string, unknown> = {};
    try {
      body = contentType.includes('application/json') ? (JSON.parse(raw) as Record<string, unknown>) : Object.fromEntries(new URLSearchParams(raw));
    } catch {
      // an unreadable body is answered like a missing code
    }
    if (body.client_id !== deps.apiKey || body.client_secret !== deps.apiSecret) {
      return { status: 400, body: { error: 'invalid_client', error_description: 'Client credentials are invalid' } };
    }
    const code = typeof body.code === 'string' ? body.code : '';
    const grant = grants.get(code);
    if (!grant) {
      return { status: 400, body: { error: 'invalid_request', error_description: 'The authorization code was not found or was already used' } };
    }
    grants.delete(code);
    const token = `${grant.online ? 'shpua' : 'shpat'}_${randomBytes(16).toString('hex')}`;
    deps.store.accessTokens.set(token, { scope: grant.scope, online: grant.online });
    if (!grant.online) return { status: 200, body: { access_token: token, scope: grant.scope } };
    return {
      status: 200,
      body: {
        access_token: token,
        scope: grant.scope,
        expires_in: 86_399,
        associated_user_scope: grant.scope,
        associated_user: {
          id: 902541635,
          first_name: 'Shop',
          last_name: 'Owner',
          email: deps.store.shop.email,
          email_verified: true,
          account_owner: true,
          locale: 'en',
          collaborator: false,
        },
      },
    };
  }

  return { authorize, accessToken };
}
