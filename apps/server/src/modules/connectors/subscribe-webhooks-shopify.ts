import type { Session, Shopify } from '@shopify/shopify-api';

/**
 * The topics the product listens to, in the Admin GraphQL enum's names: customers and their
 * consent, orders and refunds, checkouts (abandoned-checkout flows start from them), products,
 * and the uninstall. Since API 2025-01 a customer's consent comes only on the two consent topics.
 * The privacy topics are set in the app's configuration, not subscribed.
 */
export const SHOPIFY_WEBHOOK_TOPICS = [
  'CUSTOMERS_CREATE', 'CUSTOMERS_UPDATE', 'CUSTOMERS_DELETE', 'CUSTOMERS_EMAIL_MARKETING_CONSENT_UPDATE', 'CUSTOMERS_MARKETING_CONSENT_UPDATE', 'ORDERS_CREATE', 'ORDERS_UPDATED', 'ORDERS_PAID', 'REFUNDS_CREATE',
  'CHECKOUTS_CREATE', 'CHECKOUTS_UPDATE', 'PRODUCTS_CREATE', 'PRODUCTS_UPDATE', 'PRODUCTS_DELETE', 'APP_UNINSTALLED',
] as const;

const EXISTING = /* GraphQL */ `
  query StorecastWebhooks($first: Int!) { webhookSubscriptions(first: $first) { nodes { topic callbackUrl } } }
`;
const CREATE = /* GraphQL */ `
  mutation StorecastSubscribe($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
    webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id } userErrors { field message } }
  }
`;

interface CreateAnswer { webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: { message: string }[] } | null }

/**
 * Subscribes the shop's webhooks to `callbackUrl`, each topic once: the topics already sent
 * there are left alone, so a reinstall or a second run adds only what is missing. Returns the
 * topics it could not subscribe, with Shopify's reasons.
 */
export async function subscribeShopifyWebhooks(shopify: Shopify, session: Session, callbackUrl: string): Promise<string[]> {
  const client = new shopify.clients.Graphql({ session });
  const existing = await client.request<{ webhookSubscriptions: { nodes: { topic: string; callbackUrl: string }[] } }>(EXISTING, { variables: { first: 100 } });
  const have = new Set((existing.data?.webhookSubscriptions.nodes ?? []).filter((w) => w.callbackUrl === callbackUrl).map((w) => w.topic));
  const failed: string[] = [];
  for (const topic of SHOPIFY_WEBHOOK_TOPICS.filter((t) => !have.has(t))) {
    const res = await client.request<CreateAnswer>(CREATE, { variables: { topic, sub: { callbackUrl, format: 'JSON' } } });
    const errors = res.data?.webhookSubscriptionCreate?.userErrors ?? [];
    if (errors.length) failed.push(`${topic}: ${errors.map((e) => e.message).join('; ')}`);
  }
  return failed;
}
