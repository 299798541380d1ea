import type { PlatformAppConfig } from '../../config.ts';
import { PlatformHttpError, type TokenSource } from './call-platform-api.ts';
import { type DiscountCodeInput, DiscountRefusedError } from './create-discount-shopify.ts';
import { shoplazzaRequest } from './shoplazza-api.ts';

/** Where and as whom a Shoplazza call goes: the app, the shop's domain and its token (or refreshing credential). */
export interface ShoplazzaClient { app: PlatformAppConfig; shop: string; token: TokenSource }

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
/** 2025-06 answers wrap the record in `data`; older answers did not. */
const record = (answer: unknown, key: string): Json => obj(obj(obj(answer).data)[key] ?? obj(answer)[key]);

/** The shop has the code already: Shoplazza refuses a second with 4xx and says so (a 403 is a missing scope, whatever it says). */
const isTaken = (e: unknown) => e instanceof PlatformHttpError && e.status >= 400 && e.status < 500 && e.status !== 403
  && /exist|taken|duplicat|already/i.test(e.body);

/** The value of a price rule: percent off or a fixed amount off, positive as Shoplazza's reference shows. */
function valueOf(input: { percentOff?: number; amountOff?: string }) {
  return input.percentOff !== undefined
    ? { value_type: 'percentage', value: Math.round(input.percentOff * 100) / 100 }
    : { value_type: 'fixed_amount', value: Number(input.amountOff) };
}

/**
 * Creates the code on Shoplazza as a price rule (the whole order, every customer) with one
 * discount code under it, and returns the price rule's id. A code the shop has already (a retry
 * whose answer was lost, or the owner's own) is found by listing `discount_codes`, and the price
 * rule made for nothing is deleted, so a retry never leaves two discounts behind the code.
 * Throttling is waited out by the shared caller; a refusal throws DiscountRefusedError.
 */
export async function createDiscountShoplazza(c: ShoplazzaClient, input: DiscountCodeInput): Promise<{ id: string; created: boolean }> {
  let rule: Json;
  try {
    rule = record(await shoplazzaRequest(c.app, c.shop, c.token, 'price_rules', {
      method: 'POST',
      body: {
        title: input.title, ...valueOf(input), target_type: 'line_item', target_selection: 'all', customer_selection: 'all',
        allocation_method: 'across', once_per_customer: input.oncePerCustomer ? 1 : -1, usage_limit: input.usageLimit ?? -1,
        starts_at: input.startsAt.toISOString(), ends_at: input.endsAt ? input.endsAt.toISOString() : '-1',
      },
    }), 'price_rule');
  } catch (e) {
    if (e instanceof PlatformHttpError && e.status < 500 && e.status !== 429) throw new DiscountRefusedError(e.body || e.message);
    throw e;
  }
  const id = typeof rule.id === 'string' || typeof rule.id === 'number' ? String(rule.id) : '';
  if (!id) throw new Error('Shoplazza answered a price rule without an id');
  try {
    await shoplazzaRequest(c.app, c.shop, c.token, `price_rules/${encodeURIComponent(id)}/discount_codes`, {
      method: 'POST', body: { discount_code: { code: input.code } },
    });
    return { id, created: true };
  } catch (e) {
    const existing = isTaken(e) ? await findShoplazzaCode(c, input.code) : null;
    await shoplazzaRequest(c.app, c.shop, c.token, `price_rules/${encodeURIComponent(id)}`, { method: 'DELETE' }).catch(() => undefined);
    if (existing) return { id: existing, created: false };
    if (e instanceof PlatformHttpError && e.status < 500) throw new DiscountRefusedError(e.body || e.message);
    throw e;
  }
}

/** Pages looked through for a code before giving up (250 codes a page). */
const MAX_PAGES = 40;

/** The price rule of a code the shop has, by listing `discount_codes` (Shoplazza has no look-up by code); null when none. */
export async function findShoplazzaCode(c: ShoplazzaClient, code: string): Promise<string | null> {
  const wanted = code.toUpperCase();
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const answer = obj(await shoplazzaRequest(c.app, c.shop, c.token, 'discount_codes', { query: { limit: '250', page: String(page) } }));
    const list = Array.isArray(answer.data) ? answer.data : (obj(answer.data).discount_codes as unknown[] | undefined) ?? [];
    const hit = list.map(obj).find((d) => String(d.code ?? '').toUpperCase() === wanted);
    if (hit) return String(hit.price_rule_id ?? hit.id ?? '') || null;
    if (list.length < 250) return null;
  }
  return null;
}

/**
 * Sets what the code takes off (`PUT price_rules/{id}`). Shoplazza's "Update Price Rule" wants
 * the rule's title, value, value type, target selection and its start and end in every update,
 * unwrapped, so the rule is read first (`GET price_rules/{id}`) and sent back as it is with the
 * new value: what else the owner set stays. What the rule does not say is taken from the preset
 * (its title) and from a create (every line, from now, no end). Returns false when Shoplazza no
 * longer has the price rule.
 */
export async function updateDiscountValueShoplazza(c: ShoplazzaClient, id: string, percentOff: number, preset: { title: string }): Promise<boolean> {
  try {
    const path = `price_rules/${encodeURIComponent(id)}`;
    const had = record(await shoplazzaRequest(c.app, c.shop, c.token, path), 'price_rule');
    const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
    await shoplazzaRequest(c.app, c.shop, c.token, path, {
      method: 'PUT',
      body: {
        title: text(had.title, preset.title), ...valueOf({ percentOff }), target_type: text(had.target_type, 'line_item'),
        target_selection: text(had.target_selection, 'all'), starts_at: text(had.starts_at, new Date().toISOString()), ends_at: text(had.ends_at, '-1'),
      },
    });
    return true;
  } catch (e) {
    if (e instanceof PlatformHttpError && e.status === 404) return false;
    if (e instanceof PlatformHttpError && e.status < 500 && e.status !== 429) throw new DiscountRefusedError(e.body || e.message);
    throw e;
  }
}
