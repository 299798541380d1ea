import type { IngestProduct } from '@storecast/contract';
import type { RunningApp } from './start-app.ts';

/**
 * The store's own systems pushing data through the ingestion API with an API token, as a real
 * store does: products, customers and shopper events. Each call must be accepted whole.
 */
export function storeApi(app: RunningApp, apiToken: string) {
  const push = async (path: string, body: unknown) => {
    const res = await fetch(`${app.baseUrl}/api/public/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${apiToken}` },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; msg: string; data: { rejected: unknown[] } };
    if (json.code !== 100) throw new Error(`${path}: ${json.msg}`);
    if (json.data.rejected.length > 0) throw new Error(`${path}: rejected ${JSON.stringify(json.data.rejected)}`);
    return json.data;
  };
  return {
    products: (products: IngestProduct[]) => push('products', { products }),
    customers: (customers: { id: string; email: string; first_name?: string; accepts_marketing?: boolean }[]) => push('customers', { customers }),
    events: (events: { id: string; customer_id?: string; email?: string; type: 'viewed_product' | 'added_to_cart'; occurred_at: string; subject: string }[]) =>
      push('events', { events }),
  };
}
