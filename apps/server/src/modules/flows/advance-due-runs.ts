import {
  type ActivityLevel, type AutomationSettings, type FlowSkipReason, type SplitCondition,
  callingCodeOfZone, toE164, waitMinutes, type WaitStep,
} from '@storecast/contract';
import type { RawConnection } from '@storecast/db';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Deps } from '../../deps.ts';
import { activityLevelSql } from '../audience/index.ts';
import { reserveVolume } from '../billing/index.ts';
import { queueDelivery, smsUnits } from '../delivery/index.ts';
import { loadFlowVersions, type RuntimeStep, type RuntimeVersion } from './load-flow-version.ts';
import { FLOW_EMAIL, FLOW_SMS } from './flow-source-kinds.ts';
import { quietHoursEnd } from './quiet-hours.ts';
import { parseAutomationSettings } from './read-automation-settings.ts';

const LEVEL_SQL = new PgDialect().sqlToQuery(activityLevelSql()).sql;
/** Steps one claim may run for a run back to back (e-mail, split, SMS…) before it must wait. */
const MAX_STEPS_PER_CLAIM = 32;

interface ClaimedRun {
  id: number;
  shop_id: string;
  flow_id: string;
  version_id: string;
  subscriber_id: number;
  step_id: string | null;
  flow_status: string;
}

/** What the steps need to know about the subscriber and the run, read once per batch. */
interface RunFacts {
  run_id: number;
  status: string;
  email: string | null;
  phone: string | null;
  sms_status: string | null;
  level: ActivityLevel;
  purchased: boolean;
  opened: boolean;
  clicked: boolean;
  mail_pending: boolean;
  last_mailed_at: Date | string | null;
  week_count: number;
}

interface ShopFacts {
  timezone: string;
  settings: AutomationSettings;
  /** Volume left to reserve in this batch (the packs are locked for it). */
  available: number;
}

type Outcome = 'sent' | 'waited' | 'yes' | 'no' | 'skipped' | 'delayed';

export interface AdvanceResult {
  /** Runs this call took. */
  claimed: number;
  /** E-mail and SMS deliveries written. */
  queued: number;
}

/**
 * One batch of due runs, in one transaction: claim (FOR UPDATE SKIP LOCKED, so workers never
 * share a run, and the row locks are the lease: a worker that dies rolls its batch back and the
 * runs are due again), run each step, write what it did (`flow_run_steps`, unique per run and
 * step) and move the run on. E-mail and SMS steps write a delivery (unique per run and step) and
 * reserve its volume in the same transaction; the delivery engine is woken after the commit.
 * A run moves through e-mails and splits back to back and stops at a wait, a delay or the end.
 */
export async function advanceDueRuns(deps: Deps, opts: { now?: Date; limit?: number } = {}): Promise<AdvanceResult> {
  const now = opts.now ?? new Date();
  const limit = opts.limit ?? 200;
  const wake = new Map<string, string>();
  const result = await deps.dbh.transaction(async (c) => {
    const { rows: runs } = await c.query<ClaimedRun>(
      `select r.id, r.shop_id, r.flow_id, r.version_id, r.subscriber_id, r.step_id, f.status as flow_status
       from flow_runs r join flows f on f.id = r.flow_id
       where r.status = 'active' and r.due_at <= $1
         -- A store not authorised (its platform app uninstalled) is paused: its runs wait.
         and not exists (select 1 from shops sh where sh.id = r.shop_id and sh.install_status <> 1)
       order by r.due_at limit $2 for update of r skip locked`,
      [now.toISOString(), limit],
    );
    if (runs.length === 0) return { claimed: 0, queued: 0 };
    const versions = await loadFlowVersions(c, runs.map((r) => r.version_id));
    const shops = await readShops(c, [...new Set(runs.map((r) => r.shop_id))]);
    const facts = await readFacts(c, runs.map((r) => Number(r.id)));
    const batch = new Batch(deps, now, shops);
    for (const run of runs) {
      const f = facts.get(Number(run.id));
      const v = versions.get(run.version_id);
      batch.advance({ ...run, id: Number(run.id), subscriber_id: Number(run.subscriber_id) }, v, f);
    }
    const queued = await batch.write(c);
    for (const [stepId, kind] of queued.steps) wake.set(stepId, kind);
    return { claimed: runs.length, queued: queued.count };
  });
  for (const [stepId, kind] of wake) await queueDelivery(deps, kind, stepId);
  return result;
}

async function readShops(c: RawConnection, ids: string[]): Promise<Map<string, ShopFacts>> {
  const { rows } = await c.query<{ id: string; timezone: string; automation: unknown }>(
    `select id, timezone, automation from shops where id = any($1::uuid[])`, [ids],
  );
  // The packs are locked for the batch (shop by shop, in one order, so two workers cannot
  // deadlock): what is decided here is what reserveVolume takes at the end.
  const { rows: packs } = await c.query<{ shop_id: string; available: number }>(
    `select shop_id, greatest(remaining - waiting, 0)::int as available from send_packages
     where shop_id = any($1::uuid[]) and expires_at > now() order by shop_id, expires_at, id for update`,
    [ids],
  );
  const out = new Map<string, ShopFacts>();
  for (const r of rows) {
    out.set(r.id, {
      timezone: r.timezone,
      settings: parseAutomationSettings((r.automation ?? {}) as Record<string, unknown>),
      available: packs.filter((p) => p.shop_id === r.id).reduce((a, p) => a + Number(p.available), 0),
    });
  }
  return out;
}

