import type { AiChoice, AiReason, FlowAiNote, FlowKind } from '@storecast/contract';
import { flows, type ShopScope, subscribers } from '@storecast/db';
import { and, count, eq } from 'drizzle-orm';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { activityLevelIn } from '../audience/index.ts';
import { defaultFlowDefinition, firstWaitOf, type FlowTiming, KINDS_WITH_COUPON } from './default-flows.ts';
import { publishFlow } from './publish-flow.ts';
import { ensureFlows, type FlowRow, readStoreFacts, readStoreLanguage } from './read-flows.ts';
import { checkCanEnable } from './switch-flow.ts';

/** What AI strategy management reads about the store before it chooses. */
interface StoreSignals {
  subscribed: number;
  /** Share of subscribed at activity level S or A, in percent. */
  engagedShare: number;
  events: { added_to_cart: number; viewed_product: number; started_checkout: number };
  orders: number;
  birthdays: number;
}

const DAY = 86_400_000;

async function readSignals(deps: Deps, scope: ShopScope, now: Date): Promise<StoreSignals> {
  const { db } = deps.dbh;
  const subscribed = and(eq(subscribers.status, 'subscribed'));
  const [[all], [engaged], ev, ord, bd] = await Promise.all([
    db.select({ n: count() }).from(subscribers).where(scope.where(subscribers, subscribed)),
    db.select({ n: count() }).from(subscribers).where(scope.where(subscribers, subscribed, activityLevelIn(['S', 'A']))),
    deps.dbh.query<{ type: string; n: number }>(
      `select type, count(*)::int as n from events where shop_id = $1 and occurred_at >= $2
       and type in ('added_to_cart', 'viewed_product', 'started_checkout') group by type`,
      [scope.shopId, new Date(now.getTime() - 90 * DAY)]),
    deps.dbh.query<{ n: number }>(`select count(*)::int as n from orders where shop_id = $1 and status = 'paid'`, [scope.shopId]),
    deps.dbh.query<{ n: number }>(
      `select count(*)::int as n from subscribers where shop_id = $1 and status = 'subscribed' and coalesce(attributes->>'birthday', '') <> ''`,
      [scope.shopId]),
  ]);
  const events = { added_to_cart: 0, viewed_product: 0, started_checkout: 0 };
  for (const r of ev.rows) events[r.type as keyof typeof events] = r.n;
  const n = all?.n ?? 0;
  return {
    subscribed: n, engagedShare: n ? Math.round(((engaged?.n ?? 0) * 100) / n) : 0, events, orders: ord.rows[0]?.n ?? 0, birthdays: bd.rows[0]?.n ?? 0,
  };
}

/** Whether a kind has what it needs to run in this store, and why, as a key under notices.automation.ai and its count. */
function decide(kind: FlowKind, s: StoreSignals): { enable: boolean; why: string; count: number } {
  switch (kind) {
    case 'welcome': return { enable: true, why: 'welcome', count: s.subscribed };
    case 'abandoned-cart': return s.events.added_to_cart ? { enable: true, why: 'cartYes', count: s.events.added_to_cart } : { enable: false, why: 'cartNo', count: 0 };
    case 'browse-abandonment': return s.events.viewed_product ? { enable: true, why: 'browseYes', count: s.events.viewed_product } : { enable: false, why: 'browseNo', count: 0 };
    case 'abandoned-checkout': return s.events.started_checkout ? { enable: true, why: 'checkoutYes', count: s.events.started_checkout } : { enable: false, why: 'checkoutNo', count: 0 };
    case 'post-purchase':
    case 'win-back': return s.orders ? { enable: true, why: 'ordersYes', count: s.orders } : { enable: false, why: 'ordersNo', count: 0 };
    case 'birthday': return s.birthdays ? { enable: true, why: 'birthdayYes', count: s.birthdays } : { enable: false, why: 'birthdayNo', count: 0 };
  }
}

/** An engaged list (at least half at S or A) answers sooner: the cart reminder comes after 2 hours instead of 4. */
function timingFor(kind: FlowKind, s: StoreSignals): FlowTiming {
  if (kind === 'abandoned-cart' && s.engagedShare >= 50) return { firstWait: { amount: 2, unit: 'hours' } };
  if (kind === 'win-back') return { winBackDays: 60 };
  return {};
}

/** The owner edited the flow after AI's last change (or AI never changed it and the owner did). */
const ownerHasIt = (f: FlowRow) => !!f.ownerChangedAt && (!f.aiChangedAt || f.ownerChangedAt > f.aiChangedAt);

