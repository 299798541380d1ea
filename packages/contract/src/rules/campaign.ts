import { z } from 'zod';
import { isoDateTimeSchema } from './date-time.ts';

/**
 * Campaigns of the campaign centre (/custom; SPEC sections 3, 4 and 5): what a campaign offers,
 * its look, and for lucky draws the prizes the server draws from. The offer rules of section 5
 * are checked here so the admin's form and the API refuse the same input with the same sentence.
 */

export const CAMPAIGN_TYPES = ['discount', 'full_gift', 'full_reduction', 'flash_sale', 'promotion', 'lucky_draw'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];
/** Enabled, archived (restorable) or closed (SPEC 4); a campaign saved but never enabled is a draft. */
export const CAMPAIGN_STATUSES = ['draft', 'enabled', 'archived', 'closed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** A discount, flash sale or promotion takes a percentage or an amount off; a draw is a wheel, a grid or reels. */
export const CAMPAIGN_FORMS = ['percent', 'amount', 'tiers', 'spin_wheel', 'nine_grid', 'slot_machine'] as const;
/** The forms each type may have; the first is its default. */
export const FORMS_OF_TYPE: Record<CampaignType, readonly (typeof CAMPAIGN_FORMS)[number][]> = {
  discount: ['percent', 'amount'],
  full_gift: ['tiers'],
  full_reduction: ['tiers'],
  flash_sale: ['percent', 'amount'],
  promotion: ['percent', 'amount'],
  lucky_draw: ['spin_wheel', 'nine_grid', 'slot_machine'],
};
/** How a full-gift campaign gives: one set gift per tier, or the shopper chooses one of the tier's gifts. */
export const GIFT_MODES = ['none', 'fixed', 'choice'] as const;
/** Which identity a lucky draw counts draws by (the owner chooses). */
export const DRAW_IDENTITIES = ['email', 'phone', 'visitor'] as const;
/** One draw per identity per this period (the store's days, and weeks from Monday), or once for the campaign's life. */
export const DRAW_PERIODS = ['once', 'day', 'week'] as const;
export const PRIZE_KINDS = ['coupon', 'gift', 'none'] as const;
/** What a campaign's goal (/custom/aim) counts: the report's numbers. */
export const CAMPAIGN_GOAL_METRICS = ['views', 'draws', 'redeemed', 'orders', 'revenue'] as const;
/** What `save` does to an enabled campaign (SPEC 4): change it in place, or leave it and save a new one. */
export const CAMPAIGN_SAVE_MODES = ['update', 'save_as_new'] as const;

export const CAMPAIGN_LIMITS = {
  nameMax: 50,
  tiersMax: 10,
  prizesMin: 2,
  prizesMax: 12,
  prizeLabelMax: 40,
  stockMax: 1_000_000,
  amountMax: 100_000_000,
  urlMax: 2000,
  pageSizeMax: 100,
  /** Campaigns a store may keep (closed and archived ones count). */
  perStoreMax: 500,
  /** Segment Sends, and apart from them flows, that one campaign may name as its promoters. */
  promotersMax: 50,
} as const;

const key = (k: string) => `errors.campaign.${k}`;
const hasTwoDecimalsAtMost = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;
/** An amount (SPEC 5): positive, with at most two decimals. */
export const amountSchema = z.number({ error: key('amount') }).positive({ error: key('amount') })
  .max(CAMPAIGN_LIMITS.amountMax, { error: key('amount'), abort: true })
  .refine(hasTwoDecimalsAtMost, { error: key('amount') });
/** An offer value (SPEC 5): percent off, a whole number 1-99. */
export const offerValueSchema = z.number({ error: key('offerValue') }).int({ error: key('offerValue') })
  .min(1, { error: key('offerValue') }).max(99, { error: key('offerValue') });

const color = z.string().max(7, { error: key('color'), abort: true }).regex(/^#[0-9a-fA-F]{6}$/, { error: key('color') });
const link = z.string().trim().max(CAMPAIGN_LIMITS.urlMax, { error: key('link'), abort: true })
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), { error: key('link') });
const presetId = z.string().max(40, { error: key('couponNotFound'), abort: true });