async function readFacts(c: RawConnection, runIds: number[]): Promise<Map<number, RunFacts>> {
  const { rows } = await c.query<RunFacts>(
    `select r.id as run_id, subscribers.status, subscribers.email, subscribers.phone, subscribers.sms_status, ${LEVEL_SQL} as level,
       exists (select 1 from orders o where o.shop_id = r.shop_id and o.subscriber_id = r.subscriber_id and o.placed_at >= r.entered_at) as purchased,
       exists (select 1 from deliveries d where d.run_id = r.id and d.opened_at is not null) as opened,
       exists (select 1 from deliveries d where d.run_id = r.id and d.clicked_at is not null) as clicked,
       exists (select 1 from deliveries d where d.subscriber_id = r.subscriber_id and d.channel = 'email' and d.status in ('queued', 'sending')) as mail_pending,
       (select max(d.sent_at) from deliveries d where d.subscriber_id = r.subscriber_id and d.channel = 'email') as last_mailed_at,
       (select count(*)::int from deliveries d where d.subscriber_id = r.subscriber_id and d.channel = 'email' and d.run_id is not null
          and (d.status in ('queued', 'sending') or d.sent_at > now() - interval '7 days')) as week_count
     from flow_runs r join subscribers on subscribers.id = r.subscriber_id
     where r.id = any($1::bigint[])`,
    [runIds],
  );
  return new Map(rows.map((r) => [Number(r.run_id), r]));
}

interface NewDelivery {
  shopId: string;
  stepId: string;
  subscriberId: number;
  channel: 'email' | 'sms';
  email: string | null;
  phone: string | null;
  units: number;
  runId: number;
}

/** The batch's decisions, written with one statement per table at the end. */
class Batch {
  private steps: { runId: number; stepId: string; shopId: string; flowId: string; outcome: Outcome; reason: string | null }[] = [];
  private runs: { id: number; status: string; stepId: string | null; dueAt: Date; endReason: string | null }[] = [];
  private deliveries: NewDelivery[] = [];
  /** Subscribers mailed by this batch: smart sending and the weekly cap see them at once. */
  private mailed = new Map<number, number>();

  constructor(private deps: Deps, private now: Date, private shops: Map<string, ShopFacts>) {}

  advance(run: ClaimedRun & { id: number; subscriber_id: number }, v: RuntimeVersion | undefined, f: RunFacts | undefined) {
    // An early end keeps the step the run stood at (the report shows where runs left).
    const end = (status: string, reason: string | null, at: string | null = run.step_id) =>
      this.runs.push({ id: run.id, status, stepId: at, dueAt: this.now, endReason: reason });
    if (!v || !f) return end('failed', 'missing');
    if (run.flow_status !== 'on') return end('exited', 'flow-off');
    if (v.exitOnPurchase && f.purchased) return end('exited', 'purchased');
    const shop = this.shops.get(run.shop_id)!;
    let stepId = run.step_id;
    for (let i = 0; i < MAX_STEPS_PER_CLAIM; i++) {
      if (!stepId) return end('completed', null, null);
      const step = v.steps.get(stepId);
      if (!step) return end('failed', 'step-missing');
      const record = (outcome: Outcome, reason: string | null = null) =>
        this.steps.push({ runId: run.id, stepId: step.id, shopId: run.shop_id, flowId: run.flow_id, outcome, reason });
      if (step.type === 'wait') {
        record('waited');
        const minutes = waitMinutes(step.config as Pick<WaitStep, 'amount' | 'unit'>);
        return this.runs.push({ id: run.id, status: 'active', stepId: step.nextId, dueAt: new Date(this.now.getTime() + minutes * 60_000), endReason: null });
      }
      if (step.type === 'split') {
        const yes = splitAnswer(step.config.condition as SplitCondition, f);
        record(yes ? 'yes' : 'no');
        stepId = yes ? step.nextId : step.otherId;
        continue;
      }
      if (step.type === 'sms') {
        const until = quietHoursEnd(this.now, shop.timezone, shop.settings.sms_quiet_hours);
        if (until) {
          record('delayed', 'quiet-hours');
          return this.runs.push({ id: run.id, status: 'active', stepId: step.id, dueAt: until, endReason: null });
        }
      }
      const skip = step.type === 'email' ? this.email(run, step, f, shop) : this.sms(run, step, f, shop);
      record(skip ? 'skipped' : 'sent', skip);
      stepId = step.nextId;
    }
    // A definition cannot be this long (FLOW_LIMITS.steps); go on at the next claim all the same.
    this.runs.push({ id: run.id, status: 'active', stepId, dueAt: this.now, endReason: null });
  }

