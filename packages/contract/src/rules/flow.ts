import { z } from 'zod';
import { emailDocSchema } from './email-content.ts';

/**
 * Smart Send flows (SPEC sections 1, 4 and 9; /automation). A flow is a tree of steps: waits,
 * e-mails, SMS and splits with a "yes" and a "no" branch. Each store has one flow of each kind;
 * the kind decides what starts a run and which exit rules make sense.
 */
export const FLOW_KINDS = [
  'welcome', 'abandoned-cart', 'browse-abandonment', 'abandoned-checkout', 'post-purchase', 'win-back', 'birthday',
] as const;
export type FlowKind = (typeof FLOW_KINDS)[number];

export const FLOW_STEP_TYPES = ['wait', 'email', 'sms', 'split'] as const;
export type FlowStepType = (typeof FLOW_STEP_TYPES)[number];

/** What a split asks about the run so far: an e-mail of this run opened or clicked, an order since entering. */
export const SPLIT_CONDITIONS = ['opened', 'clicked', 'purchased'] as const;
export type SplitCondition = (typeof SPLIT_CONDITIONS)[number];

export const WAIT_UNITS = ['minutes', 'hours', 'days'] as const;
export type WaitUnit = (typeof WAIT_UNITS)[number];

/** SPEC section 9: an SMS follows an e-mail still unopened after 6 hours. */
export const SMS_AFTER_UNOPENED_HOURS = 6;
export const FLOW_LIMITS = {
  /** Steps in one flow, branches included. */
  steps: 30,
  /** Splits inside splits. */
  depth: 3,
  /** The longest wait, in minutes (90 days). */
  waitMinutes: 90 * 24 * 60,
  smsText: 670,
  title: 150,
  summary: 200,
  /** Win-back: days without an order. */
  winBackDays: { min: 14, max: 365 },
} as const;

const stepKey = z.string().max(24, { error: 'errors.automation.stepKeyInvalid' }).regex(/^[a-z0-9-]{1,24}$/, { error: 'errors.automation.stepKeyInvalid' });

export const waitStepSchema = z.object({
  key: stepKey,
  type: z.literal('wait'),
  amount: z.number().int().min(1, { error: 'errors.automation.waitInvalid' }).max(FLOW_LIMITS.waitMinutes, { error: 'errors.automation.waitInvalid' }),
  unit: z.enum(WAIT_UNITS),
});

export const emailStepSchema = z.object({
  key: stepKey,
  type: z.literal('email'),
  /** Subject line. */
  title: z.string().trim().max(FLOW_LIMITS.title, { error: 'errors.strategy.titleTooLong' }).default(''),
  /** Preview text. */
  summary: z.string().trim().max(FLOW_LIMITS.summary).default(''),
  content: emailDocSchema.nullable().default(null),
  /** The coupon preset the e-mail's coupon block uses, if any. */
  coupon_id: z.string().max(50).nullable().default(null),
});

export const smsStepSchema = z.object({
  key: stepKey,
  type: z.literal('sms'),
  /** Links in it are shortened through the product's tracked redirect when sent. */
  text: z.string().max(FLOW_LIMITS.smsText, { error: 'errors.automation.smsTooLong' }).default(''),
});

export type WaitStep = z.infer<typeof waitStepSchema>;
export type EmailStep = z.infer<typeof emailStepSchema>;
export type SmsStep = z.infer<typeof smsStepSchema>;
export interface SplitStep {
  key: string;
  type: 'split';
  condition: SplitCondition;
  yes: FlowStep[];
  no: FlowStep[];
}
export type FlowStep = WaitStep | EmailStep | SmsStep | SplitStep;

export const splitStepSchema: z.ZodType<SplitStep> = z.lazy(() =>
  z.object({
    key: stepKey,
    type: z.literal('split'),
    condition: z.enum(SPLIT_CONDITIONS),
    yes: z.array(flowStepSchema).max(FLOW_LIMITS.steps),
    no: z.array(flowStepSchema).max(FLOW_LIMITS.steps),
  }),
) as z.ZodType<SplitStep>;

