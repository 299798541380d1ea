import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { isoDateTimeSchema } from './date-time.ts';

/**
 * Subscription pop-ups (SPEC sections 3 and 5): what a pop-up shows (`content`), when and to whom
 * (`conditions`), and the template gallery's labels. The storefront script and the admin's
 * preview draw the same `content`; the storefront script evaluates the same `conditions`.
 * Type-only imports of these shapes keep the storefront script free of zod.
 */

export { SHOPPER_LANGUAGES, type ShopperLanguage, shopperLanguage } from '../shopper-language.ts';

export const POPUP_LAYOUTS = ['center', 'corner', 'bar', 'fullscreen'] as const;
export const POPUP_IMAGE_POSITIONS = ['none', 'top', 'left'] as const;
/** What the form asks for: an e-mail, a phone (SMS), or both. */
export const POPUP_FIELDS = ['email', 'phone', 'email_phone'] as const;

export const POPUP_TRIGGERS = ['delay', 'scroll', 'exit_intent', 'page_views'] as const;
export const POPUP_PAGE_MODES = ['all', 'include', 'exclude'] as const;
export const POPUP_PAGE_MATCHES = ['contains', 'equals', 'starts_with'] as const;
export const POPUP_VISITORS = ['all', 'new', 'returning'] as const;
export const POPUP_SUBSCRIBERS = ['all', 'non_subscribers', 'subscribers'] as const;
export const POPUP_CUSTOMERS = ['all', 'customers', 'non_customers'] as const;

/** Gallery filters (SPEC: template target, activity, theme). */
export const TEMPLATE_TARGETS = ['email', 'phone', 'email_phone'] as const;
export const TEMPLATE_ACTIVITIES = [
  'welcome', 'newsletter', 'exit_intent', 'sms', 'holiday', 'free_shipping', 'new_arrivals', 'lucky_draw',
] as const;
export const TEMPLATE_THEMES = ['minimal', 'bold', 'elegant', 'festive', 'playful'] as const;
export const TEMPLATE_STATUSES = ['draft', 'published', 'retired'] as const;

export const POPUP_LIMITS = {
  nameMax: 50,
  titleMax: 80,
  bodyMax: 300,
  buttonMax: 30,
  placeholderMax: 60,
  consentMax: 500,
  successMax: 200,
  pageRulesMax: 20,
  pageValueMax: 300,
  delayMaxS: 3600,
  pageViewsMax: 100,
  frequencyTimesMax: 100,
  frequencyPeriodMaxDays: 365,
  daysSinceOrderMax: 3650,
  radiusMax: 32,
  templateSortMax: 100_000,
  /** Pop-ups a store may have in the pop-up centre (the subscription pop-up not counted). */
  perStoreMax: 50,
} as const;

