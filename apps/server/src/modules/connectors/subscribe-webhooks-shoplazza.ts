import type { PlatformAppConfig } from '../../config.ts';
import { shoplazzaRequest } from './shoplazza-api.ts';

/**
 * The topics the product listens to on Shoplazza: customers (with their consent), orders,
 * checkouts (abandoned-checkout flows start from them), products, and the uninstall.
 */
export const SHOPLAZZA_WEBHOOK_TOPICS = [
  'customers/create', 'customers/update', 'customers/delete', 'orders/create', 'orders/updated', 'orders/paid', 'orders/cancelled',
  'orders/refunded', 'checkouts/create', 'checkouts/update', 'products/create', 'products/update', 'products/delete', 'app/uninstalled',
] as const;

/**
 * Subscribes the shop's webhooks to `address` (`POST /webhooks`), each topic once: those already
 * sent there are left alone. Returns the topics it could not subscribe.
 */
export async function subscribeShoplazzaWebhooks(app: PlatformAppConfig, shop: string, token: string, address: string): Promise<string[]> {
  const existing = await shoplazzaRequest<{ webhooks?: { topic?: unknown; address?: unknown }[] }>(app, shop, token, 'webhooks');
  const have = new Set((existing.webhooks ?? []).filter((w) => w.address === address).map((w) => String(w.topic)));
  const failed: string[] = [];
  for (const topic of SHOPLAZZA_WEBHOOK_TOPICS.filter((t) => !have.has(t))) {
    await shoplazzaRequest(app, shop, token, 'webhooks', { method: 'POST', body: { address, topic } })
      .catch((e: unknown) => failed.push(`${topic}: ${e instanceof Error ? e.message : String(e)}`));
  }
  return failed;
}