export const flowStepSchema: z.ZodType<FlowStep> = z.lazy(() =>
  z.union([waitStepSchema, emailStepSchema, smsStepSchema, splitStepSchema]),
) as z.ZodType<FlowStep>;

/** Every step of a tree, depth first, with its depth (0 at the top). */
export function walkSteps(steps: readonly FlowStep[], depth = 0): { step: FlowStep; depth: number }[] {
  return steps.flatMap((step) => [
    { step, depth },
    ...(step.type === 'split' ? [...walkSteps(step.yes, depth + 1), ...walkSteps(step.no, depth + 1)] : []),
  ]);
}

export const flowDefinitionSchema = z
  .object({
    steps: z.array(flowStepSchema).max(FLOW_LIMITS.steps),
    /** An order ends the run (abandoned cart, browse and checkout abandonment, win-back). */
    exit_on_purchase: z.boolean().default(false),
    /** Win-back: days without an order before a subscriber enters. */
    win_back_days: z.number().int().min(FLOW_LIMITS.winBackDays.min).max(FLOW_LIMITS.winBackDays.max).optional(),
    utm: z
      .object({ source: z.string().trim().max(100), medium: z.string().trim().max(100), campaign: z.string().trim().max(100) })
      .default({ source: 'storecast', medium: 'email', campaign: '' }),
  })
  .superRefine((def, ctx) => {
    const all = walkSteps(def.steps);
    if (all.length > FLOW_LIMITS.steps) ctx.addIssue({ code: 'custom', path: ['steps'], message: 'errors.automation.tooManySteps' });
    if (all.some((s) => s.depth >= FLOW_LIMITS.depth)) ctx.addIssue({ code: 'custom', path: ['steps'], message: 'errors.automation.tooDeep' });
    const keys = new Set<string>();
    for (const { step } of all) {
      if (keys.has(step.key)) ctx.addIssue({ code: 'custom', path: ['steps'], message: 'errors.automation.stepKeyRepeated' });
      keys.add(step.key);
    }
  });
export type FlowDefinition = z.infer<typeof flowDefinitionSchema>;

/** A wait's length in minutes. */
export function waitMinutes(step: Pick<WaitStep, 'amount' | 'unit'>): number {
  return step.amount * (step.unit === 'days' ? 1440 : step.unit === 'hours' ? 60 : 1);
}

/**
 * Smart Send settings of a store. Defaults follow SPEC section 1: 4-6 e-mails a week to highly
 * and moderately active subscribers (S, A), 2-3 to generally active ones (B); C, who has not
 * opened, clicked or bought in 180 days, gets at most one a week, so flows they trigger
 * themselves still reach them without wearing out the sender's reputation.
 */
export const automationSettingsSchema = z.object({
  ai_managed: z.boolean().default(false),
  /** "Smart sending": skip a subscriber mailed by any flow or Segment Send within this many hours (0 turns it off). */
  smart_sending_hours: z.number().int().min(0).max(168).default(16),
  /** Flow e-mails a subscriber may get in 7 days, by activity level. */
  weekly_caps: z
    .object({ S: z.number().int().min(1).max(21), A: z.number().int().min(1).max(21), B: z.number().int().min(1).max(21), C: z.number().int().min(0).max(21) })
    .default({ S: 6, A: 6, B: 3, C: 1 }),
  /** SMS wait until the end of these hours, in the store's time zone (start > end spans midnight). */
  sms_quiet_hours: z
    .object({ start: z.number().int().min(0).max(23), end: z.number().int().min(0).max(23) })
    .default({ start: 21, end: 8 }),
});
export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

/** Why a run skipped or delayed a step, shown in the report. */
export const FLOW_SKIP_REASONS = [
  'frequency', 'weekly-cap', 'quiet-hours', 'no-email', 'no-phone', 'not-subscribed', 'no-sms-consent', 'no-volume', 'content-missing',
] as const;
export type FlowSkipReason = (typeof FLOW_SKIP_REASONS)[number];
