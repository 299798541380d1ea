import { ingestEventSchema, type Locale } from '@storecast/contract';
import { customers, type Db, events, type ShopScope, subscribers as s } from '@storecast/db';
import { eq, sql } from 'drizzle-orm';
import { checkItems, contactOf, type IngestResult, rejectItem, sortRejected } from './check-items.ts';
import { findSubscriber } from './find-subscriber.ts';
import { giveOthersATurn } from '../../db/take-turns.ts';
import { enterFlowsForEvents, rawConnectionOf } from '../flows/index.ts';

/**
 * Records shopper events; an id already seen is ignored (ON CONFLICT DO NOTHING), so a retried
 * batch adds nothing. Opens and clicks also move the subscriber's last_open_at / last_click_at,
 * which the activity level reads. An event nobody can be matched to is rejected.
 */
export async function ingestEvents(db: Db, scope: ShopScope, raw: unknown, locale: Locale): Promise<IngestResult> {
  const { items, result } = checkItems(raw, 'events', ingestEventSchema, locale);
  for (const { index, item: e } of items) {
    // Other requests get a turn between items (the embedded database shares one thread).
    await giveOthersATurn();
    const contact = contactOf({ email: e.email });
    if ('bad' in contact) {
      rejectItem(result, index, contact.bad, locale, contact.field);
      continue;
    }
    let email = contact.email;
    if (!email && e.customer_id) {
      const [c] = await db.select({ email: customers.email }).from(customers)
        .where(scope.where(customers, eq(customers.externalId, e.customer_id)));
      email = c?.email ?? null;
    }
    const subscriberId = await findSubscriber(db, scope, { customerId: e.customer_id, email });
    if (!subscriberId) {
      rejectItem(result, index, 'errors.ingest.unknownSubscriber', locale);
      continue;
    }
    const at = new Date(e.occurred_at);
    // The event and the flow it starts (abandoned cart, browse, checkout) commit together.
    const inserted = await db.transaction(async (tx) => {
      const rows = await tx.insert(events).values(scope.values({
        subscriberId, type: e.type, occurredAt: at, subject: e.subject ?? null, properties: e.properties ?? null, externalId: e.id,
      })).onConflictDoNothing({ target: [events.shopId, events.externalId] }).returning({ id: events.id });
      await enterFlowsForEvents(rawConnectionOf(tx as unknown as Db), scope.shopId, rows.map((r) => r.id));
      return rows;
    });
    if (inserted.length === 0) continue;
    result.created += 1;
    if (e.type === 'opened') {
      await db.update(s).set({ lastOpenAt: sql`greatest(${s.lastOpenAt}, ${at.toISOString()}::timestamptz)` })
        .where(scope.where(s, eq(s.id, subscriberId)));
    } else if (e.type === 'clicked') {
      // A click implies the message was opened, even when the open pixel was blocked.
      await db.update(s).set({
        lastClickAt: sql`greatest(${s.lastClickAt}, ${at.toISOString()}::timestamptz)`,
        lastOpenAt: sql`greatest(${s.lastOpenAt}, ${at.toISOString()}::timestamptz)`,
      }).where(scope.where(s, eq(s.id, subscriberId)));
    }
  }
  return sortRejected(result);
}