  /** Null when the e-mail is written, else why it is skipped. */
  private email(run: { id: number; shop_id: string; subscriber_id: number }, step: RuntimeStep, f: RunFacts, shop: ShopFacts): FlowSkipReason | null {
    if (!step.config.content || !String(step.config.title ?? '').trim()) return 'content-missing';
    if (!f.email) return 'no-email';
    if (f.status !== 'subscribed') return 'not-subscribed';
    const hours = shop.settings.smart_sending_hours;
    const mailedHere = this.mailed.get(run.subscriber_id) ?? 0;
    const last = f.last_mailed_at ? new Date(f.last_mailed_at).getTime() : null;
    if (hours > 0 && (mailedHere > 0 || f.mail_pending || (last !== null && last > this.now.getTime() - hours * 3_600_000))) return 'frequency';
    if (f.week_count + mailedHere >= shop.settings.weekly_caps[f.level]) return 'weekly-cap';
    if (shop.available < 1) return 'no-volume';
    shop.available -= 1;
    this.mailed.set(run.subscriber_id, mailedHere + 1);
    this.deliveries.push({ shopId: run.shop_id, stepId: step.id, subscriberId: run.subscriber_id, channel: 'email', email: f.email, phone: null, units: 1, runId: run.id });
    return null;
  }

  private sms(run: { id: number; shop_id: string; subscriber_id: number }, step: RuntimeStep, f: RunFacts, shop: ShopFacts): FlowSkipReason | null {
    const text = String(step.config.text ?? '');
    if (!text.trim()) return 'content-missing';
    // Providers take E.164 only; a national number takes the store's country (its time zone).
    const phone = f.phone ? toE164(f.phone, callingCodeOfZone(shop.timezone)) : null;
    if (!phone) return 'no-phone';
    if (f.sms_status !== 'subscribed') return 'no-sms-consent';
    // Charged by the text as written: personal fields change a message's length only slightly.
    const units = smsUnits(this.deps.config, text);
    if (shop.available < units) return 'no-volume';
    shop.available -= units;
    this.deliveries.push({ shopId: run.shop_id, stepId: step.id, subscriberId: run.subscriber_id, channel: 'sms', email: null, phone, units, runId: run.id });
    return null;
  }

  async write(c: RawConnection): Promise<{ count: number; steps: Map<string, string> }> {
    const wake = new Map<string, string>();
    let count = 0;
    if (this.deliveries.length > 0) {
      const d = this.deliveries;
      const { rows } = await c.query<{ shop_id: string; strategy_id: string; channel: string; units: number }>(
        `insert into deliveries (shop_id, strategy_id, subscriber_id, channel, email, phone, units, run_id)
         select * from unnest($1::uuid[], $2::uuid[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::int[], $8::bigint[])
         on conflict do nothing
         returning shop_id, strategy_id, channel, units`,
        [d.map((x) => x.shopId), d.map((x) => x.stepId), d.map((x) => x.subscriberId), d.map((x) => x.channel),
          d.map((x) => x.email), d.map((x) => x.phone), d.map((x) => x.units), d.map((x) => x.runId)],
      );
      const units = new Map<string, number>();
      for (const r of rows) {
        units.set(r.shop_id, (units.get(r.shop_id) ?? 0) + Number(r.units));
        wake.set(r.strategy_id, r.channel === 'sms' ? FLOW_SMS : FLOW_EMAIL);
      }
      for (const [shopId, n] of units) await reserveVolume(c, shopId, n);
      count = rows.length;
    }
    if (this.steps.length > 0) {
      const s = this.steps;
      // A step delayed by quiet hours is written again when it runs: the row says what it finally did.
      await c.query(
        `insert into flow_run_steps (run_id, step_id, shop_id, flow_id, outcome, reason, at)
         select v.run_id, v.step_id, v.shop_id, v.flow_id, v.outcome, v.reason, $7::timestamptz from unnest($1::bigint[], $2::uuid[], $3::uuid[], $4::uuid[], $5::text[], $6::text[])
           as v(run_id, step_id, shop_id, flow_id, outcome, reason)
         on conflict (run_id, step_id) do update set outcome = excluded.outcome, reason = excluded.reason, at = excluded.at`,
        [s.map((x) => x.runId), s.map((x) => x.stepId), s.map((x) => x.shopId), s.map((x) => x.flowId), s.map((x) => x.outcome),
          s.map((x) => x.reason), this.now.toISOString()],
      );
    }
    const r = this.runs;
    await c.query(
      `update flow_runs r set status = v.status, step_id = v.step_id, due_at = v.due_at, end_reason = v.end_reason, lease_until = null, updated_at = now()
       from unnest($1::bigint[], $2::text[], $3::uuid[], $4::timestamptz[], $5::text[]) as v(id, status, step_id, due_at, end_reason)
       where r.id = v.id`,
      [r.map((x) => x.id), r.map((x) => x.status), r.map((x) => x.stepId), r.map((x) => x.dueAt.toISOString()), r.map((x) => x.endReason)],
    );
    return { count, steps: wake };
  }
}

function splitAnswer(condition: SplitCondition, f: RunFacts): boolean {
  if (condition === 'opened') return f.opened || f.clicked;
  if (condition === 'clicked') return f.clicked;
  return f.purchased;
}
