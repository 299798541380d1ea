import { z } from 'zod';
import {
  automationSettingsSchema, FLOW_KINDS, FLOW_SKIP_REASONS, FLOW_STEP_TYPES, flowDefinitionSchema,
} from '../rules/flow.ts';
import { flowAiNoteSchema } from '../rules/flow-ai-note.ts';
import { defineRoute } from './define-route.ts';

/** Smart Send (/automation): the store's flows, their switches, AI management and reports. */
const flowId = z.string().min(1).max(50);

export const flowSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(FLOW_KINDS),
  enabled: z.boolean(),
  /** Published version new runs enter; 0 before the first publish. */
  version: z.number().int(),
  /** The draft differs from the live version. */
  unpublished: z.boolean(),
  updated_at: z.string(),
  ai_note: flowAiNoteSchema.nullable(),
  /** Last 30 days. Revenue in minor units of the store's currency. */
  last_30_days: z.object({ entered: z.number().int(), sent: z.number().int(), orders: z.number().int(), revenue: z.number().int() }),
  /** Runs waiting for their next step now. */
  active_runs: z.number().int(),
});
export type FlowSummary = z.infer<typeof flowSummarySchema>;

export const flowDetailSchema = flowSummarySchema.extend({
  draft: flowDefinitionSchema,
  currency: z.string(),
});
export type FlowDetail = z.infer<typeof flowDetailSchema>;

const countsSchema = z.object({
  entered: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  sms_sent: z.number().int(),
  sms_clicked: z.number().int(),
  unsubscribed: z.number().int(),
  orders: z.number().int(),
  /** Minor units of the store's currency, attributed by the store's sales attribution window. */
  revenue: z.number().int(),
});

export const flowReportSchema = z.object({
  flow: flowSummarySchema,
  currency: z.string(),
  totals: countsSchema,
  /** Steps of the live version in order (branches after their split), with their numbers over every version. */
  steps: z.array(countsSchema.extend({
    key: z.string(),
    type: z.enum(FLOW_STEP_TYPES),
    /**
     * The step's place among the flow's steps of its type, from 1 (the second e-mail is 2): with
     * the type it names the step in the reader's language, never by its template's source.
     */
    number: z.number().int(),
    depth: z.number().int(),
    /** Runs that skipped or delayed this step, by reason. */
    skipped: z.array(z.object({ reason: z.enum(FLOW_SKIP_REASONS), count: z.number().int() })),
  })),
  /** One point per day in the store's time zone over the range. */
  daily: z.array(z.object({
    day: z.string(), entered: z.number().int(), sent: z.number().int(), opened: z.number().int(), clicked: z.number().int(), revenue: z.number().int(),
  })),
});
export type FlowReport = z.infer<typeof flowReportSchema>;

export const automationRoutes = {
  flows: defineRoute({
    method: 'GET', path: '/automation/flows', access: 'shop', tag: 'automation',
    summary: "The store's flows with their switch, version and last 30 days",
    data: z.object({ flows: z.array(flowSummarySchema), settings: automationSettingsSchema }),
  }),
  flow: defineRoute({
    method: 'GET', path: '/automation/flow', access: 'shop', tag: 'automation',
    summary: 'One flow with its draft definition',
    query: z.object({ id: flowId }),
    data: flowDetailSchema,
  }),
  saveFlow: defineRoute({
    method: 'POST', path: '/automation/save-flow', access: 'shop', tag: 'automation',
    summary: "Saves a flow's draft; runs in progress keep the version they entered",
    body: z.object({ id: flowId, definition: flowDefinitionSchema }),
    data: flowDetailSchema,
  }),
  publishFlow: defineRoute({
    method: 'POST', path: '/automation/publish-flow', access: 'shop', feature: 'smartSend', tag: 'automation',
    summary: 'Publishes the draft as the version new runs enter',
    body: z.object({ id: flowId }),
    data: flowDetailSchema,
  }),
  switchFlow: defineRoute({
    method: 'POST', path: '/automation/switch-flow', access: 'shop', tag: 'automation',
    summary: 'Turns a flow on (needs a verified sender e-mail and domain, and sending volume) or off',
    body: z.object({ id: flowId, enabled: z.boolean() }),
    data: flowSummarySchema,
  }),
  saveSettings: defineRoute({
    method: 'POST', path: '/automation/save-settings', access: 'shop', tag: 'automation',
    summary: 'Frequency caps, smart sending window, SMS quiet hours and AI strategy management',
    body: automationSettingsSchema,
    data: automationSettingsSchema,
  }),
  report: defineRoute({
    method: 'GET', path: '/automation/report', access: 'shop', tag: 'automation',
    summary: 'A flow per step: entered, sent, opened, clicked, SMS, orders, revenue and skips',
    query: z.object({ id: flowId, days: z.coerce.number().int().min(1).max(365).default(30) }),
    data: flowReportSchema,
  }),
} as const;