const color = z.string().max(7, { error: 'errors.popup.color', abort: true }).regex(/^#[0-9a-fA-F]{6}$/, { error: 'errors.popup.color' });
const text = (max: number, key: string) => z.string().trim().max(max, { error: key, abort: true });
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().max(max, { error: tooLong, abort: true }).min(1, { error: required });
const positiveInt = (max: number, key: string) =>
  z.number({ error: key }).int({ error: key }).min(1, { error: key }).max(max, { error: key });

/** One language's words of a pop-up. Empty placeholders fall back to the script's own words. */
export const popupTextsSchema = z.object({
  title: requiredText(POPUP_LIMITS.titleMax, 'errors.popup.titleRequired', 'errors.popup.titleTooLong'),
  body: text(POPUP_LIMITS.bodyMax, 'errors.popup.bodyTooLong').default(''),
  email_placeholder: text(POPUP_LIMITS.placeholderMax, 'errors.popup.placeholderTooLong').default(''),
  phone_placeholder: text(POPUP_LIMITS.placeholderMax, 'errors.popup.placeholderTooLong').default(''),
  button: requiredText(POPUP_LIMITS.buttonMax, 'errors.popup.buttonRequired', 'errors.popup.buttonTooLong'),
  /** The wording the shopper agrees to; stored with each consent record as it was shown. */
  consent: requiredText(POPUP_LIMITS.consentMax, 'errors.popup.consentRequired', 'errors.popup.consentTooLong'),
  success_title: requiredText(POPUP_LIMITS.successMax, 'errors.popup.successRequired', 'errors.popup.successTooLong'),
  success_body: text(POPUP_LIMITS.successMax, 'errors.popup.successTooLong').default(''),
  /**
   * The line under the coupon code in this language. Empty shows the coupon preset's own
   * description, as the owner wrote it (a preset has one, in whatever language it was written).
   */
  coupon_note: text(POPUP_LIMITS.successMax, 'errors.popup.successTooLong').default(''),
});
export type PopupTexts = z.output<typeof popupTextsSchema>;

/** What a pop-up shows. Templates carry the same document. */
export const popupContentSchema = z.object({
  layout: z.enum(POPUP_LAYOUTS).default('center'),
  fields: z.enum(POPUP_FIELDS).default('email'),
  image_url: z.string().trim().max(2000, { error: 'errors.popup.imageUrl', abort: true })
    .refine((s) => s === '' || /^https?:\/\//i.test(s), { error: 'errors.popup.imageUrl' }).default(''),
  image_position: z.enum(POPUP_IMAGE_POSITIONS).default('none'),
  colors: z.object({
    background: color.default('#ffffff'),
    text: color.default('#1f1f1f'),
    accent: color.default('#1677ff'),
    button_text: color.default('#ffffff'),
  }).prefault({}),
  radius: z.number().int().min(0).max(POPUP_LIMITS.radiusMax).default(12),
  /** A coupon preset of the store, revealed after the sign-up; null for none. */
  coupon_preset_id: z.string().max(40).nullable().default(null),
  texts: z.object({ 'zh-CN': popupTextsSchema, 'en-US': popupTextsSchema }),
});
export type PopupContent = z.output<typeof popupContentSchema>;
export type PopupContentInput = z.input<typeof popupContentSchema>;

export const popupPageRuleSchema = z.object({
  /** The owner's label for the rule (SPEC section 5: page name at most 10). */
  name: requiredText(LIMITS.popupPageNameMax, 'errors.popup.pageNameRequired', 'errors.popup.pageNameTooLong'),
  match: z.enum(POPUP_PAGE_MATCHES),
  value: requiredText(POPUP_LIMITS.pageValueMax, 'errors.popup.pageValueRequired', 'errors.popup.pageValueTooLong'),
});

/** When, where and to whom a pop-up shows. */
export const popupConditionsSchema = z.object({
  pages: z.object({
    mode: z.enum(POPUP_PAGE_MODES).default('all'),
    rules: z.array(popupPageRuleSchema).max(POPUP_LIMITS.pageRulesMax, { error: 'errors.popup.tooManyPages' }).default([]),
  }).prefault({}),
  trigger: z.object({
    type: z.enum(POPUP_TRIGGERS).default('delay'),
    delay_seconds: positiveInt(POPUP_LIMITS.delayMaxS, 'errors.popup.delaySeconds').default(LIMITS.newVisitorPopupDelayS),
    /** Percent of the page scrolled: a positive integer below 100 (SPEC section 5). */
    scroll_percent: positiveInt(LIMITS.scrollDistanceMax - 1, 'errors.popup.scrollPercent').default(50),
    page_views: positiveInt(POPUP_LIMITS.pageViewsMax, 'errors.popup.pageViews').default(2),
  }).prefault({}),
  audience: z.object({
    visitors: z.enum(POPUP_VISITORS).default('all'),
    subscribers: z.enum(POPUP_SUBSCRIBERS).default('non_subscribers'),
    customers: z.enum(POPUP_CUSTOMERS).default('all'),
    /** With `customers`: only those whose last order is at least this many days old; null for any. */
    days_since_order: positiveInt(POPUP_LIMITS.daysSinceOrderMax, 'errors.popup.daysSinceOrder').nullable().default(null),
  }).prefault({}),
  /** At most `times` showings per visitor in any `period_days` days. */
  frequency: z.object({
    times: positiveInt(POPUP_LIMITS.frequencyTimesMax, 'errors.popup.frequency').default(1),
    period_days: positiveInt(POPUP_LIMITS.frequencyPeriodMaxDays, 'errors.popup.frequency').default(1),
  }).prefault({}),
  /** Never show again to a visitor who signed up through any pop-up of the store. */
  stop_after_sign_up: z.boolean().default(true),
  schedule: z.object({
    start_at: isoDateTimeSchema('errors.popup.schedule').nullable().default(null),
    end_at: isoDateTimeSchema('errors.popup.schedule').nullable().default(null),
  }).prefault({}).refine(
    (s) => !s.start_at || !s.end_at || new Date(s.start_at) < new Date(s.end_at),
    { error: 'errors.popup.scheduleOrder', path: ['end_at'] },
  ),
});
export type PopupConditions = z.output<typeof popupConditionsSchema>;
export type PopupConditionsInput = z.input<typeof popupConditionsSchema>;

export const popupNameSchema = requiredText(POPUP_LIMITS.nameMax, 'errors.popup.nameRequired', 'errors.popup.nameTooLong');

/** Sort value of a template: 0 or a positive integer (SPEC section 5). */
export const templateSortSchema = z.number({ error: 'errors.popup.sort' }).int({ error: 'errors.popup.sort' })
  .min(0, { error: 'errors.popup.sort' }).max(POPUP_LIMITS.templateSortMax, { error: 'errors.popup.sort' });

export const templateLabelsSchema = z.object({
  name_zh: requiredText(POPUP_LIMITS.nameMax, 'errors.popup.nameRequired', 'errors.popup.nameTooLong'),
  name_en: requiredText(POPUP_LIMITS.nameMax, 'errors.popup.nameRequired', 'errors.popup.nameTooLong'),
  target: z.enum(TEMPLATE_TARGETS),
  activity: z.enum(TEMPLATE_ACTIVITIES),
  theme: z.enum(TEMPLATE_THEMES),
  /** A public image URL; empty to show a drawing of the template itself. */
  cover_url: z.string().trim().max(2000).default(''),
  sort: templateSortSchema.default(0),
});
