import type { PlatformAppConfig } from '../../config.ts';
import { SHOPLINE_API_VERSION, shoplineRequest } from './shopline-api.ts';

/**
 * The topics the product listens to on Shopline: customers and their consent changes, orders and
 * refunds, checkouts (abandoned-checkout flows start from them), products, and the app's
 * uninstall (`apps/installed_uninstalled`, its status in the payload).
 */
export const SHOPLINE_WEBHOOK_TOPICS = [
  'customers/create', 'customers/update', 'customers_marketing_consent/update', 'customers/delete',
  'orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled',
  'refunds/create', 'checkouts/create', 'checkouts/update', 'products/create', 'products/update', 'products/delete',
  'apps/installed_uninstalled',
] as const;

interface WebhookList { webhooks?: { topic?: unknown; address?: unknown }[] }

/**
 * Subscribes the store's webhooks to `address` (`POST webhooks.json` with `address, topic,
 * api_version`), each topic once: those already sent there are left alone. Returns the topics it
 * could not subscribe.
 */
export async function subscribeShoplineWebhooks(app: PlatformAppConfig, handle: string, token: string, address: string): Promise<string[]> {
  const { body } = await shoplineRequest<WebhookList>(app, handle, token, 'webhooks.json');
  const have = new Set((body.webhooks ?? []).filter((w) => w.address === address).map((w) => String(w.topic)));
  const failed: string[] = [];
  for (const topic of SHOPLINE_WEBHOOK_TOPICS.filter((t) => !have.has(t))) {
    await shoplineRequest(app, handle, token, 'webhooks.json', { method: 'POST', body: { webhook: { address, topic, api_version: SHOPLINE_API_VERSION } } })
      .catch((e: unknown) => failed.push(`${topic}: ${e instanceof Error ? e.message : String(e)}`));
  }
  return failed;
}
