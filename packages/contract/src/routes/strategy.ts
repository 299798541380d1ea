import { z } from 'zod';
import { emailDocSchema } from '../rules/email-content.ts';
import { pageSchema } from '../rules/segment.ts';
import { defineRoute } from './define-route.ts';

/**
 * Strategies: a Segment Send today; Smart Send flows and Element Send later reuse the same
 * record, its states (SPEC section 4) and the delivery pipeline behind it.
 */
export const STRATEGY_KINDS = ['segment'] as const;

/** SPEC section 4: draft, to be sent, sending in progress, sending complete, terminated, exception. */
export const STRATEGY_STATUSES = ['draft', 'pending', 'sending', 'completed', 'terminated', 'exception'] as const;
export type StrategyStatus = (typeof STRATEGY_STATUSES)[number];

/** Send now, send later (scheduled) or keep as a draft. */
export const SEND_MODES = ['now', 'later', 'draft'] as const;
export type SendMode = (typeof SEND_MODES)[number];

const utmSchema = z.object({
  source: z.string().trim().max(100).default('storecast'),
  medium: z.string().trim().max(100).default('email'),
  campaign: z.string().trim().max(100).default(''),
});

/** What the wizard saves; a draft may be incomplete, a send is validated in full by the server. */
export const strategyBody = z.object({
  id: z.string().max(50).optional(),
  name: z.string().trim().min(1, { error: 'errors.strategy.nameRequired' }).max(60, { error: 'errors.strategy.nameTooLong' }),
  /** The e-mail's subject line ("email title" in SPEC section 3). */
  title: z.string().trim().max(150, { error: 'errors.strategy.titleTooLong' }).default(''),
  /** Preview text shown after the subject in the inbox ("summary"). */
  summary: z.string().trim().max(200).default(''),
  segment_ids: z.array(z.string().max(50)).max(20).default([]),
  utm: utmSchema.default({ source: 'storecast', medium: 'email', campaign: '' }),
  coupon_id: z.string().max(50).nullable().default(null),
  content: emailDocSchema.nullable().default(null),
  send_mode: z.enum(SEND_MODES).default('draft'),
  /** Leave out subscribers the store mailed within its smart sending window (Smart Send settings). */
  smart_sending: z.boolean().default(false),
  /** ISO 8601 with offset; required for `later`, at least an hour ahead (SPEC section 5). */
  send_at: z.string().max(100).nullable().default(null),
});
export type StrategyBody = z.input<typeof strategyBody>;

export const strategyStatsSchema = z.object({
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  bounced: z.number().int(),
  failed: z.number().int(),
  opened: z.number().int(),
  clicked: z.number().int(),
  unsubscribed: z.number().int(),
  complaints: z.number().int(),
  orders: z.number().int(),
  /** Minor units of the store's currency. */
  revenue: z.number().int(),
});
export type StrategyStats = z.infer<typeof strategyStatsSchema>;

