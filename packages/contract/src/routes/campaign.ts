import { z } from 'zod';
import { EMAIL_MAX } from '../rules/account.ts';
import {
  CAMPAIGN_LIMITS, CAMPAIGN_SAVE_MODES, CAMPAIGN_STATUSES, CAMPAIGN_TYPES, campaignBodySchema, campaignFieldsSchema, campaignGoalSchema,
  DRAW_IDENTITIES, DRAW_PERIODS, drawPrizeSchema, PRIZE_KINDS,
} from '../rules/campaign.ts';
import { dateRangeKeySchema } from '../rules/date-ranges.ts';
import { SHOPPER_LANGUAGES } from '../rules/popup.ts';
import { pageSchema } from '../rules/segment.ts';
import { defineRoute } from './define-route.ts';
import { publicKeySchema, visitorIdSchema } from './popup.ts';

/**
 * The campaign centre (/custom): a store's campaigns and their states (SPEC 4), and the lucky
 * draw the storefront script plays (access `storefront`: the store is named by its public key).
 */

export const campaignPrizeSchema = drawPrizeSchema.extend({
  id: z.string(),
  /** Prizes won so far, and what is left of the stock (null: never runs out). */
  won: z.number().int(),
  stock_left: z.number().int().nullable(),
});

export const campaignSchema = campaignFieldsSchema.extend({
  id: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  draw: z.object({
    identity: z.enum(DRAW_IDENTITIES), period: z.enum(DRAW_PERIODS), prizes: z.array(campaignPrizeSchema),
  }).nullable(),
  goal: campaignGoalSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignListItemSchema = campaignSchema.pick({
  id: true, name: true, type: true, form: true, status: true, starts_at: true, ends_at: true, created_at: true, updated_at: true,
}).extend({ draws: z.number().int() });

/** A Segment Send or flow that promotes a campaign. */
export const campaignUsageSchema = z.object({ kind: z.enum(['strategy', 'flow']), id: z.string(), name: z.string() });

const idBody = z.object({ id: z.string().max(40) });
const warningSchema = z.object({ key: z.string(), message: z.string() });

export const saveCampaignBody = z.object({
  id: z.string().max(40).optional(),
  /** Required when `id` names an enabled campaign (SPEC 4); otherwise ignored. */
  mode: z.enum(CAMPAIGN_SAVE_MODES).optional(),
  campaign: campaignBodySchema,
});
export type SaveCampaignBody = z.input<typeof saveCampaignBody>;

const closeOrDelete = z.object({
  /** The strategies and flows that named the campaign; their link to it is removed. */
  affected: z.array(campaignUsageSchema),
});

/** What a campaign brought, over whole days of the store's time zone (the report, /custom/strategy-report). */
const campaignReportNumbers = z.object({
  /** Times the draw (or, later, the landing page) was shown to a shopper. */
  views: z.number().int(),
  draws: z.number().int(),
  /** Draws that won a prize other than "no prize". */
  winners: z.number().int(),
  /** Won coupons used in an order. */
  redeemed: z.number().int(),
  /** Orders that used a code the campaign gave, and their total in minor units of the store's currency. */
  orders: z.number().int(),
  revenue: z.number().int(),
});
export const campaignReportSchema = z.object({
  campaign: campaignListItemSchema.omit({ draws: true }),
  range: z.object({ key: dateRangeKeySchema, start: z.string(), end: z.string() }),
  /** The goal set on /custom/aim, and how much of it the campaign reached over its whole life so far. */
  goal: campaignGoalSchema.extend({ reached: z.number().int() }).nullable(),
  currency: z.string(),
  totals: campaignReportNumbers,
  days: z.array(campaignReportNumbers.extend({ day: z.string() })),
  /** A draw's prizes in order, with what each gave in the range (won, redeemed) and its stock now. */
  prizes: z.array(z.object({
    id: z.string(), kind: z.enum(PRIZE_KINDS), label: z.object({ 'zh-CN': z.string(), 'en-US': z.string() }),
    won: z.number().int(), redeemed: z.number().int(), stock_left: z.number().int().nullable(),
  })),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

export const campaignRoutes = {
  list: defineRoute({
    method: 'GET', path: '/campaign/list', access: 'shop', tag: 'campaign',
    summary: 'The store\'s campaigns, newest first, a page at a time, filtered by status and type',
    query: z.object({
      status: z.enum(CAMPAIGN_STATUSES).optional(),
      type: z.enum(CAMPAIGN_TYPES).optional(),
      page: pageSchema.default(1),
      page_size: pageSchema.max(CAMPAIGN_LIMITS.pageSizeMax).default(20),
    }),
    data: z.object({ items: z.array(campaignListItemSchema), total: z.number().int(), page: z.number().int(), page_size: z.number().int() }),
  }),
  detail: defineRoute({
    method: 'GET', path: '/campaign/detail', access: 'shop', tag: 'campaign',
    summary: 'One campaign with its prizes\' stock', query: idBody, data: campaignSchema,
  }),
  save: defineRoute({
    method: 'POST', path: '/campaign/save', access: 'shop', tag: 'campaign',
    summary: 'Create a campaign (a draft), or change one: an enabled one with mode update or save_as_new',
    body: saveCampaignBody,
    data: z.object({ campaign: campaignSchema, warnings: z.array(warningSchema) }),
  }),
  enable: defineRoute({
    method: 'POST', path: '/campaign/enable', access: 'shop', tag: 'campaign',
    summary: 'Enable a draft campaign', body: idBody, data: campaignSchema,
  }),
  archive: defineRoute({
    method: 'POST', path: '/campaign/archive', access: 'shop', tag: 'campaign',
    summary: 'Archive a draft or enabled campaign (it stops; restore brings it back as a draft)', body: idBody, data: campaignSchema,
  }),
  restore: defineRoute({
    method: 'POST', path: '/campaign/restore', access: 'shop', tag: 'campaign',
    summary: 'Restore an archived campaign as a draft', body: idBody, data: campaignSchema,
  }),
  usage: defineRoute({
    method: 'GET', path: '/campaign/usage', access: 'shop', tag: 'campaign',
    summary: 'The strategies and flows that promote a campaign, asked before closing or deleting it',
    query: idBody, data: z.array(campaignUsageSchema),
  }),
  close: defineRoute({
    method: 'POST', path: '/campaign/close', access: 'shop', tag: 'campaign',
    summary: 'Close a campaign for good; the strategies and flows that promoted it no longer name it',
    body: idBody, data: closeOrDelete.extend({ campaign: campaignSchema }),
  }),
  report: defineRoute({
    method: 'GET', path: '/campaign/report', access: 'shop', tag: 'campaign',
    summary: 'What a campaign brought day by day: views, draws, prizes won and redeemed, orders and revenue',
    query: idBody.extend({ range: dateRangeKeySchema.default('last_30_days') }), data: campaignReportSchema,
  }),
  aim: defineRoute({
    method: 'POST', path: '/campaign/aim', access: 'shop', tag: 'campaign',
    summary: 'Set or clear the goal of a draft or enabled campaign (/custom/aim)',
    body: idBody.extend({ goal: campaignGoalSchema.nullable() }), data: campaignSchema,
  }),
  promoters: defineRoute({
    method: 'POST', path: '/campaign/promoters', access: 'shop', tag: 'campaign',
    summary: 'Set the Segment Sends and flows that promote a campaign (replacing the ones before); answers them by name',
    body: idBody.extend({
      strategies: z.array(z.string().max(40)).max(CAMPAIGN_LIMITS.promotersMax).default([]),
      flows: z.array(z.string().max(40)).max(CAMPAIGN_LIMITS.promotersMax).default([]),
    }),
    data: z.array(campaignUsageSchema),
  }),
  remove: defineRoute({
    method: 'POST', path: '/campaign/delete', access: 'shop', ownerOnly: true, tag: 'campaign',
    summary: 'Delete a campaign, its prizes and draws; the strategies and flows that promoted it no longer name it',
    body: idBody, data: closeOrDelete.extend({ deleted: z.boolean() }),
  }),
} as const;

// ---------------------------------------------------------------------------------------------
// The storefront's side: what a draw shows, and the draw itself, decided on the server.

export const publicPrizeSchema = z.object({ id: z.string(), kind: z.enum(PRIZE_KINDS), label: z.string() });

export const drawBody = z.object({
  key: publicKeySchema,
  campaign_id: z.string().max(40),
  visitor_id: visitorIdSchema,
  email: z.string().trim().max(EMAIL_MAX).optional(),
  phone: z.string().trim().max(30).optional(),
  language: z.enum(SHOPPER_LANGUAGES).default('en-US'),
  /** Honeypot: a field people never see. A bot that fills it is answered "no prize" and nothing is spent. */
  website: z.string().max(200).default(''),
});

export const campaignStorefrontRoutes = {
  drawInfo: defineRoute({
    method: 'GET', path: '/public/campaign/draw-info', access: 'storefront', tag: 'storefront',
    summary: 'A running lucky draw as the shopper sees it: its form, colours and prizes (not their odds or stock)',
    query: z.object({ key: publicKeySchema, campaign_id: z.string().max(40), language: z.enum(SHOPPER_LANGUAGES).default('en-US') }),
    data: z.object({
      id: z.string(), name: z.string(), form: z.string(), identity: z.enum(DRAW_IDENTITIES),
      theme_color: z.string(), font_color: z.string(), banner_url: z.string(), prizes: z.array(publicPrizeSchema),
    }),
  }),
  draw: defineRoute({
    method: 'POST', path: '/public/campaign/draw', access: 'storefront', tag: 'storefront',
    summary: 'One draw of a shopper: the server picks the prize by the stated odds and stock; one per identity per period',
    body: drawBody,
    data: z.object({
      /** The prize the wheel, grid or reels land on. */
      prize: publicPrizeSchema,
      coupon: z.object({ code: z.string(), discount: z.number(), description: z.string() }).nullable(),
    }),
  }),
} as const;
