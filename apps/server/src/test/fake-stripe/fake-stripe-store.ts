import { createHash, randomBytes } from 'node:crypto';
import { resourceMissing } from './stripe-error.ts';

/** A Stripe API object as JSON (the fake keeps them as plain objects and answers them as-is). */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

/** Everything the fake holds; tests may read it (e.g. `fake.store.paymentIntents.get(id)`). */
export interface FakeStripeStore {
  customers: Map<string, StripeObject>;
  paymentMethods: Map<string, StripeObject>;
  setupIntents: Map<string, StripeObject>;
  paymentIntents: Map<string, StripeObject>;
  events: Map<string, StripeObject>;
  /** The full card number behind each PaymentMethod (never in the API answer). */
  cardNumbers: Map<string, string>;
}

export const newStore = (): FakeStripeStore => ({
  customers: new Map(),
  paymentMethods: new Map(),
  setupIntents: new Map(),
  paymentIntents: new Map(),
  events: new Map(),
  cardNumbers: new Map(),
});

/** Ids shaped like Stripe's: a prefix and 24 base62 characters. */
export function newId(prefix: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(24);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `${prefix}_${s}`;
}

export const clientSecretFor = (id: string) => `${id}_secret_${newId('x').slice(2)}`;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe gives one fingerprint per card number per account. */
export const fingerprintOf = (number: string) =>
  createHash('sha256').update(`fake-stripe:${number}`).digest('base64url').slice(0, 16);

export function getOr404(map: Map<string, StripeObject>, id: string, param: string, what: string): StripeObject {
  const o = map.get(id);
  if (!o) throw resourceMissing(id, param, what);
  return o;
}

/**
 * `expand[]`: replaces an id at a dotted path (`payment_method`, `latest_charge`,
 * `invoice_settings.default_payment_method`, `customer`) by its object, as Stripe does.
 */
export function expand(store: FakeStripeStore, obj: StripeObject, paths: string[]): StripeObject {
  if (paths.length === 0) return obj;
  const copy = structuredClone(obj);
  for (const path of paths) {
    const parts = path.split('.');
    let node: Record<string, unknown> | undefined = copy;
    for (const p of parts.slice(0, -1)) {
      const next: unknown = node?.[p];
      node = next && typeof next === 'object' ? (next as Record<string, unknown>) : undefined;
    }
    const last = parts[parts.length - 1]!;
    const id = node?.[last];
    if (node && typeof id === 'string') {
      const found =
        store.paymentMethods.get(id) ?? store.customers.get(id) ?? store.paymentIntents.get(id) ?? store.setupIntents.get(id);
      if (found) node[last] = structuredClone(found);
    }
  }
  return copy;
}
