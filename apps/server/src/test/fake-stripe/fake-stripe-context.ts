import type { FakeStripeStore, StripeObject } from './fake-stripe-store.ts';
import type { Params } from './parse-form.ts';
import { authError, invalidRequest, unknownParam } from './stripe-error.ts';

/** One API request as a handler sees it: `parts` is the path after `/v1/`, split on `/`. */
export interface HandlerContext {
  method: string;
  parts: string[];
  params: Params;
  /** Which key authorised the call: browser calls (Stripe.js) use the publishable key. */
  key: 'secret' | 'publishable';
  store: FakeStripeStore;
  /** Records an event; it is delivered to the webhook URL after the API answer. */
  emit(type: string, object: StripeObject): void;
  /** Base URL of the fake (for next_action URLs). */
  baseUrl: string;
}

/** What the intent state machines need outside a request (the test helpers call them too). */
export type IntentDeps = Pick<HandlerContext, 'store' | 'emit' | 'baseUrl'>;

/** An endpoint: `undefined` = not this handler's path (the router tries the next one). */
export type Handler = (ctx: HandlerContext) => StripeObject | Record<string, unknown> | undefined;

/** Stripe refuses parameters it does not know; so does the fake, to catch misspelt params. */
export function allowParams(ctx: HandlerContext, allowed: string[]): void {
  for (const k of ctx.params.keys()) {
    if (k === 'expand' || k === 'key') continue;
    if (ctx.key === 'publishable' && k === 'client_secret') continue;
    if (!allowed.includes(k)) throw unknownParam(k);
  }
}

/** Browser calls on an intent must carry its client secret, as Stripe.js does. */
export function checkClientSecret(ctx: HandlerContext, intent: StripeObject): void {
  if (ctx.key !== 'publishable') return;
  if (ctx.params.str('client_secret') !== intent.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${String(intent.object)}.`,
      'client_secret',
    );
  }
}

/** Only these calls may be made with a publishable key. */
export function requireSecretKey(ctx: HandlerContext): void {
  if (ctx.key === 'publishable') {
    throw authError('This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.');
  }
}

/** Metadata update as Stripe does it: keys merge, `''` removes a key; at most 50 keys, 40/500 characters. */
export function mergeMetadata(current: unknown, update: unknown): Record<string, string> {
  const out: Record<string, string> = { ...((current as Record<string, string> | undefined) ?? {}) };
  if (update === '') return {};
  if (update === undefined) return out;
  if (typeof update !== 'object' || Array.isArray(update)) throw invalidRequest('Invalid metadata: must be a hash.', 'metadata');
  for (const [k, v] of Object.entries(update as Record<string, unknown>)) {
    if (typeof v !== 'string') throw invalidRequest(`Invalid metadata[${k}]: must be a string.`, `metadata[${k}]`);
    if (k.length > 40) throw invalidRequest('Metadata keys can have up to 40 characters.', `metadata[${k}]`);
    if (v.length > 500) throw invalidRequest('Metadata values can have up to 500 characters.', `metadata[${k}]`);
    if (v === '') delete out[k];
    else out[k] = v;
  }
  if (Object.keys(out).length > 50) throw invalidRequest('Metadata can have up to 50 keys.', 'metadata');
  return out;
}

export const listOf = (url: string, data: StripeObject[]) => ({ object: 'list', data, has_more: false, url });
