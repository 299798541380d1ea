import { z } from 'zod';
import { emailDocSchema } from '../rules/email-content.ts';
import { pageSchema } from '../rules/segment.ts';
import { productSummarySchema } from './catalogue.ts';
import { defineRoute } from './define-route.ts';

/**
 * Strategies: one-off sends, a Segment Send (`segment`, to segments) or an Element Send
 * (`element`, six products each to the shoppers matched to it: routes/element.ts). Both share
 * the record, its states (SPEC section 4), the wizard's settings and the delivery engine.
 */
export const STRATEGY_KINDS = ['segment', 'element'] as const;
export type StrategyKind = (typeof STRATEGY_KINDS)[number];

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
  /** An Element Send is created by /element/match and saved here with its id. */
  kind: z.enum(STRATEGY_KINDS).default('segment'),
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
  /** An Element Send's numbers per product, in slot order; null for other kinds. */
  elements: z.array(z.object({
    slot: z.number().int(),
    product: productSummarySchema.nullable(),
    recipients: z.number().int(),
    sent: z.number().int(),
    opened: z.number().int(),
    clicked: z.number().int(),
    orders: z.number().int(),
    revenue: z.number().int(),
  })).nullable(),
});

/**
 * SPEC section 1's recommendations, shown where a send is set up: the discount ceiling, how often
 * to mail each activity level (with how many subscribers each has), and the hour the store's own
 * subscribers open most, in the store's time zone.
 */
export const recommendationsSchema = z.object({
  max_discount: z.number().int(),
  frequency: z.array(z.object({
    level: z.enum(['S', 'A', 'B', 'C']),
    subscribers: z.number().int(),
    per_week_min: z.number().int(),
    per_week_max: z.number().int(),
  })),
  /** Null until the store has enough opens (`min_opens`) to tell. */
  best_send_time: z.object({ weekday: z.number().int().nullable(), hour: z.number().int(), opens: z.number().int() }).nullable(),
  min_opens: z.number().int(),
  timezone: z.string(),
});
export type Recommendations = z.infer<typeof recommendationsSchema>;

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
    body: z.object({
      title: z.string().max(150).default(''),
      summary: z.string().max(200).default(''),
      content: emailDocSchema,
      /** An Element Send: its product of `slot` (default the first) stands in for the shopper's product. */
      strategy_id: z.string().max(50).optional(),
      slot: z.number().int().min(0).max(5).default(0),
    }),
    data: z.object({
      html: z.string(),
      size_bytes: z.number().int(),
      warnings: z.array(z.string()),
      /** Parameters of the warnings that take any, by key (the missing product ids of errors.content.productMissing). */
      warning_params: z.record(z.string(), z.record(z.string(), z.string())),
    }),
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
      /** An Element Send: count its matched shoppers instead (segment_ids are then ignored). */
      strategy_id: z.string().max(50).optional(),
    }),
    data: z.object({ count: z.number().int() }),
  }),
  terminate: defineRoute({
    method: 'POST', path: '/strategy/terminate', access: 'shop', tag: 'strategy',
    summary: 'Stop a pending or sending strategy; reserved volume not used is released',
    body: idBody, data: strategyDetailSchema,
  }),
  remove: defineRoute({
    method: 'POST', path: '/strategy/delete', access: 'shop', ownerOnly: true, tag: 'strategy',
    summary: 'Delete a strategy that is not sending', body: idBody, data: z.null(),
  }),
  saveAsTemplate: defineRoute({
    method: 'POST', path: '/strategy/save-as-template', access: 'shop', tag: 'strategy',
    summary: 'Keep the strategy\'s content as a template in the content library',
    body: idBody.extend({ name: z.string().trim().min(1, { error: 'errors.library.nameRequired' }).max(60) }),
    data: z.object({ template_id: z.string() }),
  }),
  recommendations: defineRoute({
    method: 'GET', path: '/strategy/recommendations', access: 'shop', tag: 'strategy',
    summary: 'Suggested discount ceiling, frequency by activity level and best send time from the store\'s opens',
    data: recommendationsSchema,
  }),
  report: defineRoute({
    method: 'GET', path: '/strategy/report', access: 'shop', tag: 'strategy',
    summary: 'Delivery, engagement and attributed orders of one strategy, with a time series',
    query: idBody, data: strategyReportSchema,
  }),
} as const;