/**
 * AI strategy management (SPEC section 1): from the store's own data it chooses which flows to
 * run, their first wait, a discount (one of the store's presets, never above 30 %) and their
 * copy in the store's language, and records what it chose and why on each flow as data (message
 * keys and values), which each reader reads in their own language. A flow the owner edited after
 * AI's last change keeps the owner's version; AI only notes it. Turning a flow on follows the
 * same checks as the switch (sender, domain, volume); a flow it cannot turn on gets a note saying
 * why.
 *
 * `review` is the daily pass while AI management stays on (`reviewAiManagedStores`): it only
 * turns on flows the store's data now supports (the first orders make post-purchase and win-back
 * worth running) and leaves every flow already on, already decided or the owner's alone, so the
 * copy of a running flow is not rewritten every day.
 */
export async function manageWithAi(deps: Deps, scope: ShopScope, now = new Date(), opts: { review?: boolean } = {}): Promise<void> {
  const ai = (key: string, params: Record<string, string | number> = {}): AiReason => ({ key: `notices.automation.ai.${key}`, params });
  const signals = await readSignals(deps, scope, now);
  let blocked: AiReason | null = null;
  try {
    await checkCanEnable(deps, scope);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    blocked = { key: err.key, params: err.params ?? {} };
  }
  const language = await readStoreLanguage(deps, scope);
  const all = await ensureFlows(deps, scope);
  const rows = opts.review
    ? all.filter((f) => f.status === 'off' && !ownerHasIt(f) && !blocked && decide(f.kind as FlowKind, signals).enable)
    : all;
  if (rows.length === 0) return;
  const facts = await readStoreFacts(deps, scope);
  const at = now.toISOString();
  // Copy for every flow AI may change at once: with an API configured each is a round trip.
  const written = await Promise.all(rows.map((flow) => {
    const kind = flow.kind as FlowKind;
    if (ownerHasIt(flow)) return null;
    const coupon = KINDS_WITH_COUPON.includes(kind) ? facts.coupon : null;
    return defaultFlowDefinition(deps, kind, { ...facts, coupon }, timingFor(kind, signals));
  }));
  for (const [i, flow] of rows.entries()) {
    const kind = flow.kind as FlowKind;
    if (!written[i]) {
      const note: FlowAiNote = { at, by: 'built-in', outcome: 'ownerEdited', reason: null, choices: [] };
      await deps.dbh.db.update(flows).set({ aiNote: note }).where(scope.where(flows, eq(flows.id, flow.id)));
      continue;
    }
    const d = decide(kind, signals);
    const timing = timingFor(kind, signals);
    const { definition, by } = written[i]!;
    const dataSays = ai(d.why, { count: d.count });
    const choices: AiChoice[] = [{ field: 'enabled', on: d.enable, why: dataSays }];
    const wait = timing.firstWait ?? firstWaitOf(kind);
    if (wait) {
      choices.push({
        field: 'first_wait', amount: wait.amount, unit: wait.unit,
        why: timing.firstWait ? ai('waitEngaged', { share: signals.engagedShare }) : ai('waitUsual'),
      });
    }
    if (kind === 'win-back') choices.push({ field: 'win_back_days', days: timing.winBackDays ?? 60, why: ai('winBack', { days: timing.winBackDays ?? 60 }) });
    if (KINDS_WITH_COUPON.includes(kind)) {
      choices.push(facts.coupon
        ? { field: 'coupon', code: facts.coupon.code, discount: facts.coupon.discount, why: ai('coupon') }
        : { field: 'coupon', code: null, discount: null, why: ai('noCoupon') });
    }
    choices.push({ field: 'copy', by, language });
    await deps.dbh.db.update(flows).set({ draft: definition as unknown as Record<string, unknown>, aiChangedAt: now, updatedAt: now })
      .where(scope.where(flows, eq(flows.id, flow.id)));
    let outcome: FlowAiNote['outcome'];
    let reason: AiReason | null = null;
    const wasOn = flow.status === 'on';
    try {
      if (d.enable && !blocked) {
        await publishFlow(deps, scope, flow.id);
        await deps.dbh.query(
          `update flows set status = 'on', enabled_at = coalesce(enabled_at, now()), updated_at = now() where id = $1 and shop_id = $2`,
          [flow.id, scope.shopId]);
        outcome = wasOn ? 'stayedOn' : 'enabled';
      } else {
        // A flow already on keeps running, on the new copy.
        if (wasOn) await publishFlow(deps, scope, flow.id);
        outcome = wasOn ? 'stayedOn' : d.enable ? 'blocked' : 'keptOff';
        reason = wasOn ? null : d.enable ? blocked : dataSays;
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      outcome = 'blocked';
      reason = { key: err.key, params: err.params ?? {} };
    }
    const note: FlowAiNote = { at, by, outcome, reason, choices };
    await deps.dbh.db.update(flows).set({ aiNote: note }).where(scope.where(flows, eq(flows.id, flow.id)));
  }
}