export const strategyListItemSchema = z.object({
  id: z.string(),
  kind: z.enum(STRATEGY_KINDS),
  name: z.string(),
  title: z.string(),
  status: z.enum(STRATEGY_STATUSES),
  send_mode: z.enum(SEND_MODES),
  send_at: z.string().nullable(),
  segment_ids: z.array(z.string()),
  stats: strategyStatsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type StrategyListItem = z.infer<typeof strategyListItemSchema>;

export const strategyDetailSchema = strategyListItemSchema.extend({
  summary: z.string(),
  utm: utmSchema,
  coupon_id: z.string().nullable(),
  content: emailDocSchema.nullable(),
  smart_sending: z.boolean(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Message key of the reason, for the exception state. */
  failure: z.string().nullable(),
});
export type StrategyDetail = z.infer<typeof strategyDetailSchema>;

export const strategyReportSchema = z.object({
  strategy: strategyListItemSchema,
  /** Attribution used for orders and revenue: window in days, by open or click. */
  attribution: z.object({ window_days: z.number().int(), trigger: z.enum(['open', 'click']) }),
  currency: z.string(),
  /** Buckets of one hour (first 48 hours) or one day, ISO start times. */
  series: z.array(z.object({ at: z.string(), sent: z.number().int(), opened: z.number().int(), clicked: z.number().int(), unsubscribed: z.number().int() })),
});

const idBody = z.object({ id: z.string().min(1).max(50) });

export const strategyRoutes = {
  list: defineRoute({
    method: 'GET', path: '/strategy/list', access: 'shop', tag: 'strategy',
    summary: 'Strategies of the store, newest first, paged',
    query: z.object({
      kind: z.enum(STRATEGY_KINDS).default('segment'),
      status: z.enum(STRATEGY_STATUSES).optional(),
      page: pageSchema.default(1),
      page_size: pageSchema.max(100).default(20),
    }),
    data: z.object({ items: z.array(strategyListItemSchema), total: z.number().int() }),
  }),
  detail: defineRoute({
    method: 'GET', path: '/strategy/detail', access: 'shop', tag: 'strategy',
    summary: 'One strategy with its content', query: idBody, data: strategyDetailSchema,
  }),
  save: defineRoute({
    method: 'POST', path: '/strategy/save', access: 'shop', tag: 'strategy',
    summary: 'Create or update a strategy and, by send_mode, keep it as a draft, send it now or schedule it',
    body: strategyBody, data: strategyDetailSchema,
  }),
  preview: defineRoute({
    method: 'POST', path: '/strategy/preview', access: 'shop', tag: 'strategy',
    summary: 'Render content with the store\'s style, personalised with sample values',
    body: z.object({ title: z.string().max(150).default(''), summary: z.string().max(200).default(''), content: emailDocSchema }),
    data: z.object({ html: z.string(), size_bytes: z.number().int(), warnings: z.array(z.string()) }),
  }),
  preflight: defineRoute({
    method: 'GET', path: '/strategy/preflight', access: 'shop', tag: 'strategy',
    summary: 'Warnings to show before sending: what does not stop a send but breaks the mailbox providers\' rules',
    query: idBody,
    data: z.object({ warnings: z.array(z.object({ key: z.string(), msg: z.string() })) }),
  }),
  audienceCount: defineRoute({
    method: 'GET', path: '/strategy/audience-count', access: 'shop', tag: 'strategy',
    summary: 'How many subscribed e-mail addresses the chosen segments reach',
    query: z.object({
      segment_ids: z.string().max(2000).default(''),
      /** Count as a send with smart sending would: without subscribers mailed within the window. */
      smart_sending: z.enum(['0', '1']).default('0'),
    }),
    data: z.object({ count: z.number().int() }),
  }),
  terminate: defineRoute({
    method: 'POST', path: '/strategy/terminate', access: 'shop', tag: 'strategy',
    summary: 'Stop a pending or sending strategy; reserved volume not used is released',
    body: idBody, data: strategyDetailSchema,
  }),
  remove: defineRoute({
    method: 'POST', path: '/strategy/delete', access: 'shop', tag: 'strategy',
    summary: 'Delete a strategy that is not sending', body: idBody, data: z.null(),
  }),
  saveAsTemplate: defineRoute({
    method: 'POST', path: '/strategy/save-as-template', access: 'shop', tag: 'strategy',
    summary: 'Keep the strategy\'s content as a template in the content library',
    body: idBody.extend({ name: z.string().trim().min(1, { error: 'errors.library.nameRequired' }).max(60) }),
    data: z.object({ template_id: z.string() }),
  }),
  report: defineRoute({
    method: 'GET', path: '/strategy/report', access: 'shop', tag: 'strategy',
    summary: 'Delivery, engagement and attributed orders of one strategy, with a time series',
    query: idBody, data: strategyReportSchema,
  }),
} as const;
