import { customers, type Db, orderItems, orders, products, type ShopScope, shopScope, shops } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type IngestResult, ingestEvents, ingestOrders, ingestProducts } from '../ingest/index.ts';
import { answerDataRequest } from './answer-data-request.ts';
import { writeCustomerWithConsent } from './apply-platform-consent.ts';
import { mapShopifyWebhook, type WebhookAction } from './map-shopify-webhook.ts';
import { mapShoplazzaWebhook } from './map-shoplazza-webhook.ts';
import { mapShoplineWebhook } from './map-shopline-webhook.ts';
import { pauseUninstalledStore } from './pause-uninstalled-store.ts';
import { redactCustomer } from './redact-customer.ts';

export interface KeptWebhook {
  platform: string;
  eventId: string;
  shopId: string;
  topic: string;
  payload: string;
}

/** What applying a webhook came to: null error when it was applied (or had nothing to change). */
export interface WebhookOutcome {
  error: string | null;
  answer: string | null;
}

/** Reasons the writers give are recorded in English, the operators' language. */
const LOCALE = 'en-US';
const applied: WebhookOutcome = { error: null, answer: null };

/**
 * Applies one kept webhook inside the caller's transaction, through the ingestion API's writers
 * (their own transactions become savepoints here, so the webhook and its `processed_at` commit
 * together). A record the platform changed after this webhook was written is left alone: the
 * platform's `updated_at` is kept on customers, orders and products, and an older one loses.
 */