/**
 * One threshold: an order amount and what it earns. Which fields count depends on the type:
 * a percentage (`offer_value`), an amount off (`offer_amount`, below the order amount), or a gift
 * whose own price (`gift_price`) is above the price the shopper pays for it (`assigned_gift_price`).
 */
export const campaignTierSchema = z.object({
  order_amount: amountSchema,
  offer_value: offerValueSchema.optional(),
  offer_amount: amountSchema.optional(),
  gift_name: z.string().trim().max(CAMPAIGN_LIMITS.prizeLabelMax, { error: key('labelTooLong'), abort: true }).optional(),
  gift_price: amountSchema.optional(),
  assigned_gift_price: amountSchema.optional(),
});
export type CampaignTier = z.output<typeof campaignTierSchema>;

const labelSchema = z.string().trim().max(CAMPAIGN_LIMITS.prizeLabelMax, { error: key('labelTooLong'), abort: true })
  .min(1, { error: key('labelRequired') });

export const drawPrizeSchema = z.object({
  /** An existing prize's id keeps its stock count across edits; a new prize has none. */
  id: z.string().max(40).optional(),
  kind: z.enum(PRIZE_KINDS),
  label: z.object({ 'zh-CN': labelSchema, 'en-US': labelSchema }),
  coupon_preset_id: presetId.nullable().default(null),
  /** Percent, at most two decimals; the prizes' add up to 100. */
  probability: z.number({ error: key('probability') }).min(0, { error: key('probability') }).max(100, { error: key('probability') })
    .refine(hasTwoDecimalsAtMost, { error: key('probability') }),
  /** How many can be won; null for "no prize", which never runs out. */
  stock: z.number({ error: key('stock') }).int({ error: key('stock') }).min(0, { error: key('stock') })
    .max(CAMPAIGN_LIMITS.stockMax, { error: key('stock') }).nullable().default(null),
});
export type DrawPrizeInput = z.input<typeof drawPrizeSchema>;

export const drawSettingsSchema = z.object({
  identity: z.enum(DRAW_IDENTITIES).default('email'),
  period: z.enum(DRAW_PERIODS).default('once'),
  prizes: z.array(drawPrizeSchema).min(CAMPAIGN_LIMITS.prizesMin, { error: key('prizesCount') })
    .max(CAMPAIGN_LIMITS.prizesMax, { error: key('prizesCount') }),
});

export const campaignFieldsSchema = z.object({
  name: z.string({ error: key('nameRequired') }).trim().max(CAMPAIGN_LIMITS.nameMax, { error: key('nameTooLong'), abort: true })
    .min(1, { error: key('nameRequired') }),
  type: z.enum(CAMPAIGN_TYPES),
  form: z.enum(CAMPAIGN_FORMS),
  gift_mode: z.enum(GIFT_MODES).default('none'),
  thresholds: z.array(campaignTierSchema).max(CAMPAIGN_LIMITS.tiersMax, { error: key('tooManyTiers') }).default([]),
  banner_url: link.default(''),
  collection_url: link.default(''),
  theme_color: color.default('#1677ff'),
  font_color: color.default('#ffffff'),
  /** A flash sale's window; optional for the others. */
  starts_at: isoDateTimeSchema(key('window')).nullable().default(null),
  ends_at: isoDateTimeSchema(key('window')).nullable().default(null),
  coupon_preset_id: presetId.nullable().default(null),
  /** Each shopper gets a code of their own made from the preset, instead of the preset's shared code. */
  unique_codes: z.boolean().default(false),
  draw: drawSettingsSchema.nullable().default(null),
});
export type CampaignFields = z.output<typeof campaignFieldsSchema>;

/**
 * A campaign's goal (/custom/aim): a number of the report to reach over the campaign's life. Kept
 * apart from the campaign's fields, so setting it never asks "update or save as new".
 */
