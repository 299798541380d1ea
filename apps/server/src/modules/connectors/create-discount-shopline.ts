import type { PlatformAppConfig } from '../../config.ts';
import { PlatformHttpError, type TokenSource } from './call-platform-api.ts';
import { type DiscountCodeInput, DiscountRefusedError } from './create-discount-shopify.ts';
import { shoplineRequest } from './shopline-api.ts';

/** Where and as whom a Shopline call goes: the app, the store's handle and its token (or refreshing credential). */
export interface ShoplineClient { app: PlatformAppConfig; handle: string; token: TokenSource }

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const idOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const refusal = (e: unknown) => (e instanceof PlatformHttpError && e.status < 500 && e.status !== 429 ? new DiscountRefusedError(e.body || e.message) : e);

/** A price rule's value: taken off, so negative, as a decimal string (the REST shape Shopline's price rules follow). */
function valueOf(input: { percentOff?: number; amountOff?: string }) {
  return input.percentOff !== undefined
    ? { value_type: 'percentage', value: `-${(Math.round(input.percentOff * 100) / 100).toFixed(2)}` }
    : { value_type: 'fixed_amount', value: `-${Number(input.amountOff).toFixed(2)}` };
}

/** The price rule behind a code the store has (`sales/discount_codes/lookup.json`); null when none. */
export async function findShoplineCode(c: ShoplineClient, code: string): Promise<string | null> {
  try {
    const { body } = await shoplineRequest<Json>(c.app, c.handle, c.token, 'sales/discount_codes/lookup.json', { query: { code } });
    return idOf(obj(body.discount_code).price_rule_id) || null;
  } catch (e) {
    if (e instanceof PlatformHttpError && e.status === 404) return null;
    throw e;
  }
}

/**
 * Creates the code on Shopline as a price rule (`sales/price_rules.json`: the whole order, every
 * customer) with one discount code under it, and returns the price rule's id. The code is looked
 * up first, and again when Shopline says it is taken (the price rule made for it then deleted), so
 * a retry or a race never leaves a second discount.
 * Throttling is waited out by the shared caller; a refusal throws DiscountRefusedError.
 */
export async function createDiscountShopline(c: ShoplineClient, input: DiscountCodeInput): Promise<{ id: string; created: boolean }> {
  const existing = await findShoplineCode(c, input.code);
  if (existing) return { id: existing, created: false };
  let id: string;
  try {
    const { body } = await shoplineRequest<Json>(c.app, c.handle, c.token, 'sales/price_rules.json', {
      method: 'POST',
      body: {
        price_rule: {
          title: input.title, ...valueOf(input), target_type: 'line_item', target_selection: 'all', allocation_method: 'across',
          customer_selection: 'all', once_per_customer: input.oncePerCustomer ?? false, usage_limit: input.usageLimit ?? null,
          starts_at: input.startsAt.toISOString(), ends_at: input.endsAt ? input.endsAt.toISOString() : null,
        },
      },
    });
    id = idOf(obj(body.price_rule).id);
  } catch (e) {
    throw refusal(e);
  }
  if (!id) throw new Error('Shopline answered a price rule without an id');
  try {
    await shoplineRequest(c.app, c.handle, c.token, `sales/price_rules/${encodeURIComponent(id)}/discount_codes.json`, {
      method: 'POST', body: { discount_code: { code: input.code } },
    });
    return { id, created: true };
  } catch (e) {
    const raced = e instanceof PlatformHttpError && e.status === 422 ? await findShoplineCode(c, input.code) : null;
    // The price rule made for nothing goes, so the code has one discount behind it.
    await shoplineRequest(c.app, c.handle, c.token, `sales/price_rules/${encodeURIComponent(id)}.json`, { method: 'DELETE' }).catch(() => undefined);
    if (raced) return { id: raced, created: false };
    throw refusal(e);
  }
}

/** Sets what the code takes off (`PUT sales/price_rules/{id}.json`, the value only); false when Shopline no longer has it. */
export async function updateDiscountValueShopline(c: ShoplineClient, id: string, percentOff: number): Promise<boolean> {
  try {
    await shoplineRequest(c.app, c.handle, c.token, `sales/price_rules/${encodeURIComponent(id)}.json`, {
      method: 'PUT', body: { price_rule: valueOf({ percentOff }) },
    });
    return true;
  } catch (e) {
    if (e instanceof PlatformHttpError && e.status === 404) return false;
    throw refusal(e);
  }
}
