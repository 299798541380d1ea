import { shopScope, strategies } from '@storecast/db';
import { eq } from 'drizzle-orm';
import type { DeliverySource } from '../delivery/index.ts';
import { loadSendPlan } from './load-send-context.ts';
import { SEGMENT_SEND } from './segment-send-kind.ts';
import { stopStrategy } from './stop-strategy.ts';

/**
 * Strategies (Segment Send and Element Send) as a source of the delivery engine: a strategy is a
 * send, its id the send id; an Element Send's plan renders each delivery by its variant.
 * The engine reads the strategy's state and plan here and reports back; the strategy record
 * (status, times, failure) is only ever written by this module.
 */
export const segmentSendSource: DeliverySource = {
  kind: SEGMENT_SEND,
  channel: 'email',

  async state(deps, sendId) {
    const [s] = await deps.dbh.db.select({ shopId: strategies.shopId, status: strategies.status, startedAt: strategies.startedAt })
      .from(strategies).where(eq(strategies.id, sendId));
    if (!s || s.status !== 'sending') return null;
    // A strategy sent again (terminated, edited, restarted) gets a new start time: a new plan.
    return { shopId: s.shopId, version: String(s.startedAt?.getTime()) };
  },

  async load(deps, sendId) {
    const [s] = await deps.dbh.db.select({ shopId: strategies.shopId }).from(strategies).where(eq(strategies.id, sendId));
    return loadSendPlan(deps, shopScope(s?.shopId ?? ''), sendId);
  },

  async listSending(deps) {
    const rows = await deps.dbh.db.select({ id: strategies.id }).from(strategies).where(eq(strategies.status, 'sending'));
    return rows.map((r) => r.id);
  },

  sql: {
    isSending: (id) => `exists (select 1 from strategies s where s.id = ${id} and s.status = 'sending')`,
    hasEnded: (id) => `exists (select 1 from strategies s where s.id = ${id} and s.status in ('terminated', 'exception', 'completed'))`,
  },

  async onEvent(deps, sendId, event) {
    if (event.type === 'completed') {
      await deps.dbh.query(
        `update strategies set status = 'completed', finished_at = now(), updated_at = now() where id = $1 and status = 'sending'`,
        [sendId],
      );
      return;
    }
    const [s] = await deps.dbh.db.select({ shopId: strategies.shopId }).from(strategies).where(eq(strategies.id, sendId));
    if (s) await stopStrategy(deps.dbh, s.shopId, sendId, { status: 'exception', failure: event.reason });
  },
};