export const campaignGoalSchema = z.object({
  metric: z.enum(CAMPAIGN_GOAL_METRICS),
  /** A count, or revenue in minor units of the store's currency. */
  target: z.number({ error: key('goalTarget') }).int({ error: key('goalTarget') }).min(1, { error: key('goalTarget') })
    .max(CAMPAIGN_LIMITS.amountMax * 100, { error: key('goalTarget') }),
});
export type CampaignGoal = z.infer<typeof campaignGoalSchema>;
export type CampaignFieldsInput = z.input<typeof campaignFieldsSchema>;

type Issue = { path: (string | number)[]; message: string };

/** The offer rules of SPEC section 5 that span fields, as issues at the field to mark. */
export function campaignIssues(c: CampaignFields): Issue[] {
  const out: Issue[] = [];
  if (!FORMS_OF_TYPE[c.type].includes(c.form)) out.push({ path: ['form'], message: key('form') });
  const tiered = c.type === 'full_gift' || c.type === 'full_reduction';
  const offered = c.type === 'discount' || c.type === 'flash_sale' || c.type === 'promotion';
  if ((tiered || offered) && c.thresholds.length === 0) out.push({ path: ['thresholds'], message: key('thresholdsNotSet') });
  c.thresholds.forEach((t, i) => {
    const at = (f: string) => ['thresholds', i, f];
    const percent = offered && c.form === 'percent';
    if (percent && t.offer_value === undefined) out.push({ path: at('offer_value'), message: key('offerValue') });
    if ((c.type === 'full_reduction' || (offered && c.form === 'amount')) && t.offer_amount === undefined) {
      out.push({ path: at('offer_amount'), message: key('amount') });
    }
    if (t.offer_amount !== undefined && t.offer_amount >= t.order_amount) out.push({ path: at('offer_amount'), message: key('offerBelowOrder') });
    if (c.type === 'full_gift') {
      if (t.gift_price === undefined) out.push({ path: at('gift_price'), message: key('amount') });
      if (t.assigned_gift_price === undefined) out.push({ path: at('assigned_gift_price'), message: key('amount') });
    }
    if (t.gift_price !== undefined && t.assigned_gift_price !== undefined && t.gift_price <= t.assigned_gift_price) {
      out.push({ path: at('gift_price'), message: key('giftPriceAbove') });
    }
  });
  if (c.type === 'full_gift' && c.gift_mode === 'none') out.push({ path: ['gift_mode'], message: key('giftMode') });
  if (c.type === 'flash_sale' && (!c.starts_at || !c.ends_at)) out.push({ path: ['ends_at'], message: key('window') });
  if (c.starts_at && c.ends_at && new Date(c.starts_at) >= new Date(c.ends_at)) out.push({ path: ['ends_at'], message: key('window') });
  if (c.type === 'lucky_draw') out.push(...drawIssues(c));
  else if (c.draw !== null) out.push({ path: ['draw'], message: key('drawOnlyForDraws') });
  return out;
}

function drawIssues(c: CampaignFields): Issue[] {
  if (!c.draw) return [{ path: ['draw'], message: key('drawRequired') }];
  const out: Issue[] = [];
  // Hundredths, so 33.33 + 33.33 + 33.34 is exactly 100 whatever floating point makes of it.
  const sum = c.draw.prizes.reduce((s, p) => s + Math.round(p.probability * 100), 0);
  if (sum !== 10_000) out.push({ path: ['draw', 'prizes'], message: key('probabilitySum') });
  c.draw.prizes.forEach((p, i) => {
    if (p.kind === 'coupon' && !p.coupon_preset_id) out.push({ path: ['draw', 'prizes', i, 'coupon_preset_id'], message: key('couponNotFound') });
    if (p.kind !== 'none' && p.stock === null) out.push({ path: ['draw', 'prizes', i, 'stock'], message: key('stock') });
  });
  return out;
}

/** The fields with the cross-field rules applied, as the save route takes them. */
export const campaignBodySchema = campaignFieldsSchema.superRefine((c, ctx) => {
  for (const issue of campaignIssues(c)) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
