import { type Db, platformWebhooks } from '@storecast/db';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { giveOthersATurn } from '../../db/take-turns.ts';
import type { Deps } from '../../deps.ts';
import type { Job } from '../../job.ts';
import { applyPlatformWebhook, type KeptWebhook, type WebhookOutcome } from './apply-platform-webhook.ts';

/** How often a worker looks for webhooks kept by another process (an API-only one). */
const POLL_MS = 1000;
/** Webhooks one pass applies before the loop looks again (and other work gets the database). */
const PASS_LIMIT = 100;

const wakers = new Set<() => void>();

/**
 * Called by the webhooks' door after it kept one: a worker in this process starts at once
 * instead of at its next look. Workers in other processes find it within POLL_MS.
 */
export function wakePlatformWebhooks() {
  for (const wake of wakers) wake();
}

/**
 * Applies kept platform webhooks (`platform_webhooks` with no `processed_at`), each store's in
 * the order they came. Each webhook is applied and marked processed in one transaction: a worker
 * that dies mid-way rolls both back and the webhook is applied by the next pass, never twice.
 * What fails inside the apply (a payload the writers choke on) is rolled back to a savepoint and
 * recorded as the webhook's error, so one bad payload never stops the webhooks after it.
 */
export const platformWebhookJob: Job = {
  name: 'platform-webhooks',
  async start(deps, log) {
    let stopped = false;
    let wake: () => void = () => {};
    let woken = false;
    const waker = () => {
      woken = true;
      wake();
    };
    wakers.add(waker);
    const running = (async () => {
      while (!stopped) {
        woken = false;
        let full = false;
        try {
          full = (await applyWaitingWebhooks(deps, log, PASS_LIMIT)) === PASS_LIMIT;
        } catch (err) {
          if (!stopped) log.error({ err }, 'applying platform webhooks failed, will retry');
        }
        if (stopped || full || woken) continue;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, POLL_MS);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wake = () => {};
      }
    })();
    return async () => {
      stopped = true;
      wakers.delete(waker);
      wake();
      await running;
    };
  },
};

/** Applies up to `limit` waiting webhooks, one transaction each; returns how many it took. */
export async function applyWaitingWebhooks(deps: Deps, log: FastifyBaseLogger, limit: number): Promise<number> {
  let done = 0;
  while (done < limit) {
    const took = await deps.dbh.db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const w = await claimNext(tx);
      if (!w) return false;
      let outcome: WebhookOutcome;
      try {
        outcome = await tx.transaction((sp) => applyPlatformWebhook(sp as unknown as Db, w, log));
      } catch (err) {
        log.warn({ err, platform: w.platform, eventId: w.eventId, topic: w.topic }, 'platform webhook not applied');
        outcome = { error: `failed: ${err instanceof Error ? err.message : String(err)}`.slice(0, 500), answer: null };
      }
      // The body is not kept once applied: it holds a customer's personal data, which a later
      // redact must be able to remove, and the event id alone keeps a repeat from counting.
      await tx.update(platformWebhooks).set({ processedAt: new Date(), error: outcome.error, answer: outcome.answer, payload: '' })
        .where(and(eq(platformWebhooks.platform, w.platform), eq(platformWebhooks.eventId, w.eventId)));
      return true;
    });
    if (!took) break;
    done += 1;
    // Other requests get a turn between webhooks (the embedded database shares one thread).
    await giveOthersATurn();
  }
  return done;
}

/**
 * The oldest waiting webhook whose store has none older waiting, locked. A webhook another
 * worker holds is skipped, and so are the later ones of its store (the older one is still
 * waiting), so a store's webhooks apply in order while other stores' go on.
 */
async function claimNext(tx: Db): Promise<KeptWebhook | null> {
  const { rows } = (await tx.execute(sql`
    select w.platform, w.event_id as "eventId", w.shop_id as "shopId", w.topic, w.payload
    from platform_webhooks w
    where w.processed_at is null and not exists (
      select 1 from platform_webhooks o where o.shop_id = w.shop_id and o.processed_at is null
        and (o.received_at, o.platform, o.event_id) < (w.received_at, w.platform, w.event_id))
    order by w.received_at, w.platform, w.event_id
    limit 1 for update of w skip locked`)) as unknown as { rows: KeptWebhook[] };
  return rows[0] ?? null;
}