export async function applyPlatformWebhook(db: Db, w: KeptWebhook, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  let payload: unknown;
  try {
    payload = JSON.parse(w.payload);
  } catch {
    return { error: 'not JSON', answer: null };
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return { error: 'not a JSON object', answer: null };
  const scope = shopScope(w.shopId);
  const [shop] = await db.select({ currency: shops.currency }).from(shops).where(eq(shops.id, w.shopId));
  if (!shop) return { error: 'store gone', answer: null };
  // Each platform's mapping gives the same actions.
  const map = w.platform === 'shopify' ? mapShopifyWebhook : w.platform === 'shoplazza' ? mapShoplazzaWebhook
    : w.platform === 'shopline' ? mapShoplineWebhook : null;
  if (!map) return { error: `${w.platform} webhooks are not applied yet`, answer: null };
  const action = map(w.topic, payload as Record<string, unknown>, shop.currency);
  return applyAction(db, scope, w, action, log);
}

async function applyAction(db: Db, scope: ShopScope, w: KeptWebhook, a: WebhookAction, log: FastifyBaseLogger): Promise<WebhookOutcome> {
  switch (a.kind) {
    case 'customer':
      return guarded(db, scope, customers, a.id, a.updatedAt, () => writeCustomerWithConsent(db, scope, a.item, a.consent, w.platform, LOCALE));
    case 'order':
      return guarded(db, scope, orders, a.id, a.updatedAt, () => ingestOrders(db, scope, { orders: [a.item] }, LOCALE));
    case 'product':
      return guarded(db, scope, products, a.id, a.updatedAt, () => ingestProducts(db, scope, { products: [a.item] }, LOCALE));
    case 'checkout':
      return outcomeOf(await ingestEvents(db, scope, { events: [a.item] }, LOCALE));
    case 'consent':
      return applyConsent(db, scope, w.platform, a);
    case 'refund':
      return applyRefund(db, scope, a);
    case 'delete-customer':
      // The platform's customer record goes; a subscriber's consent, given to the store, stays.
      if (a.id) await db.delete(customers).where(scope.where(customers, eq(customers.externalId, a.id)));
      return applied;
    case 'delete-product':
      // Variants go with it; e-mails that showed it warn that it left the catalogue.
      if (a.id) await db.delete(products).where(scope.where(products, eq(products.externalId, a.id)));
      return applied;
    case 'uninstall':
      await pauseUninstalledStore(db, scope, w.platform);
      log.info({ shopId: scope.shopId, platform: w.platform }, 'store uninstalled the app: sends and flows paused');
      return applied;
    case 'data-request': {
      const answer = await answerDataRequest(db, scope, a);
      log.info({ shopId: scope.shopId, eventId: w.eventId, requestId: a.requestId }, 'customer data request answered');
      return { error: null, answer: JSON.stringify(answer) };
    }
    case 'redact-customer': {
      const removed = await redactCustomer(db, scope, a);
      log.info({ shopId: scope.shopId, eventId: w.eventId, ...removed }, 'customer redacted');
      return { error: null, answer: JSON.stringify(removed) };
    }
    case 'redact-shop':
      // Sent 48 hours after an uninstall. The store here is its owner's account, kept as the
      // uninstall left it; deleting it stays the owner's decision.
      log.info({ shopId: scope.shopId, eventId: w.eventId }, 'shop redact received');
      return { error: null, answer: JSON.stringify({ kept: 'store account; its owner deletes it' }) };
    case 'skip':
      return { error: a.reason, answer: null };
  }
}

type Versioned = typeof customers | typeof orders | typeof products;

/**
 * Runs the writer unless the stored record is newer than this webhook's `updated_at`, then keeps
 * that time on the record. The record's row is locked first, so the sync cannot slip in between.
 */
async function guarded(db: Db, scope: ShopScope, table: Versioned, id: string, at: Date | null, write: () => Promise<IngestResult>): Promise<WebhookOutcome> {
  if (id && at) {
    const { rows } = (await db.execute(sql`select ${table.platformUpdatedAt} as at from ${table}
      where ${table.shopId} = ${scope.shopId} and ${table.externalId} = ${id} for update`)) as unknown as { rows: { at: string | Date | null }[] };
    const stored = rows[0]?.at;
    if (stored && new Date(stored).getTime() > at.getTime()) return { error: 'older than the stored record', answer: null };
  }
  const outcome = outcomeOf(await write());
  if (!outcome.error && id && at) await keepPlatformTime(db, scope, table, id, at);
  return outcome;
}

async function keepPlatformTime(db: Db, scope: ShopScope, table: Versioned, id: string, at: Date) {
  await db.execute(sql`update ${table} set platform_updated_at = greatest(${table.platformUpdatedAt}, ${at.toISOString()}::timestamptz)
    where ${table.shopId} = ${scope.shopId} and ${table.externalId} = ${id}`);
}

function outcomeOf(r: IngestResult): WebhookOutcome {
  const reason = r.rejected[0]?.reason;
  return reason ? { error: reason.slice(0, 500), answer: null } : applied;
}

/**
 * A refund takes its amount off the stored order through the order writer (which recomputes the
 * subscriber's total spent); an order refunded in full becomes `refunded`. An order already
 * written by a webhook from after the refund has it in its current total, and is left alone.
 */
async function applyRefund(db: Db, scope: ShopScope, a: Extract<WebhookAction, { kind: 'refund' }>): Promise<WebhookOutcome> {
  const [o] = await db.select().from(orders).where(scope.where(orders, eq(orders.externalId, a.orderId))).for('update');
  if (!o) return { error: 'refund of an order not known here', answer: null };
  if (o.platformUpdatedAt && o.platformUpdatedAt.getTime() >= a.at.getTime()) return applied;
  const items = await db.select().from(orderItems).where(scope.where(orderItems, eq(orderItems.orderId, o.id)));
  const total = Math.max(0, o.total - a.amount);
  const item = {
    id: o.externalId, customer_id: o.customerRef ?? undefined, email: o.email ?? undefined, currency: o.currency, total,
    status: total === 0 ? 'refunded' : o.status, placed_at: o.placedAt.toISOString(),
    items: items.map((i) => ({ product_id: i.productId, title: i.title, quantity: i.quantity, price: i.price })),
  };
  const outcome = outcomeOf(await ingestOrders(db, scope, { orders: [item] }, LOCALE));
  if (!outcome.error) await keepPlatformTime(db, scope, orders, o.externalId, a.at);
  return outcome;
}

/**
 * A consent change goes through the customer writer with the customer as stored (the writer
 * replaces names and attributes it is not sent), its consent applied on consent's own clock
 * (`writeCustomerWithConsent`). The customer's platform time is left alone.
 */
async function applyConsent(db: Db, scope: ShopScope, platform: string, a: Extract<WebhookAction, { kind: 'consent' }>): Promise<WebhookOutcome> {
  if (!a.id) return { error: 'consent without customer id', answer: null };
  const [c] = await db.select().from(customers).where(scope.where(customers, eq(customers.externalId, a.id))).for('update');
  const item = {
    id: a.id,
    email: a.email ?? c?.email ?? undefined,
    phone: a.phone ?? c?.phone ?? undefined,
    ...(c ? { first_name: c.firstName, last_name: c.lastName, attributes: c.attributes } : {}),
  };
  return outcomeOf(await writeCustomerWithConsent(db, scope, item, a.consent, platform, LOCALE));
}
