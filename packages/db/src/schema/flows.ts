import { sql } from 'drizzle-orm';
import {
  bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { subscribers } from './audience.ts';
import { shops } from './shops.ts';

/** The flows every store has, one of each (Smart Send, /automation). */
export type FlowKind =
  | 'welcome' | 'abandoned-cart' | 'browse-abandonment' | 'abandoned-checkout' | 'post-purchase' | 'win-back' | 'birthday';
export type FlowStatus = 'off' | 'on';
export type FlowRunStatus = 'active' | 'completed' | 'exited' | 'failed';
export type FlowStepType = 'wait' | 'email' | 'sms' | 'split';

/**
 * A Smart Send flow. `draft` is the definition being edited (the contract's `flowDefinitionSchema`);
 * publishing it writes a new `flow_versions` row, and `live_version_id` is what new runs enter.
 * Runs keep the version they entered, so editing a live flow never moves a run onto steps it
 * has not seen.
 */
export const flows = pgTable(
  'flows',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<FlowKind>().notNull(),
    status: text('status').$type<FlowStatus>().notNull().default('off'),
    draft: jsonb('draft').$type<Record<string, unknown>>().notNull(),
    liveVersionId: uuid('live_version_id'),
    /** What AI strategy management chose for this flow and why (the contract's `flowAiNoteSchema`). */
    aiNote: jsonb('ai_note').$type<Record<string, unknown>>(),
    /** When AI management last changed the flow; an owner's edit after it keeps AI off its copy. */
    aiChangedAt: timestamp('ai_changed_at', { withTimezone: true }),
    ownerChangedAt: timestamp('owner_changed_at', { withTimezone: true }),
    enabledAt: timestamp('enabled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('flows_shop_kind_uq').on(t.shopId, t.kind)],
);

/** A published definition of a flow, never changed after it is written. */
export const flowVersions = pgTable(
  'flow_versions',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('flow_versions_flow_number_uq').on(t.flowId, t.number)],
);

/**
 * One step of a published version, flattened from the definition's tree. Its id is the send id
 * the delivery engine knows an e-mail or SMS step by (deliveries.strategy_id, strategy_links), so
 * the engine compiles a step's e-mail once and a report counts a step from its deliveries.
 */
export const flowSteps = pgTable(
  'flow_steps',
  {
    id: id(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').notNull().references(() => flowVersions.id, { onDelete: 'cascade' }),
    /** The step's key in the definition (stable across versions while the owner keeps the step). */
    key: text('key').notNull(),
    type: text('type').$type<FlowStepType>().notNull(),
    /** The step's settings from the definition (wait length, e-mail, SMS text, split condition). */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    /** Where a run goes next; a split's `next` is its "yes" branch and `other` its "no" branch. Null ends the run. */
    nextId: uuid('next_id'),
    otherId: uuid('other_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('flow_steps_version_key_uq').on(t.versionId, t.key),
    // A flow's steps over all its versions, for its report and list.
    index('flow_steps_shop_flow_idx').on(t.shopId, t.flowId),
  ],
);

/**
 * A subscriber's way through a flow: the step due next and when. Workers claim due runs in
 * batches (FOR UPDATE SKIP LOCKED, with a lease), so a crash repeats at most the batch in flight,
 * and a step's delivery is unique per run and step, so a repeat sends nothing twice.
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id').notNull().references(() => flows.id, { onDelete: 'cascade' }),
    versionId: uuid('version_id').notNull().references(() => flowVersions.id, { onDelete: 'cascade' }),
    subscriberId: bigint('subscriber_id', { mode: 'number' }).notNull().references(() => subscribers.id, { onDelete: 'cascade' }),
    /** What started the run (`event:<id>`, `order:<id>`, `signup`, `birthday:<year>`): entering twice on it adds nothing. */
    triggerKey: text('trigger_key').notNull(),
    status: text('status').$type<FlowRunStatus>().notNull().default('active'),
    stepId: uuid('step_id'),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** Why the run ended early (an exit rule, unsubscribed, the flow turned off). */
    endReason: text('end_reason'),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('flow_runs_trigger_uq').on(t.flowId, t.subscriberId, t.triggerKey),
    // One active run per flow and subscriber: a shopper adding five items is one abandoned cart.
    uniqueIndex('flow_runs_active_uq').on(t.flowId, t.subscriberId).where(sql`${t.status} = 'active'`),
    index('flow_runs_due_idx').on(t.dueAt).where(sql`${t.status} = 'active'`),
    index('flow_runs_shop_flow_idx').on(t.shopId, t.flowId, t.enteredAt),
  ],
);

/**
 * What each step did for each run: sent, waited, took a branch, or skipped and why (frequency
 * cap, quiet hours, no consent, no volume). Unique per run and step, so a repeat writes it once;
 * the report counts "entered" and "skipped" from here.
 */
export const flowRunSteps = pgTable(
  'flow_run_steps',
  {
    runId: bigint('run_id', { mode: 'number' }).notNull().references(() => flowRuns.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id').notNull().references(() => flowSteps.id, { onDelete: 'cascade' }),
    shopId: uuid('shop_id').notNull().references(() => shops.id, { onDelete: 'cascade' }),
    flowId: uuid('flow_id').notNull(),
    outcome: text('outcome').$type<'sent' | 'waited' | 'yes' | 'no' | 'skipped' | 'delayed'>().notNull(),
    /** Why a step was skipped or delayed: a message key's last part (frequency, quiet-hours, no-consent, no-volume …). */
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('flow_run_steps_uq').on(t.runId, t.stepId),
    index('flow_run_steps_flow_idx').on(t.shopId, t.flowId, t.stepId),
  ],
);
